import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import type { Clock } from "../../src/server/clock";
import { type Database, openDatabase } from "../../src/server/db/client";
import {
  backupFileName,
  listBackups,
  restoreBackup,
  scheduledBackups,
  takeBackup,
} from "../../src/server/db/embedded-backup";
import { bids, offers } from "../../src/server/db/schema/index";
import { startApiServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";

// Backups of the embedded database taken while the server serves (ADR 048): a backup taken during a
// bidding run restores to the same rows up to its moment; `npm run backup` asks the running server for
// one, `npm run backups` lists them, `npm run restore` brings one into an empty DATA_DIR; the schedule
// takes one when the newest is older than the interval and keeps the newest BACKUP_KEEP.
const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const script = (command: string, env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/backup.ts", command, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

/** The auction's bids in the order they were stored, and its price and count. */
async function auctionState(database: Database, auctionId: number) {
  const rows = await database.db
    .select({ id: bids.id, userId: bids.userId, price: bids.price })
    .from(bids)
    .where(eq(bids.offerId, auctionId))
    .orderBy(asc(bids.id));
  const [offer] = await database.db
    .select({ price: offers.currentPrice, count: offers.bidCount })
    .from(offers)
    .where(eq(offers.id, auctionId));
  return { bids: rows, price: offer.price, count: offer.count };
}

it("a backup taken while bids arrive restores to the same rows up to its moment; the commands ask the running server and restore into an empty DATA_DIR", async () => {
  const dataDir = path.join(root, "served");
  fs.mkdirSync(dataDir);
  const server = await startApiServer({ DATA_DIR: dataDir, RATE_LIMITS_SCALE: "100" });
  try {
    const { db } = server.services.database;
    const auctionId = await createAuction(db, { startingPrice: 10_000 });
    const bidders = await Promise.all(
      [0, 1, 2].map(async () => signIn(server.url, await createBidder(db, { outbidMails: false }))),
    );
    // Three bidders raise each other while the backup is taken in the middle of the run.
    let stop = false;
    let minimum = 10_100;
    const accepted: number[] = [];
    const bidding = Promise.all(
      bidders.map(async (token) => {
        while (!stop) {
          const price = minimum;
          const answer = await bid(server.url, token, { AuctionId: auctionId, Price: price });
          if (answer.status === 200) accepted.push(price);
          minimum = Math.max(minimum, Number(answer.body.MinimumBid ?? price + 100));
        }
      }),
    );
    while (accepted.length < 15) await new Promise((r) => setTimeout(r, 5));
    const backup = await takeBackup(server.services.database, {
      dir: path.join(root, "drill"),
      now: new Date(),
    });
    const atBackup = accepted.length;
    while (accepted.length < atBackup + 15) await new Promise((r) => setTimeout(r, 5));
    stop = true;
    await bidding;

    const live = await auctionState(server.services.database, auctionId);
    const restoredDir = path.join(root, "drill-restored");
    await restoreBackup(backup.file, restoredDir);
    const back = await openDatabase({ dataDir: restoredDir });
    const restored = await auctionState(back, auctionId).finally(() => back.close());
    // The backup holds a beginning of the bids, exactly as they were stored, and the auction as it
    // stood after the last of them: nothing half-written, nothing from after.
    expect(restored.bids.length).toBeGreaterThanOrEqual(15);
    expect(restored.bids.length).toBeLessThan(live.bids.length);
    expect(restored.bids).toEqual(live.bids.slice(0, restored.bids.length));
    expect(restored.price).toBe(Math.max(...restored.bids.map((b) => b.price)));
    expect(restored.count).toBe(restored.bids.length);
    expect(live.bids.length).toBe(accepted.length);

    // `npm run backup` with the server holding the directory (its lock, as a running server holds it):
    // the server takes the backup into BACKUP_DIR.
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid));
    const taken = await script("backup", { DATA_DIR: dataDir });
    expect(taken.err).toBe("");
    expect(taken.out).toMatch(/^Kopia zapasowa bazy: .*\/backups\/kopia-\d{8}-\d{6}\.tar\.gz \(\d/);
    const listed = await script("list", { DATA_DIR: dataDir });
    expect(listed.out).toContain("Kopie zapasowe w");
    expect(listed.out).toContain(path.basename(listBackups(path.join(dataDir, "backups"))[0].file));
    fs.rmSync(path.join(dataDir, "server.lock"));

    // Restored by the command into an empty DATA_DIR; refused over a database.
    const file = listBackups(path.join(dataDir, "backups"))[0].file;
    const target = path.join(root, "restored-by-command");
    const restoredByCommand = await script("restore", { DATA_DIR: target }, file);
    expect(restoredByCommand.out).toContain("Przywrócono");
    expect((await script("restore", { DATA_DIR: target }, file)).err).toContain("ma już bazę");
    const again = await openDatabase({ dataDir: target });
    const state = await auctionState(again, auctionId).finally(() => again.close());
    expect(state.bids).toEqual(live.bids);
  } finally {
    await server.close();
  }
}, 120_000);

it("the schedule takes a backup when the newest is older than the interval, also across restarts, and keeps the newest BACKUP_KEEP", async () => {
  const dir = path.join(root, "scheduled");
  let now = new Date("2026-11-28T01:00:00Z");
  const clock: Clock = { now: () => now };
  const database = { dump: async () => new Blob([`kopia ${now.toISOString()}`]) } as unknown as Database;
  const log = { info: () => {}, error: () => {} };
  const job = () => scheduledBackups({ database, dir, intervalHours: 24, keep: 2, clock, log });

  expect((await job().wake())?.file).toBe(path.join(dir, backupFileName(now)));
  // A restart an hour later takes none: the newest is an hour old.
  now = new Date("2026-11-28T02:00:00Z");
  expect(await job().wake()).toBeNull();
  for (const day of ["2026-11-29T01:00:00Z", "2026-11-30T01:00:00Z", "2026-12-01T01:30:00Z"]) {
    now = new Date(day);
    expect(await job().wake()).not.toBeNull();
  }
  expect(listBackups(dir).map((b) => path.basename(b.file))).toEqual([
    "kopia-20261201-013000.tar.gz",
    "kopia-20261130-010000.tar.gz",
  ]);
  expect(fs.readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
});
