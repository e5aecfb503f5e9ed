import { afterAll, beforeAll, expect, it } from "vitest";
import journal from "../../drizzle/meta/_journal.json";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase, resultRows } from "../../src/server/db/client";
import { createScratchDatabase, type ScratchDatabase } from "../../src/server/db/scratch-database";
import { DEFAULT_OFFER_COUNT, seedIfEmpty } from "../../src/server/seed/seed-if-empty";

// A deploy starts several processes at once on a new version: the migrations run
// once, under an advisory lock, and every process comes up on the migrated schema; on a first
// start the demo data is loaded once too.
let scratch: ScratchDatabase;
const opened: Database[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, "deploy");
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await scratch?.drop();
});

it("three processes starting together on an empty database migrate it once and all come up", async () => {
  const results = await Promise.allSettled(
    [1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url, dataDir: ":memory:" })),
  );
  for (const r of results) if (r.status === "fulfilled") opened.push(r.value);
  expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
  const [{ n }] = resultRows<{ n: number }>(
    await opened[0].db.execute("select count(*)::int as n from drizzle.__drizzle_migrations"),
  );
  expect(n).toBe(journal.entries.length);
}, 120_000);

it("three processes' first starts on one empty database load the demo catalogue once", async () => {
  const config = loadConfig({ DATABASE_URL: scratch.url, LOG_LEVEL: "silent" });
  const loaded = await Promise.all(opened.map((d) => seedIfEmpty(d, config, new Date())));
  expect(loaded.filter(Boolean)).toHaveLength(1);
  const [{ n }] = resultRows<{ n: number }>(
    await opened[0].db.execute("select count(*)::int as n from offers"),
  );
  expect(n).toBe(DEFAULT_OFFER_COUNT);
}, 180_000);
