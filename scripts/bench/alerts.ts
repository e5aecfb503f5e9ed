import { sql } from "drizzle-orm";
import { alertMatchKeys } from "../../src/domain/alerts/match-keys";
import { findMatchingAlerts, matchingAlerts, matchOffer, offerFacts } from "../../src/server/alerts/matching";
import { AlertsService } from "../../src/server/alerts/service";
import { systemClock } from "../../src/server/clock";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase, resultRows } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { CaptchaService } from "../../src/server/http/captcha";
import { enqueueMail } from "../../src/server/mail/outbox";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ALERTS = arg("alerts", 100_000);
const OFFERS = arg("offers", 100_000);
const SAMPLES = arg("samples", 500);
const PUBLISHED = arg("published", 1000);
const PROFILE = process.argv.includes("--broad") ? "broad" : "wizard";
const OWNERS = Math.round(ALERTS * 0.8);

const MAKES = [
  "Toyota",
  "Skoda",
  "Volkswagen",
  "Audi",
  "BMW",
  "Mercedes-Benz",
  "Kia",
  "Hyundai",
  "Ford",
  "Opel",
  "Renault",
  "Peugeot",
  "Volvo",
  "Mazda",
  "Nissan",
  "Seat",
  "Cupra",
  "Citroen",
  "Fiat",
  "Dacia",
  "Honda",
  "Suzuki",
  "Mitsubishi",
  "Jeep",
  "Land Rover",
  "Lexus",
  "Porsche",
  "Tesla",
  "MG",
  "BYD",
  "Alfa Romeo",
  "Mini",
];
const BODIES = ["sedan", "hatchback", "kombi", "suv", "bus", "van"];
const FUELS = ["PB", "ON", "HEV", "PHEV", "EL", "LPG"];
const GEARS = ["manual", "automatic"];

/** Seeded PRNG (mulberry32), so every run builds the same alerts. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20261121);
/** Popular values more often: index skewed towards the start of the list. */
const skewed = <T>(list: T[]) => list[Math.floor(rand() ** 2 * list.length)];
const some = <T>(list: T[], max: number, skew = true) => {
  const n = 1 + Math.floor(rand() * max);
  const out = new Set<T>();
  while (out.size < n) out.add(skew ? skewed(list) : list[Math.floor(rand() * list.length)]);
  return [...out];
};
const roundTo = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; label: string }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    return {
      database: await openDatabase({ dataDir: ":memory:" }),
      drop: async () => {},
      label: "PGlite (w pamięci)",
    };
  }
  const scratch = await createScratchDatabase(base, "bench_alerts");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: ":memory:" });
  const version = resultRows<{ server_version: string }>(
    await database.db.execute(sql`show server_version`),
  )[0].server_version;
  return {
    database,
    label: `PostgreSQL ${version}`,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

const ms = (t0: number) => performance.now() - t0;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (v: number) => `${v.toFixed(2)} ms`;

async function seedOffers(db: Database["db"]) {
  const t0 = performance.now();
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into offers (sale_type, make, model, body_type, fuel_type, gearbox_type, color, year, mileage,
      engine_capacity, power_hp, is_cash_available, total_price_netto, total_price_brutto,
      is_leasing_available, lease_price, is_rent_available, rent_price_netto, auction_start, auction_end,
      starting_price)
    select t.sale_type, t.make, 'Model ' || (g % 7), t.body, t.fuel, t.gear, 'czarny', 2018 + (g % 8),
      (random() * 150000)::int, 1500, 150,
      t.sale_type <> 'auction', case when t.sale_type <> 'auction' then t.price end,
      case when t.sale_type <> 'auction' then round(t.price * 1.23)::int end,
      t.sale_type <> 'auction' and random() < 0.8, round(t.price / 55.0)::int,
      t.sale_type <> 'auction' and random() < 0.6, round(t.price / 48.0)::int,
      case when t.sale_type = 'auction' then now() - interval '1 day' end,
      case when t.sale_type = 'auction' then now() + interval '3 days' end,
      case when t.sale_type = 'auction' then t.price end
    from generate_series(1, ${OFFERS}) g
    cross join lateral (select
      (array['new','afterLease','auction'])[1 + floor(random() * 2.2)::int] as sale_type,
      (${sql.param(MAKES)}::text[])[1 + floor(power(random(), 2) * ${MAKES.length})::int] as make,
      (${sql.param(BODIES)}::text[])[1 + floor(random() * ${BODIES.length})::int] as body,
      (${sql.param(FUELS)}::text[])[1 + floor(power(random(), 1.5) * ${FUELS.length})::int] as fuel,
      (${sql.param(GEARS)}::text[])[1 + floor(random() * 2)::int] as gear,
      (20000 + power(random(), 2) * 480000)::int as price
      -- Referring to g makes the subquery run per row (else it is evaluated once for all).
      where g > 0) t`);
  await db.execute(sql`analyze offers`);
  return ms(t0);
}

/**
 * Alert criteria as people set them. "wizard" (default): as the wizard makes them, always a way of
 * paying and a bound (page 1 requires one), 60% a band of ±20% around a target price and 40% only an
 * upper limit, 80% with 1-3 makes, 55% with body types, 45% with fuels, 35% with a gearbox. "broad":
 * 10% without any price (possible through the API), upper limits up to 400 000 zł, 75% with makes: a
 * new offer then meets several percent of all alerts.
 */
function randomAlert(i: number) {
  const isCompany = rand() < 0.7;
  const r = rand();
  let financing: 0 | 1 | 2;
  let priceFrom = 0;
  let priceTo = 0;
  if (PROFILE === "wizard") {
    financing = isCompany && r < 0.45 ? 1 : 2;
    const target = financing === 2 ? 30_000 + rand() ** 2 * 370_000 : 800 + rand() * 4200;
    const step = financing === 2 ? 5000 : 100;
    priceTo = roundTo(target * 1.2, step);
    if (rand() < 0.6) priceFrom = roundTo(target * 0.8, step);
  } else {
    financing = isCompany ? (r < 0.5 ? 2 : r < 0.9 ? 1 : 0) : r < 0.9 ? 2 : 0;
    if (financing === 2) {
      priceTo = rand() < 0.85 ? roundTo(40_000 + rand() * 360_000, 5000) : 0;
      if (rand() < 0.4)
        priceFrom = priceTo
          ? roundTo(priceTo * (0.4 + rand() * 0.4), 5000)
          : roundTo(30_000 + rand() * 200_000, 5000);
    } else if (financing === 1) {
      priceTo = rand() < 0.9 ? roundTo(800 + rand() * 4200, 100) : 0;
      if (rand() < 0.3) priceFrom = priceTo ? roundTo(priceTo * 0.5, 100) : roundTo(500 + rand() * 2000, 100);
    }
  }
  const alert = {
    email: `owner${1 + (i % OWNERS)}@example.com`,
    ownerId: 1 + (i % OWNERS),
    isCompany,
    financing,
    priceFrom,
    priceTo,
    makes: rand() < (PROFILE === "wizard" ? 0.8 : 0.75) ? some(MAKES, 3) : [],
    bodyTypes: rand() < 0.55 ? some(BODIES, 2, false) : [],
    fuelTypes: rand() < 0.45 ? some(FUELS, 2) : [],
    gearboxTypes: rand() < 0.35 ? [GEARS[Math.floor(rand() * 2)]] : [],
  };
  return { ...alert, keys: alertMatchKeys(alert) };
}

async function seedAlerts(db: Database["db"]) {
  const t0 = performance.now();
  await db.execute(sql`
    insert into car_alert_owners (email)
    select 'owner' || g || '@example.com' from generate_series(1, ${OWNERS}) g`);
  let keys = 0;
  const chunk = 2000;
  for (let start = 0; start < ALERTS; start += chunk) {
    const batch = [];
    for (let i = start; i < Math.min(ALERTS, start + chunk); i++) {
      const a = randomAlert(i);
      keys += a.keys.length;
      batch.push({
        owner_id: a.ownerId,
        email: a.email,
        is_company: a.isCompany,
        financing: a.financing,
        price_from: a.priceFrom,
        price_to: a.priceTo,
        body_types: a.bodyTypes,
        fuel_types: a.fuelTypes,
        gearbox_types: a.gearboxTypes,
        makes: a.makes,
        makes_lower: a.makes.map((m) => m.toLowerCase()),
        match_keys: a.keys,
        captcha_id: `bench-${i}`,
      });
    }
    await db.execute(sql`
      insert into car_alerts (owner_id, email, is_company, financing, price_from, price_to, body_types,
        fuel_types, gearbox_types, makes, makes_lower, match_keys, captcha_id, status,
        rules_accepted_at, marketing_accepted_at, activated_at)
      select x.owner_id, x.email, x.is_company, x.financing, x.price_from, x.price_to,
        array(select jsonb_array_elements_text(x.body_types)), array(select jsonb_array_elements_text(x.fuel_types)),
        array(select jsonb_array_elements_text(x.gearbox_types)), array(select jsonb_array_elements_text(x.makes)),
        array(select jsonb_array_elements_text(x.makes_lower)), array(select jsonb_array_elements_text(x.match_keys)),
        x.captcha_id, 'active', now(), now(), now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(owner_id int, email text, is_company boolean,
        financing int, price_from int, price_to int, body_types jsonb, fuel_types jsonb, gearbox_types jsonb,
        makes jsonb, makes_lower jsonb, match_keys jsonb, captcha_id text)`);
  }
  // As autovacuum would soon after: the visibility map lets the lookup read the key index alone.
  await db.execute(sql`vacuum analyze car_alerts`);
  await db.execute(sql`vacuum analyze car_alert_keys`);
  return { ms: ms(t0), keys };
}

class Rollback extends Error {}

/** Runs fn in a transaction that is always rolled back. */
async function rolledBack(
  db: Database["db"],
  fn: (tx: Parameters<Parameters<Database["db"]["transaction"]>[0]>[0]) => Promise<void>,
) {
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
}

async function main() {
  const { database, drop, label } = await freshDatabase();
  const db = database.db;
  console.log(
    `Baza: ${label}; alerty: ${ALERTS} (profil ${PROFILE}), właściciele: ${OWNERS}, oferty: ${OFFERS}`,
  );
  try {
    console.log(`Oferty wstawione w ${fmt(await seedOffers(db))}`);
    const seeded = await seedAlerts(db);
    console.log(
      `Alerty wstawione w ${fmt(seeded.ms)} (klucze indeksu: ${seeded.keys}, średnio ${(seeded.keys / ALERTS).toFixed(1)} na alert)`,
    );

    const ids = resultRows<{ id: number }>(
      await db.execute(sql`select id from offers order by md5(id::text) limit ${SAMPLES}`),
    ).map((r) => r.id);

    // The plan of the lookup for one offer, to show the key index at work.
    const sample = await offerFacts(db, ids[0], new Date());
    if (sample) {
      await rolledBack(db, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = resultRows<{ "QUERY PLAN": string }>(
          await tx.execute(
            sql`explain (analyze, costs off, timing off, summary on) ${matchingAlerts(sample)}`,
          ),
        );
        console.log("Plan wyszukania (jedna oferta):");
        for (const r of plan) if (!r["QUERY PLAN"].includes("Cond:")) console.log(`  ${r["QUERY PLAN"]}`);
      });
    }

    // Warm-up, then the measured runs; each in a transaction rolled back, so runs do not affect each other.
    const find: number[] = [];
    const record: number[] = [];
    let matched = 0;
    for (const [n, id] of [...ids.slice(0, 20), ...ids].entries()) {
      let tFind = 0;
      let tRecord = 0;
      let found = 0;
      await rolledBack(db, async (tx) => {
        let t0 = performance.now();
        const facts = await offerFacts(tx, id, new Date());
        if (facts) found = (await findMatchingAlerts(tx, facts)).length;
        tFind = ms(t0);
        t0 = performance.now();
        if (facts) await matchOffer(tx, facts, "published");
        tRecord = ms(t0);
      });
      if (n >= 20) {
        find.push(tFind);
        record.push(tRecord);
        matched += found;
      }
    }
    const report = (label: string, times: number[]) => {
      times.sort((a, b) => a - b);
      console.log(
        `${label} (${times.length} ofert): p50 ${fmt(pct(times, 50))}, p95 ${fmt(pct(times, 95))}, p99 ${fmt(pct(times, 99))}, max ${fmt(times[times.length - 1])}`,
      );
    };
    report("Wyszukanie alertów pasujących do nowej oferty", find);
    report("Wyszukanie i zapis dopasowań (INSERT … SELECT)", record);
    console.log(`Średnio ${(matched / find.length).toFixed(1)} pasujących alertów na ofertę`);

    // A day: PUBLISHED offers published, the matcher, then the digests.
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: ":memory:",
      PUBLIC_URL: "https://flotis.example",
    });
    const alerts = new AlertsService(
      db,
      { enqueue: enqueueMail, wake: () => {} },
      new CaptchaService(undefined, systemClock),
      config,
      systemClock,
    );
    const published = ids.slice(0, Math.min(PUBLISHED, ids.length));
    const extra = PUBLISHED - published.length;
    const more =
      extra > 0
        ? resultRows<{ id: number }>(
            await db.execute(
              sql`select id from offers where id <> all(${sql.param(published)}::int[]) order by id limit ${extra}`,
            ),
          ).map((r) => r.id)
        : [];
    const all = [...published, ...more];
    await db.execute(
      sql`insert into car_alert_jobs (offer_id, reason) select unnest(${sql.param(all)}::int[]), 'published'`,
    );
    let t0 = performance.now();
    const dayMatches = await alerts.processJobs();
    const matchMs = ms(t0);
    console.log(
      `Dopasowanie ${all.length} opublikowanych ofert (zadania): ${fmt(matchMs)} (${fmt(matchMs / all.length)} na ofertę), dopasowań: ${dayMatches}`,
    );
    t0 = performance.now();
    const digest = await alerts.buildDigests(new Date());
    const digestMs = ms(t0);
    console.log(
      `Zestawienia dnia: ${digest.digests} e-maili, ${digest.offers} pozycji, w ${fmt(digestMs)} (${fmt(digestMs / Math.max(1, digest.digests))} na e-mail)`,
    );
    t0 = performance.now();
    const again = await alerts.buildDigests(new Date());
    console.log(`Drugi przebieg tego samego dnia: ${again.digests} e-maili w ${fmt(ms(t0))}`);
  } finally {
    await drop();
    if (!process.env.BENCH_DATABASE_URL) await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
