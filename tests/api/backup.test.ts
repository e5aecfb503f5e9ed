import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { bids, leads } from "../../src/server/db/schema/index";
import { createAuction, createBidder } from "../support/auction-fixtures";

// npm run backup / npm run restore of the embedded database: refused while a
// server holds the data directory, then a copy with bids, leads and the outbox that restores into a
// fresh directory with every row.
const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const dataDir = path.join(root, "data");
const restored = path.join(root, "restored");
const file = path.join(root, "kopia.tar.gz");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const script = (command: string, env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/backup.ts", command, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

it("refuses a running server's database, then copies and restores bids, leads and the outbox", async () => {
  const database = await openDatabase({ dataDir });
  const bidder = await createBidder(database.db, { email: "kopia@firma-test.pl" });
  const auction = await createAuction(database.db);
  await database.db.insert(bids).values({ offerId: auction, userId: bidder.id, price: 41_000 });
  await database.db.insert(leads).values({ kind: "callBack", phoneNumber: "601202303", payload: {} });
  await database.close();
  fs.mkdirSync(path.join(dataDir, "outbox"));
  fs.writeFileSync(path.join(dataDir, "outbox", "1-kopia.eml"), "Subject: Kopia\r\n\r\nTreść");

  // A live process holds the directory, as a running server does.
  fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid));
  const refused = await script("backup", { DATA_DIR: dataDir }, file);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain("wymaga zatrzymanego serwera");
  expect(fs.existsSync(file)).toBe(false);
  fs.rmSync(path.join(dataDir, "server.lock"));

  const copied = await script("backup", { DATA_DIR: dataDir }, file);
  expect(copied.err).toBe("");
  expect(copied.out).toContain("Kopia zapasowa:");

  // Restoring over a database is refused; into an empty directory it is done.
  expect((await script("restore", { DATA_DIR: dataDir }, file)).err).toContain("ma już bazę");
  expect((await script("restore", { DATA_DIR: restored }, file)).code).toBe(0);
  const back = await openDatabase({ dataDir: restored });
  try {
    expect(await back.db.select({ price: bids.price, userId: bids.userId }).from(bids)).toEqual([
      { price: 41_000, userId: bidder.id },
    ]);
    expect((await back.db.select({ phone: leads.phoneNumber }).from(leads)).map((l) => l.phone)).toEqual([
      "601202303",
    ]);
  } finally {
    await back.close();
  }
  expect(fs.readFileSync(path.join(restored, "outbox", "1-kopia.eml"), "utf8")).toContain("Treść");
}, 120_000);
