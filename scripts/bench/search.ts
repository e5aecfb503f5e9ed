/**
 * Catalogue search benchmark: list requests with a search (typos, no diacritics,
 * equipment words) combined with filters and sorting, at 100 000 demo offers, through the service
 * the API and the pages use (page + count, as a list request makes them), and the suggestions.
 * Prints p50/p95 per scenario and the p95 over all list requests against the target: 20 ms on
 * PostgreSQL, 40 ms on PGlite.
 *
 *   PGLITE_SHARED_BUFFERS=128MB npx tsx scripts/bench/search.ts       # PGlite in DATA_DIR (/tmp/bench-search)
 *   DATABASE_URL=postgresql://… npx tsx scripts/bench/search.ts       # PostgreSQL (a scratch database)
 *   BENCH_DATABASE_URL=postgresql://…/bench_x npx tsx scripts/bench/search.ts   # a database kept by --keep
 *   options: --offers 100000 --runs 100
 *
 * The demo catalogue (equipment included) is generated when the database holds fewer offers; on
 * PostgreSQL in a scratch database that is dropped afterwards unless --keep.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { defaultFilter, type OfferFilter, Sorting } from "../../src/domain/catalogue/filters";
import { vocabulary } from "../../src/domain/catalogue/vocabulary";
import { createOffersService } from "../../src/server/catalogue/offers-service";
import { systemClock } from "../../src/server/clock";
import { openDatabase, resultRows } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { seedCatalogue } from "../../src/server/seed/catalogue/seed-catalogue";
import { ms, percentile } from "./stats";

const { values } = parseArgs({
  options: {
    offers: { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    keep: { type: "boolean", default: false },
  },
});
const target = Number(values.offers);
const runs = Number(values.runs);

// BENCH_DATABASE_URL: a database kept from an earlier run (--keep), used as it is.
const scratch =
  process.env.DATABASE_URL && !process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, "bench")
    : null;
const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL ?? scratch?.url,
  dataDir: process.env.DATA_DIR ?? "/tmp/bench-search",
});
const limitMs = database.kind === "postgres" ? 20 : 40;
const [{ n: have }] = resultRows<{ n: number }>(
  await database.db.execute(sql`select count(*)::int as n from offers`),
);
if (have < target) {
  const t = performance.now();
  await seedCatalogue(database.db, { offers: target, seed: 20261121, now: new Date() });
  console.log(`Dane demonstracyjne: ${target} ofert w ${((performance.now() - t) / 1000).toFixed(0)} s`);
}
// Fresh statistics and visibility map, as autovacuum keeps them on a running server.
await database.db.execute(sql`vacuum analyze offers`);
const [{ n: total }] = resultRows<{ n: number }>(
  await database.db.execute(sql`select count(*)::int as n from offers`),
);
// The figures mean little on a busy machine: say how busy it was.
console.log(
  `Baza: ${database.kind}${database.kind === "pglite" ? ` (shared_buffers ${process.env.PGLITE_SHARED_BUFFERS ?? "32MB"})` : ""}, ofert: ${total}; obciążenie maszyny (loadavg 1 min): ${os.loadavg()[0].toFixed(1)} na ${os.cpus().length} rdzeniach`,
);

const offers = createOffersService(database.db, vocabulary, () => systemClock.now());
const scenarios: { name: string; filter: (i: number) => OfferFilter }[] = [
  { name: "„skoda octavia”, cała lista, polecane", filter: () => defaultFilter({ Search: "skoda octavia" }) },
  {
    name: "„oktavia” (literówka), poleasingowe, cena do, cena rosnąco",
    filter: () =>
      defaultFilter({
        Search: "oktavia",
        SaleTypes: ["afterLease"],
        PriceTo: 150_000,
        SelectedSortingValue: Sorting.priceAsc,
      }),
  },
  {
    name: "„bmw x3” + diesel, najnowsze",
    filter: () =>
      defaultFilter({ Search: "bmw x3", FuelTypes: ["ON"], SelectedSortingValue: Sorting.newest }),
  },
  {
    name: "„kamera cofania” (wyposażenie) + SUV, strona 2",
    filter: () => defaultFilter({ Search: "kamera cofania", BodyTypes: ["suv"], Page: 2 }),
  },
  {
    name: "„hybryda toyota”, rata do, najniższy przebieg",
    filter: () =>
      defaultFilter({
        Search: "hybryda toyota",
        InstallmentTo: 3000,
        SelectedSortingValue: Sorting.mileageAsc,
      }),
  },
  {
    name: "„volvo” + nowe, prywatnie, cena malejąco",
    filter: () =>
      defaultFilter({
        Search: "volvo",
        SaleTypes: ["new"],
        IsCompany: false,
        SelectedSortingValue: Sorting.priceDesc,
      }),
  },
  {
    name: "różne słowa po kolei (marki, modele, literówki)",
    filter: (i) =>
      defaultFilter({
        Search: ["audi a4", "tesla", "kodiak", "mercedes klasa c", "elektryczny kia", "corolla"][i % 6],
      }),
  },
];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const all: number[] = [];
for (const s of scenarios) {
  for (let i = 0; i < 10; i++) await offers.list(s.filter(i)); // warm-up
  const list: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    list.push(
      await time(async () => {
        found = (await offers.list(s.filter(i))).Count;
      }),
    );
  }
  all.push(...list);
  console.log(
    `${s.name.padEnd(62)} p50 ${ms(percentile(list, 50)).padStart(8)} p95 ${ms(percentile(list, 95)).padStart(8)}  (${found} ofert)`,
  );
}
const suggest: number[] = [];
const typed = ["sk", "sko", "skod", "okt", "oktav", "bmw", "merc", "toyo"];
for (let i = 0; i < runs; i++) suggest.push(await time(() => offers.suggestions(typed[i % typed.length])));
console.log(
  `${"podpowiedzi (marki i modele z liczbą ofert)".padEnd(62)} p50 ${ms(percentile(suggest, 50)).padStart(8)} p95 ${ms(percentile(suggest, 95)).padStart(8)}`,
);
const p95 = percentile(all, 95);
console.log(`Obciążenie maszyny na koniec: ${os.loadavg()[0].toFixed(1)}`);
console.log(
  `Wszystkie zapytania listy z wyszukiwaniem: p95 ${ms(p95)} (cel ≤ ${limitMs} ms): ${p95 <= limitMs ? "OK" : "ZA WOLNO"}`,
);
await database.close();
if (scratch && !values.keep) await scratch.drop();
else if (scratch) console.log(`Baza zostaje: ${scratch.url}`);
