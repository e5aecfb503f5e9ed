import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../../src/server/mail/outbox";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe("transactional outbox", () => {
  it("delivers mail queued in a committed transaction and lists it on /dev/outbox.json", async () => {
    const { db, mail } = server.services;
    await db.transaction(async (tx) => {
      await mail.enqueue(tx, { to: "Jan.Kowalski@example.com", subject: "Witamy", text: "Dzień dobry" });
    });
    await mail.worker.wake();
    const rows = await (await fetch(`${server.url}/dev/outbox.json?to=jan.kowalski@example.com`)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe("Witamy");
    expect(rows[0].sentAt).not.toBeNull();
  });

  it("sends nothing when the transaction that queued it rolls back", async () => {
    const { db, mail } = server.services;
    await expect(
      db.transaction(async (tx) => {
        await mail.enqueue(tx, { to: "wycofany@example.com", subject: "Nie", text: "x" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await listOutbox(db, { to: "wycofany@example.com" })).toHaveLength(0);
  });
});
