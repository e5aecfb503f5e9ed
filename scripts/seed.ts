// npm run seed -- [--offers N] [--seed S]
// Replaces the demo data (the catalogue: offers, photos, price history, bids, banners; and every
// other area's demo rows) of the configured database: DATA_DIR (embedded PGlite) or DATABASE_URL.
// Refuses to touch an embedded database that a running server holds.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { DataDirLockedError, lockDataDir } from "../src/server/db/lock";
import { DEFAULT_DEMO_SEED, DEFAULT_OFFER_COUNT, seedDemoData } from "../src/server/seed/seed-if-empty";

function positiveInt(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) {
    throw new ConfigError(`Opcja --${name} musi być liczbą całkowitą od 1 do ${max} (podano: ${value}).`);
  }
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: { offers: { type: "string" }, seed: { type: "string" } },
    allowPositionals: false,
  });
  const offers = positiveInt("offers", values.offers, DEFAULT_OFFER_COUNT, 1_000_000);
  const seed = positiveInt("seed", values.seed, DEFAULT_DEMO_SEED, 2 ** 31 - 1);
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite w ${config.dataDir}`;
  console.log(`Ładuję dane demonstracyjne: ${offers} ofert, ziarno ${seed}, baza: ${where}`);
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await seedDemoData(database, config, { offers, seed, now: new Date() });
  } finally {
    await database.close();
    unlock();
  }
  console.log(`Gotowe w ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(`Nie można teraz załadować danych demonstracyjnych. ${err.message}`);
  } else if (err instanceof ConfigError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error((err as Error).message);
  } else {
    console.error("Ładowanie danych demonstracyjnych nie powiodło się:", err);
  }
  process.exit(1);
});
