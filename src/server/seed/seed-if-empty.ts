import { sql } from "drizzle-orm";
import { seedTechnicalReports } from "../auctions/technical-report-seed";
import type { Config } from "../config";
import { seedContent } from "../content/seed";
import type { Database } from "../db/client";

export interface SeedOptions {
  /** How many offers the demo catalogue gets (npm run seed -- --offers N). */
  offers: number;
  /** Seed of the pseudo-random generator: the same seed gives the same catalogue. */
  seed: number;
  /** The moment auctions are placed around (upcoming, running, ending, ended). */
  now: Date;
}

export type Seeder = (database: Database, config: Config, opts: SeedOptions) => Promise<void>;

/** Each area that ships demo data adds its seeder here, in dependency order. */
const seeders: { name: string; run: Seeder }[] = [
  { name: "treści: literały, FAQ, dokumenty PDF", run: (database) => seedContent(database) },
  // After the offers: reports for the auction offers seeded before it.
  { name: "opisy stanu technicznego aukcji", run: seedTechnicalReports },
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
  await seedDemoData(database, config, { offers: 400, seed: 20261121, now: new Date() });
}
