// Seeding time of the demo catalogue: npx tsx scripts/bench/seed.ts [--sizes 400,100000] [--on pglite,postgres]
// Always on a fresh embedded PGlite (temporary folder); also on PostgreSQL when DATABASE_URL is set,
// in a temporary database created on that server and dropped afterwards (your data is not touched).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { seedCatalogue } from "../../src/server/seed/catalogue/seed-catalogue";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "400,100000" },
    on: { type: "string", default: "pglite,postgres" },
  },
});
const sizes = values.sizes!.split(",").map(Number);
const targets = values.on!.split(",");

async function run(kind: "pglite" | "postgres", offers: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-seed-"));
  const temp = kind === "postgres" ? await createScratchDatabase(process.env.DATABASE_URL!, "bench") : null;
  try {
    const database = await openDatabase({ databaseUrl: temp?.url, dataDir: dir });
    const started = performance.now();
    const stats = await seedCatalogue(database.db, { offers, seed: 20261121, now: new Date() });
    const ms = performance.now() - started;
    await database.close();
    const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
    console.log(
      `${kind.padEnd(8)} ${String(offers).padStart(7)} ofert: ${(ms / 1000).toFixed(1).padStart(6)} s ` +
        `(${Math.round((offers / ms) * 1000)} ofert/s; zdjęć ${stats.photos}, obrazów ${stats.images}, ` +
        `historii cen ${stats.priceHistory}, ofert licytacji ${stats.bids}; RSS ${rss} MB)`,
    );
  } finally {
    await temp?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of ["pglite", "postgres"] as const) {
  if (!targets.includes(kind) || (kind === "postgres" && !process.env.DATABASE_URL)) continue;
  for (const n of sizes) await run(kind, n);
}
