import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { outbox } from "../../src/server/db/schema/index";
import { createScratchDatabase, type ScratchDatabase } from "../../src/server/db/scratch-database";

// npm run outbox on a PostgreSQL deployment: the processes of a cluster each have a DATA_DIR of their
// own, so the e-mails are read from the mail queue in the database that all of them write to.
const run = promisify(execFile);
let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, "outbox_cli");
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: ":memory:" });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

it("prints the newest e-mails to an address from the database's mail queue", async () => {
  await database.db.insert(outbox).values([
    {
      toAddress: "jan@firma-test.pl",
      subject: "Aktywuj konto",
      text: "Link: https://example.pl/aktywacja/abc",
    },
    { toAddress: "ola@firma-test.pl", subject: "Inna wiadomość", text: "Nie do Jana" },
  ]);
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/outbox.ts", "JAN@firma-test.pl"],
    {
      env: { ...process.env, DATABASE_URL: scratch.url },
    },
  );
  expect(stdout).toContain("Temat: Aktywuj konto");
  expect(stdout).toContain("https://example.pl/aktywacja/abc");
  expect(stdout).toContain("(jeszcze nie wysłana)");
  expect(stdout).not.toContain("Nie do Jana");
});
