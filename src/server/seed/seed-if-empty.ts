import { sql } from "drizzle-orm";
import type { Config } from "../config";
import { seedContent } from "../content/seed";
import type { Database } from "../db/client";
import { seedCatalogue } from "./catalogue/seed-catalogue";

export interface SeedOptions {
  /** How many offers the demo catalogue gets (npm run seed -- --offers N). */
  offers: number;
  /** Seed of the pseudo-random generator: the same seed gives the same catalogue. */
  seed: number;
  /** The moment auctions are placed around (upcoming, running, ending, ended). */
  now: Date;
}

export type Seeder = (database: Database, config: Config, opts: SeedOptions) => Promise<void>;

/** Size and seed of the demo catalogue loaded on a first start and by `npm run seed` without options. */
export const DEFAULT_OFFER_COUNT = 400;
export const DEFAULT_DEMO_SEED = 20261121;

/**
 * Each area that ships demo data adds its seeder here, in dependency order. A seeder must be
 * re-runnable: `npm run seed` runs them all again on a database that already holds demo data, so each
 * replaces (or keeps) its own demo rows. Content comes first: the catalogue seeder gives the
 * electric-programme slides that content writes their pictures.
 */
const seeders: { name: string; run: Seeder }[] = [
  { name: "treści: literały, FAQ, dokumenty PDF", run: (database) => seedContent(database) },
  {
    name: "katalog ofert, zdjęcia i banery",
    run: async (database, _config, opts) => {
      await seedCatalogue(database.db, opts);
    },
  },
];

export async function seedDemoData(database: Database, config: Config, opts: SeedOptions): Promise<void> {
  for (const s of seeders) {
    const started = performance.now();
    await s.run(database, config, opts);
    console.log(`Dane demonstracyjne: ${s.name} (${Math.round(performance.now() - started)} ms)`);
  }
}

/** Loads the demo data when the database holds no offers yet; a second start reuses the data. */
export async function seedIfEmpty(database: Database, config: Config): Promise<void> {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from offers`);
  const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (n > 0) return;
  await seedDemoData(database, config, {
    offers: DEFAULT_OFFER_COUNT,
    seed: DEFAULT_DEMO_SEED,
    now: new Date(),
  });
}
