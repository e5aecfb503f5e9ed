/**
 * The back-office's pages under a large database: the production server on PostgreSQL with at least
 * 100 000 offers (fill-offers.ts tops them up) and 50 000 leads (topped up here: a year of leads over
 * kinds, sources, campaigns and states, the open ones spread over three sales people), signed in as a
 * sales member through the real sign-in (password, then the authenticator's code), then each page
 * requested one after another over HTTP (nothing queues: the time is the page's own) and its p50 and
 * p95 printed. Target: every panel page ≤ 100 ms p95.
 *
 *   npm run build && npx tsx scripts/bench/panel.ts --database postgresql://…/bench_panel \
 *     [--offers 100000] [--leads 50000] [--requests 200] [--port 3711] [--profile DIR]
 *
 * `--profile DIR` starts the server with V8's CPU profiler: its .cpuprofile lands in DIR when the
 * server stops (open it in Chrome's DevTools, Performance, or read its self times).
 *
 * Use a copy of a benchmark database (CREATE DATABASE x TEMPLATE y): the server migrates it, its
 * end-of-auction job settles the auctions that have ended, and the leads and members stay there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../src/server/accounts/secrets";
import { type Database, openDatabase, resultRows } from "../../src/server/db/client";
import { newTotpSecret, totpAt } from "../../src/server/staff/totp";
import { fillOffers } from "./fill-offers";
import { ms, percentile } from "./stats";
import { waitReady } from "./yardsticks";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: process.env.DATABASE_URL },
    offers: { type: "string", default: "100000" },
    leads: { type: "string", default: "50000" },
    requests: { type: "string", default: "200" },
    port: { type: "string", default: "3711" },
    build: { type: "string", default: "build" },
    profile: { type: "string" },
  },
});
if (!values.database) throw new Error("--database postgresql://… (a copy of a benchmark database)");
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = "PanelBench2026";
const SELLERS = [
  "bench-sprzedaz-1@flotis.example",
  "bench-sprzedaz-2@flotis.example",
  "bench-sprzedaz-3@flotis.example",
];

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(resultRows<{ n: number }>(await database.db.execute(query))[0].n);

/** Three sales members with a password and a confirmed second factor; answers their ids and the first's secret. */
async function sellers(database: Database): Promise<{ ids: number[]; secret: string }> {
  const hash = await hashPassword(PASSWORD, 10);
  const secret = newTotpSecret();
  const ids: number[] = [];
  for (const [i, email] of SELLERS.entries()) {
    const [row] = resultRows<{ id: number }>(
      await database.db.execute(sql`
        insert into staff_members (email, name, role, password_hash, totp_secret, totp_confirmed_at)
        values (${email}, ${`Sprzedawca ${i + 1}`}, 'sales', ${hash}, ${secret}, now())
        on conflict ((lower(email))) do update set password_hash = excluded.password_hash,
          totp_secret = excluded.totp_secret, totp_confirmed_at = now(), totp_last_step = null, active = true
        returning id`),
    );
    ids.push(Number(row.id));
  }
  return { ids, secret };
}

/**
 * Tops the leads up to `target`: a year of them (the newest a few minutes old), a third about no
 * offer, sources and campaigns in realistic shares; those older than a day mostly closed, a few left
 * in progress or still new (past the promise), each contacted between 5 minutes and 20 hours after.
 */
async function fillLeads(database: Database, target: number, staff: number[]): Promise<number> {
  const have = await count(database, sql`select count(*)::int as n from leads`);
  if (have >= target) return have;
  const [span] = resultRows<{ lo: number; n: number }>(
    await database.db.execute(sql`select min(id)::int as lo, (max(id) - min(id) + 1)::int as n from offers`),
  );
  await database.db.execute(sql`
    insert into leads (kind, auction_id, name, surname, email, phone_number, message_body, campaign_id,
      click_id, ads_click_id, payload, created_at, status, assigned_to, status_changed_at, contacted_at)
    select kind, offer, 'Jan', 'Testowy ' || g, 'lead' || g || '@example.com',
      '600' || lpad((g % 1000000)::text, 6, '0'), 'Proszę o kontakt w sprawie finansowania.', campaign,
      case when g % 9 = 0 then 'fb' || g end, case when g % 5 = 0 then 'gclid' || g end, '{}'::jsonb,
      created, status,
      case when status = 'new' and g % 3 <> 0 then null else (${sql.raw(`array[${staff.join(",")}]`)})[1 + g % ${staff.length}] end,
      case when status <> 'new' then created + contact end,
      case when status <> 'new' then created + contact end
    from (
      select g,
        (array['question','selfFinancing','callBack'])[1 + g % 3] as kind,
        case when g % 3 <> 0 then ${span.lo} + (g::bigint * 7919 % ${span.n})::int end as offer,
        case when g % 5 = 0 then 'wiosna-2026' when g % 7 = 0 then 'zima-2026' when g % 11 = 0 then 'flota'
          when g % 13 = 0 then 'newsletter-' || (g % 12) end as campaign,
        now() - ((g::bigint * 6151) % (365 * 86400)) * interval '1 second' as created,
        case when (g::bigint * 6151) % (365 * 86400) < 86400 then
               (array['new','new','inProgress'])[1 + g % 3]
             when g % 50 = 0 then 'new' when g % 12 = 0 then 'inProgress' else 'closed' end as status,
        (5 + (g::bigint * 37) % 1200) * interval '1 minute' as contact
      from generate_series(${have + 1}::int, ${target}::int) as g
    ) s`);
  await database.db.execute(sql`vacuum analyze leads`);
  return target;
}

/** The real sign-in: the password, then the code; answers the session cookie. */
async function signIn(secret: string): Promise<string> {
  const form = (fields: Record<string, string>, cookie = "") =>
    ({
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
      body: new URLSearchParams(fields).toString(),
    }) as const;
  const first = await fetch(
    `${base}/panel/logowanie`,
    form({ intent: "sign-in", Email: SELLERS[0], Password: PASSWORD }),
  );
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("panel_session=")) throw new Error(`sign-in: ${first.status} ${await first.text()}`);
  const code = await fetch(
    `${base}/panel/logowanie/kod`,
    form({ intent: "code", Code: await totpAt(secret, new Date()) }, cookie),
  );
  const upgraded = (code.headers.get("set-cookie") ?? "").split(";")[0] || cookie;
  if (code.status !== 302) throw new Error(`second factor: ${code.status}`);
  return upgraded;
}

async function measure(pagePath: string, cookie: string, requests: number) {
  const get = async () => {
    const started = performance.now();
    const res = await fetch(base + pagePath, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pagePath}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await get());
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-panel-"));
const database = await openDatabase({ databaseUrl: values.database, dataDir: work });
let server: ChildProcess | undefined;
try {
  const offers = await fillOffers(database, Number(values.offers));
  const profiling = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  server = spawn(process.execPath, [...profiling, path.resolve(values.build, "server/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: values.database,
      DATA_DIR: path.join(work, "data"),
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Started: the migrations ran. The end-of-auction job settles the auctions that ended meanwhile first.
  await waitReady(`${base}/readyz`, server);
  for (;;) {
    const due = await count(
      database,
      sql`select count(*)::int as n from offers where sale_type = 'auction' and not auction_settled and auction_end <= now()`,
    );
    if (due === 0) break;
    console.log(`Aukcje do zamknięcia przez serwer: ${due}`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  const { ids, secret } = await sellers(database);
  const leads = await fillLeads(database, Number(values.leads), ids);
  const settled = await count(database, sql`select count(*)::int as n from auction_settlements`);
  console.log(`Baza: ${offers} ofert, ${leads} zgłoszeń, ${settled} zakończonych aukcji`);
  const cookie = await signIn(secret);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const pages: [string, string][] = [
    ["start (Moja praca)", "/panel"],
    ["statystyki, 90 dni", "/panel/statystyki"],
    ["statystyki, rok", `/panel/statystyki?od=${yearAgo}&do=${today}`],
    ["oferty", "/panel/oferty"],
    ["zgłoszenia", "/panel/zgloszenia"],
    ["zgłoszenia, moje", "/panel/zgloszenia?opiekun=me"],
    // The floor: a panel page that reads almost nothing (the session, the menu's counts, the member).
    ["moje konto (odniesienie)", "/panel/konto"],
  ];
  console.log(`\n| strona | p50 | p95 | max | (${values.requests} żądań po kolei, zalogowany sprzedawca) |`);
  console.log("| --- | --- | --- | --- | --- |");
  for (const [name, p] of pages) {
    const r = await measure(p, cookie, Number(values.requests));
    console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${p} |`);
  }
  console.log(
    `\nObciążenie maszyny: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (1, 5, 15 min)`,
  );
} finally {
  // The server's close writes its last files (a profile, the outbox) into the work directory first.
  const exited = server && server.exitCode === null ? new Promise((r) => server?.once("exit", r)) : null;
  server?.kill("SIGTERM");
  await exited;
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
}
