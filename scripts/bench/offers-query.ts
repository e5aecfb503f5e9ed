/**
 * Offer-list query benchmark: filtered, sorted list pages and the count over a big catalogue, through
 * the same service the API and the pages use. Prints p50/p95 per scenario.
 *
 *   DATA_DIR=/tmp/bench-data npx tsx scripts/bench/offers-query.ts            # PGlite
 *   DATABASE_URL=postgresql://… npx tsx scripts/bench/offers-query.ts          # PostgreSQL
 *   options: --offers 100000 (tops the table up if fewer) --runs 200
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { defaultFilter, type OfferFilter, Sorting } from "../../src/domain/catalogue/filters";
import { vocabulary } from "../../src/domain/catalogue/vocabulary";
import { createOffersService } from "../../src/server/catalogue/offers-service";
import { systemClock } from "../../src/server/clock";
import { openDatabase } from "../../src/server/db/client";
import { fillOffers } from "./fill-offers";
import { ms, percentile } from "./stats";

const { values } = parseArgs({
  options: { offers: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } },
});
const target = Number(values.offers);
const runs = Number(values.runs);

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? "/tmp/bench-data",
});
const started = performance.now();
const total = await fillOffers(database, target);
// Fresh statistics and visibility map, as autovacuum keeps them on a running server.
await database.db.execute(sql`vacuum analyze offers`);
console.log(
  `Baza: ${database.kind}, ofert: ${total} (przygotowanie ${Math.round(performance.now() - started)} ms)`,
);

const offers = createOffersService(database.db, vocabulary, () => systemClock.now());
const makes = ["Audi", "BMW", "Toyota", "Skoda", "Volkswagen", "Kia", "Ford", "Volvo"];
const bodies = ["sedan", "hatchback", "kombi", "suv", "bus", "van"];

const scenarios: { name: string; filter: (i: number) => OfferFilter }[] = [
  { name: "cała lista, polecane, strona 1", filter: () => defaultFilter() },
  {
    name: "nowe, marka, cena rosnąco",
    filter: (i) =>
      defaultFilter({
        SaleTypes: ["new"],
        Makes: [makes[i % makes.length]],
        SelectedSortingValue: Sorting.priceAsc,
      }),
  },
  {
    name: "poleasingowe, nadwozie + paliwo + cena do, przebieg rosnąco",
    filter: (i) =>
      defaultFilter({
        SaleTypes: ["afterLease"],
        BodyTypes: [bodies[i % bodies.length]],
        FuelTypes: ["ON", "HEV"],
        PriceTo: 200_000,
        SelectedSortingValue: Sorting.mileageAsc,
      }),
  },
  {
    name: "wszystkie, 2 marki, rata do, najnowsze, strona 3",
    filter: (i) =>
      defaultFilter({
        Makes: [makes[i % makes.length], makes[(i + 3) % makes.length]],
        InstallmentTo: 3000,
        SelectedSortingValue: Sorting.newest,
        Page: 3,
      }),
  },
  {
    name: "prywatnie, cena brutto od–do, cena malejąco",
    filter: () =>
      defaultFilter({
        IsCompany: false,
        PriceFrom: 100_000,
        PriceTo: 250_000,
        SelectedSortingValue: Sorting.priceDesc,
      }),
  },
];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

for (const s of scenarios) {
  for (let i = 0; i < 10; i++) await offers.list(s.filter(i)); // warm-up
  const list: number[] = [];
  const count: number[] = [];
  for (let i = 0; i < runs; i++) {
    list.push(await time(() => offers.list(s.filter(i))));
    count.push(await time(() => offers.count(s.filter(i))));
  }
  console.log(
    `${s.name.padEnd(62)} lista (strona + liczba) p50 ${ms(percentile(list, 50))} p95 ${ms(percentile(list, 95))} | Count p50 ${ms(percentile(count, 50))} p95 ${ms(percentile(count, 95))}`,
  );
}
await database.close();
