import { sql } from "drizzle-orm";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../domain/calculator-defaults";
import { syncHeadlineInstalments } from "../catalogue/headline-sync";
import type { Config } from "../config";
import { seedContent } from "../content/seed";
import { type Database, underAdvisoryLock } from "../db/client";
import { loadCalculatorProperties, seedCalculatorProperties } from "../leads/calculator-store";
import { seedCatalogue } from "./catalogue/seed-catalogue";
import { seedDemoServiceHistory } from "./catalogue/service-history";
import { seedDemoTechnicalReports } from "./catalogue/technical-reports";

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
 * Reference data every installation needs (literals, FAQ, documents, calculator settings). These
 * seeders only add what is missing, never overwrite an edited value, and run on every start, so a
 * database created before an area existed gets that area's settings on upgrade.
 */
const referenceSeeders: { name: string; run: Seeder }[] = [
  { name: "treści: literały, FAQ, dokumenty PDF", run: (database) => seedContent(database) },
  {
    name: "ustawienia kalkulatora",
    run: (database) => seedCalculatorProperties(database.db, DEFAULT_CALCULATOR_PROPERTIES),
  },
  // After the settings: the stored "od" instalments follow the settings in force (ADR 020).
  {
    name: "raty „od” według ustawień kalkulatora",
    run: (database) => syncHeadlineInstalments(database.db).then(() => {}),
  },
];

/**
 * The demo catalogue (offers, photos, banners), loaded on a first start and by `npm run seed`, which
 * replaces it. Runs after the reference data: it gives the electric-programme slides their pictures.
 */
const demoSeeders: { name: string; run: Seeder }[] = [
  {
    name: "katalog ofert, zdjęcia i banery",
    run: async (database, _config, opts) => {
      // The reference seeders ran first: the calculator settings in force price the demo offers.
      await seedCatalogue(database.db, { ...opts, calculator: await loadCalculatorProperties(database.db) });
    },
  },
  // After the offers it describes, in the same seed (never on a later start).
  { name: "opisy stanu technicznego aukcji demonstracyjnych", run: seedDemoTechnicalReports },
  { name: "historia serwisowa samochodów poleasingowych", run: seedDemoServiceHistory },
];

/** Where each step of loading the data is told: the server's log, or the terminal of `npm run seed`. */
export interface SeedLog {
  info(fields: object, message: string): void;
}

const terminalLog: SeedLog = { info: (_fields, message) => console.log(message) };

async function runSeeders(
  list: { name: string; run: Seeder }[],
  database: Database,
  config: Config,
  opts: SeedOptions,
  log: SeedLog,
): Promise<void> {
  for (const s of list) {
    const started = performance.now();
    await s.run(database, config, opts);
    const ms = Math.round(performance.now() - started);
    log.info({ step: s.name, ms }, `Dane: ${s.name} (${ms} ms)`);
  }
}

/** Reference data, then the demo catalogue (`npm run seed`). */
export async function seedDemoData(database: Database, config: Config, opts: SeedOptions): Promise<void> {
  await runSeeders(referenceSeeders, database, config, opts, terminalLog);
  await runSeeders(demoSeeders, database, config, opts, terminalLog);
}

/** "mkt-seed": held while a process checks for and loads the start data (see seedIfEmpty). */
const SEED_LOCK_KEY = 0x6d6b_742d_7365_6564n;

/**
 * On every start: adds missing reference data; loads the demo catalogue only when the database holds
 * no offers yet, so a second start reuses the data. True when it loaded the demo catalogue. On
 * PostgreSQL, processes starting together do this one after another (an advisory lock): each would
 * otherwise find no offers and load the demo catalogue over the others'.
 */
export async function seedIfEmpty(
  database: Database,
  config: Config,
  now: Date,
  log: SeedLog = terminalLog,
): Promise<boolean> {
  const seed = async () => {
    const opts = { offers: DEFAULT_OFFER_COUNT, seed: DEFAULT_DEMO_SEED, now };
    await runSeeders(referenceSeeders, database, config, opts, log);
    const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from offers`);
    const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (n > 0 || config.DEMO_DATA === "false") return false;
    await runSeeders(demoSeeders, database, config, opts, log);
    return true;
  };
  return database.pool ? underAdvisoryLock(database.pool, SEED_LOCK_KEY, seed) : seed();
}
