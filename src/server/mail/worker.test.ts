import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { claimDue, enqueueMail, listOutbox } from "./outbox";
import { MailWorker } from "./worker";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: ":memory:" });
});
afterAll(() => database.close());

it("a worker that stops mid-batch finishes the e-mail in hand and gives the rest back at once, not after the lease", async () => {
  const { db } = database;
  for (let i = 1; i <= 4; i++)
    await enqueueMail(db, { to: `klient${i}@example.com`, subject: `Mail ${i}`, text: "x" });
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let sending!: () => void;
  const firstSend = new Promise<void>((r) => {
    sending = r;
  });
  const sent: string[] = [];
  const worker = new MailWorker(db, {
    async send(row) {
      sending();
      await gate;
      sent.push(row.toAddress);
    },
  });
  worker.start(60_000);
  await firstSend;
  const stopped = worker.stop();
  release();
  await stopped;

  expect(sent).toEqual(["klient1@example.com"]);
  // Another process's worker finds the other three due now (a 5-minute lease would hide them).
  const due = await claimDue(db);
  expect(due.map((r) => r.toAddress)).toEqual([
    "klient2@example.com",
    "klient3@example.com",
    "klient4@example.com",
  ]);
  const rows = await listOutbox(db);
  expect(rows.filter((r) => r.sentAt)).toHaveLength(1);
});
