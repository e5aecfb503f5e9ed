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
 *   --url http://127.0.0.1:3000   times each list request as a browser makes it of that production
 *     server (`npm start` on the same database; PAGE_CACHE_MB=0 for searches nobody made before):
 *     the list page's data, /lista-pojazdow.data?…, instead of the service; then one of those answers,
 *     the same bytes, from nginx and from Fastify alone (ports 3790 and 3791, --yardstick-port) as the
 *     yardsticks of the machine and the client
 *
 * The demo catalogue (equipment included) is generated when the database holds fewer offers; on
 * PostgreSQL in a scratch database that is dropped afterwards unless --keep.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { defaultFilter, filterToQuery, type OfferFilter, Sorting } from "../../src/domain/catalogue/filters";
import { vocabulary } from "../../src/domain/catalogue/vocabulary";
import { createOffersService } from "../../src/server/catalogue/offers-service";
import { systemClock } from "../../src/server/clock";
import { openDatabase, resultRows } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { seedCatalogue } from "../../src/server/seed/catalogue/seed-catalogue";
import { ms, percentile } from "./stats";
import { startFastifyFromMemory, startNginx, waitReady } from "./yardsticks";

const { values } = parseArgs({
  options: {
    offers: { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    keep: { type: "boolean", default: false },
    url: { type: "string" },
    "yardstick-port": { type: "string", default: "3790" },
    // The shared corpus beside the repository's directory; a worktree of it sits one level deeper.
    corpus: {
      type: "string",
      default:
        ["../shared/data/search-queries.tsv", "../../shared/data/search-queries.tsv"].find((p) =>
          fs.existsSync(p),
        ) ?? "../shared/data/search-queries.tsv",
    },
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
    name: "„vw suv automat” (słowa filtrów), polecane",
    filter: () => defaultFilter({ Search: "vw suv automat" }),
  },
  {
    name: "„rav 4 do 200 tys” (model rozdzielony, cena słowami)",
    filter: () => defaultFilter({ Search: "rav 4 do 200 tys" }),
  },
  {
    name: "„kombi od 2023 skóra” (rok i wyposażenie)",
    filter: () => defaultFilter({ Search: "kombi od 2023 skóra" }),
  },
  {
    name: "„tesla do 20 tys” (pusto: najbliższe wyszukiwanie)",
    filter: () => defaultFilter({ Search: "tesla do 20 tys" }),
  },
  {
    name: "różne słowa po kolei (marki, modele, literówki)",
    filter: (i) =>
      defaultFilter({
        Search: ["audi a4", "tesal", "kodiak", "merc klasa c", "elektryczny kia", "glof", "cx5", "bmv x1"][
          i % 8
        ],
      }),
  },
];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * The list's data as the browser asks for it when a search or a filter changes the list: the root's
 * loader does not revalidate (root.tsx), so React Router names the one route to load (`_routes`).
 */
const browserDataAddress = (f: OfferFilter) => {
  const q = filterToQuery(f);
  q.set("_routes", "list-lista-pojazdow");
  return `/lista-pojazdow.data?${q}`;
};

/** One list request as timed: through the service, or (--url) the list page's data from a server. */
const listOnce = values.url
  ? async (f: OfferFilter) => {
      const res = await fetch(`${values.url}${browserDataAddress(f)}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${values.url}: HTTP ${res.status}`);
    }
  : (f: OfferFilter) => offers.list(f);
console.log(
  values.url ? `Mierzone przez HTTP: ${values.url}/lista-pojazdow.data` : "Mierzone w usłudze ofert",
);

const all: number[] = [];
for (const s of scenarios) {
  for (let i = 0; i < 10; i++) await listOnce(s.filter(i)); // warm-up
  const list: number[] = [];
  for (let i = 0; i < runs; i++) list.push(await time(() => listOnce(s.filter(i))));
  const found = (await offers.list(s.filter(0))).Count;
  all.push(...list);
  console.log(
    `${s.name.padEnd(62)} p50 ${ms(percentile(list, 50)).padStart(8)} p95 ${ms(percentile(list, 95)).padStart(8)}  (${found} ofert)`,
  );
}
const suggest: number[] = [];
const typed = ["sk", "sko", "skod", "okt", "oktav", "bmw", "merc", "toyo", "skóra", "suv automat"];
for (let i = 0; i < runs; i++) suggest.push(await time(() => offers.suggestions(typed[i % typed.length])));
console.log(
  `${"podpowiedzi (marki i modele z liczbą ofert)".padEnd(62)} p50 ${ms(percentile(suggest, 50)).padStart(8)} p95 ${ms(percentile(suggest, 95)).padStart(8)}`,
);
if (values.url) await yardsticks(values.url, scenarios[2]);
await searchQuality();
const p95 = percentile(all, 95);
console.log(`Obciążenie maszyny na koniec: ${os.loadavg()[0].toFixed(1)}`);
console.log(
  `Wszystkie zapytania listy z wyszukiwaniem: p95 ${ms(p95)} (cel ≤ ${limitMs} ms): ${p95 <= limitMs ? "OK" : "ZA WOLNO"}`,
);
await database.close();
if (scratch && !values.keep) await scratch.drop();
else if (scratch) console.log(`Baza zostaje: ${scratch.url}`);

/**
 * Search quality on the shared corpus of queries as buyers type them (query TAB criteria as JSON, the
 * format of search-quality.py), on this database: per query, the offers its criteria select (the
 * list's own filters), those the search finds, and both. Precision: found offers that match; recall:
 * matching offers found; zero results: queries whose cars exist and the search finds none.
 */
async function searchQuality() {
  if (!fs.existsSync(values.corpus)) {
    console.log(`Korpus zapytań ${values.corpus} nie istnieje: bez jakości wyszukiwania.`);
    return;
  }
  type Criteria = {
    makes?: string[];
    models?: string[];
    fuels?: string[];
    gearboxes?: string[];
    bodies?: string[];
    yearMin?: number;
    priceMax?: number;
  };
  const criteria = (c: Criteria): Partial<OfferFilter> => ({
    Makes: c.makes ?? [],
    Models: c.models ?? [],
    FuelTypes: c.fuels ?? [],
    GearBoxTypes: c.gearboxes ?? [],
    BodyTypes: c.bodies ?? [],
    YearFrom: c.yearMin,
    // Netto is the lower price: "netto or brutto satisfies" is the company's (netto) bound.
    PriceTo: c.priceMax,
  });
  const precisions: number[] = [];
  const recalls: number[] = [];
  const zero: string[] = [];
  for (const line of fs.readFileSync(values.corpus, "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const [query, json] = line.split("\t");
    const wanted = criteria(JSON.parse(json) as Criteria);
    const truth = await offers.count(defaultFilter(wanted));
    if (!truth) continue;
    const found = await offers.count(defaultFilter({ Search: query }));
    const good = await offers.count(defaultFilter({ ...wanted, Search: query }));
    if (!found) zero.push(query);
    else precisions.push(good / found);
    recalls.push(good / truth);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `Jakość wyszukiwania (${recalls.length} zapytań z korpusu): bez wyników ${zero.length}${zero.length ? ` (${zero.slice(0, 6).join(", ")})` : ""}, precyzja ${mean(precisions).toFixed(2)}, kompletność ${mean(recalls).toFixed(2)} (cel: bez wyników ≤ 1, precyzja ≥ 0,95, kompletność ≥ 0,90)`,
  );
}

/**
 * One scenario's answer timed again from our server, then the same bytes (as sent, compressed the
 * way fetch asked) from nginx and from Fastify alone, interleaved so that each sees the same machine.
 */
async function yardsticks(base: string, scenario: (typeof scenarios)[number]) {
  const address = browserDataAddress(scenario.filter(0));
  const probe = await fetch(base + address);
  await probe.arrayBuffer();
  const headers: Record<string, string> = {
    "content-type": probe.headers.get("content-type") ?? "text/x-script",
    ...(probe.headers.get("content-encoding")
      ? { "content-encoding": probe.headers.get("content-encoding") as string }
      : {}),
  };
  const sent = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(
        base + address,
        { headers: { "accept-encoding": headers["content-encoding"] ?? "identity" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        },
      )
      .on("error", reject);
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  fs.chmodSync(work, 0o755); // nginx's worker reads as an unprivileged user
  fs.writeFileSync(path.join(work, "answer"), sent);
  const port = Number(values["yardstick-port"]);
  const { "content-type": type, ...added } = headers;
  const nginx = startNginx(work, port, work, added, type);
  const fastify = startFastifyFromMemory(port + 1, path.join(work, "answer"), headers);
  try {
    await waitReady(`http://127.0.0.1:${port}/answer`, nginx);
    await waitReady(`http://127.0.0.1:${port + 1}/answer`, fastify);
    const sources = {
      "nasz serwer (to samo zapytanie)": base + address,
      "nginx, te same bajty z pliku": `http://127.0.0.1:${port}/answer`,
      "Fastify sam, te same bajty z pamięci": `http://127.0.0.1:${port + 1}/answer`,
    };
    const times = new Map<string, number[]>(Object.keys(sources).map((k) => [k, []]));
    const once = async (url: string) => (await fetch(url)).arrayBuffer();
    for (const url of Object.values(sources)) for (let i = 0; i < 10; i++) await once(url);
    for (let i = 0; i < runs; i++)
      for (const [name, url] of Object.entries(sources)) times.get(name)?.push(await time(() => once(url)));
    console.log(`Miary odniesienia (${scenario.name}, ${(sent.length / 1024).toFixed(1)} KB wysłane):`);
    for (const [name, list] of times)
      console.log(
        `  ${name.padEnd(60)} p50 ${ms(percentile(list, 50)).padStart(8)} p95 ${ms(percentile(list, 95)).padStart(8)}`,
      );
  } finally {
    nginx.kill("SIGTERM");
    fastify.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  }
}
