import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/domain/errors";
import { startApiServer, type TestServer } from "../support/api-server";

// A failing database never ends the process (ADR 014): a query error is a 500 JSON, a database that is
// gone a 503 JSON, and the background jobs keep polling (an unhandled rejection would fail this file).
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close().catch(() => {});
  server = undefined;
});

const count = (url: string) =>
  fetch(`${url}/api/Offers/Count`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });

describe("database errors", () => {
  it("a failing query answers 500 with the error contract, and the server goes on serving", {
    timeout: 90_000,
  }, async () => {
    server = await startApiServer();
    expect((await count(server.url)).status).toBe(200);
    // The tables of the catalogue and of the mail and alert jobs disappear: every query on them fails.
    await server.services.db.execute(sql`drop table offers, outbox, car_alert_jobs cascade`);
    const res = await count(server.url);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      ErrorCode: ErrorCode.Internal,
      ErrorMessage: "Wystąpił błąd po stronie serwera.",
    });
    await Promise.all([server.services.mail.worker.wake(), server.services.alerts.wakeJobs()]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("a database that is gone answers 503 with the Polish message, and /readyz 503", {
    timeout: 90_000,
  }, async () => {
    server = await startApiServer();
    const closing = server.services.database.close();
    // PostgreSQL's pool ends only when the live hub lets go of its LISTEN connection (at server.close()),
    // but it refuses new queries at once; PGlite is gone when its close resolves.
    if (server.services.database.kind === "pglite") await closing;
    const res = await count(server.url);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({
      ErrorCode: ErrorCode.ServiceUnavailable,
      ErrorMessage: "Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.",
    });
    await Promise.all([server.services.mail.worker.wake(), server.services.auctions.closer.tick()]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
