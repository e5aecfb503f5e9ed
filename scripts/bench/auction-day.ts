// An auction day under load (auction events, ADR 060): one event of --lots lots closing one after another
// every --interval seconds, --watchers watching sockets (--event-share of them on the event's page,
// watching every lot; the rest on one lot's page each), and --bidders bidders who bid mostly in each
// lot's last --window seconds (--early-share of their bids go to lots further from their end), a
// --proxy-share of them through maximum offers. Against the production build on PostgreSQL.
//
// Prints accepted bids per second, bid → watcher latency p50/p99 over every lot (from the moment a
// bidder sent an accepted bid to the moment a watcher of that lot showed its price or a higher one),
// and per lot whether it closed on time: when the last of its watchers heard auctionEnded, against its
// planned end and its end after anti-sniping extensions (the target: within 1 s). It checks every lot's
// invariants (count = bids listed, prices rising by at least a step, times rising, nothing acknowledged
// missing) and that no watcher saw a price fall or ended on another state than the server's.
//
//   npm run build && npx tsx scripts/bench/auction-day.ts --database-url postgresql://…
//     [--lots 40] [--interval 60] [--first-close 180] [--watchers 5000] [--event-share 0.2]
//     [--bidders 200] [--proxy-share 0.2] [--window 120] [--early-share 0.1] [--think-ms 1500]
//     [--watcher-processes 1] [--port 3380]
// A full day (40 lots a minute apart) runs about 45 minutes; --lots 3 --interval 20 --first-close 40
// --watchers 500 --bidders 20 checks the run itself in about two.

import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { minimumIncrement, minimumNextBid } from "../../src/domain/auctions/bidding";
import type { BidMessage } from "../../src/domain/auctions/live-store";
import { nobodyWatching } from "../../src/server/auctions/announcements";
import { AuctionEventsService } from "../../src/server/auctions/auction-events";
import { systemClock } from "../../src/server/clock";
import { openDatabase, resultRows } from "../../src/server/db/client";
import { createAuction } from "../../tests/support/auction-fixtures";
import {
  checkHistory,
  history,
  mergedLatency,
  percentile,
  postBid,
  postMaxBid,
  prepareRig,
} from "./auction-rig";
import { openLeanWatcher } from "./lean-watcher";

const { values: args } = parseArgs({
  options: {
    lots: { type: "string", default: "40" },
    interval: { type: "string", default: "60" },
    "first-close": { type: "string", default: "180" },
    watchers: { type: "string", default: "5000" },
    "event-share": { type: "string", default: "0.2" },
    bidders: { type: "string", default: "200" },
    "proxy-share": { type: "string", default: "0.2" },
    window: { type: "string", default: "120" },
    "early-share": { type: "string", default: "0.1" },
    "think-ms": { type: "string", default: "1500" },
    "watcher-processes": { type: "string", default: "1" },
    port: { type: "string", default: "3380" },
    "database-url": { type: "string" },
  },
});
if (!args["database-url"]) throw new Error("--database-url postgresql://… is required");
const LOTS = Number(args.lots);
const INTERVAL_MS = Number(args.interval) * 1000;
const W = Number(args.watchers);
const B = Number(args.bidders);
const PROXIES = Math.round(B * Number(args["proxy-share"]));
const WINDOW_MS = Number(args.window) * 1000;
const EARLY = Number(args["early-share"]);
const THINK = Number(args["think-ms"]);
const PROCESSES = Math.max(1, Number(args["watcher-processes"]));
const STARTING = 30_000;

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${s}`);
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- the event: lots created far from their end; their times are set once everyone is connected ---------
const lotIds: number[] = [];
let eventId = 0;
log(`przygotowanie: ${LOTS} aukcji co ${INTERVAL_MS / 1000} s, ${W} obserwatorów, ${B} licytujących`);
const rig = await prepareRig({
  port: Number(args.port),
  bidders: B,
  databaseUrl: args["database-url"],
  auctionMinutes: 600,
  startingPrice: STARTING,
  async prepare(db) {
    for (let i = 0; i < LOTS; i++)
      lotIds.push(await createAuction(db, { make: "Toyota", model: "Corolla", startingPrice: STARTING }));
    const events = new AuctionEventsService(db, systemClock, nobodyWatching, "http://127.0.0.1");
    const now = Date.now();
    const created = await events.create(
      {
        Name: "Dzień aukcji (pomiar)",
        StartsAt: new Date(now - 60_000),
        FirstCloseAt: new Date(now + 10 * 3_600_000),
        IntervalSeconds: INTERVAL_MS / 1000,
      },
      { id: null, name: "pomiar obciążenia" },
      lotIds,
    );
    eventId = created.id;
  },
});
log("serwer gotowy, licytujący zalogowani");

// --- watchers -------------------------------------------------------------------------------------------
interface DayResult {
  type: "result";
  bucketMs: number;
  histogram: Record<number, number>;
  received: number;
  stale: number;
  fellBack: number;
  finalWrong: number;
  watchers: number;
  ended: Record<number, { last: number; heard: number; watching: number }>;
}
const children = Array.from({ length: PROCESSES }, (_, i) => {
  const share = Math.floor(W / PROCESSES) + (i < W % PROCESSES ? 1 : 0);
  return fork(
    fileURLToPath(new URL("./auction-day-watchers.ts", import.meta.url)),
    [rig.urls.join(","), lotIds.join(","), String(share), String(args["event-share"])],
    { execArgv: ["--import", "tsx"] },
  );
});
const results = children.map(
  (child) =>
    new Promise<DayResult>((resolve, reject) => {
      child.on("message", (m: { type: string }) => m.type === "result" && resolve(m as DayResult));
      child.on("exit", (code) => code && reject(new Error(`watcher process exited with ${code}`)));
    }),
);
await Promise.all(
  children.map(
    (child) =>
      new Promise<void>((resolve) =>
        child.on("message", (m: { type: string }) => m.type === "ready" && resolve()),
      ),
  ),
);
log(`${W} obserwatorów połączonych`);

// The bidders' own view of every lot: the latest price and end, and which lots have ended.
const latest = new Map<number, { price: number; count: number; endMs: number }>();
const ended = new Set<number>();
const own = await openLeanWatcher(
  rig.url,
  lotIds,
  (m: BidMessage) => {
    const l = latest.get(m.ai);
    if (!l) return;
    // The end moves with anti-sniping; a bidder's own answer may already have brought the price.
    const endMs = Math.max(l.endMs, m.ae ? Date.parse(m.ae) : 0);
    latest.set(m.ai, m.bn > l.count ? { price: m.cp, count: m.bn, endMs } : { ...l, endMs });
  },
  (id) => ended.add(id),
);

// --- the day begins: the lots' ends from now --------------------------------------------------------------
const firstClose = Date.now() + Number(args["first-close"]) * 1000;
const planned = new Map(lotIds.map((id, i) => [id, firstClose + i * INTERVAL_MS]));
{
  const database = await openDatabase({
    databaseUrl: rig.env.DATABASE_URL,
    dataDir: "/tmp/auction-day-unused",
  });
  await database.db.execute(
    sql`update auction_events set first_close_at = ${new Date(firstClose).toISOString()}::timestamptz where id = ${eventId}`,
  );
  await database.db.execute(
    sql`update offers set auction_end = ${new Date(firstClose).toISOString()}::timestamptz
          + (lot_number - 1) * ${INTERVAL_MS / 1000} * interval '1 second' where event_id = ${eventId}`,
  );
  await database.close();
}
for (const id of lotIds) latest.set(id, { price: STARTING, count: 0, endMs: planned.get(id) as number });
log(
  `pierwsza aukcja kończy się za ${args["first-close"]} s, ostatnia za ${((firstClose - Date.now()) / 1000 + ((LOTS - 1) * INTERVAL_MS) / 1000).toFixed(0)} s`,
);

// --- bidders ----------------------------------------------------------------------------------------------
/** Per lot: [price, wall-clock ms sent] of the bids the bidders know were accepted. */
const sentAt = new Map<number, Map<number, number>>(lotIds.map((id) => [id, new Map()]));
const acknowledged = new Map<number, Set<number>>(lotIds.map((id) => [id, new Set()]));
const answerMs: number[] = [];
const refusals = new Map<string, number>();
let accepted = 0;
let maxima = 0;
const open = () => lotIds.filter((id) => !ended.has(id) && (latest.get(id)?.endMs ?? 0) > Date.now());
/** A lot in its last minutes mostly; now and then one further away. */
function pickLot(): number | null {
  const now = Date.now();
  const candidates = open();
  const closing = candidates.filter((id) => (latest.get(id)?.endMs ?? 0) - now <= WINDOW_MS);
  const pool = closing.length && Math.random() >= EARLY ? closing : candidates;
  return pool.length ? pool[Math.floor(Math.random() * pool.length)] : null;
}
const dayStarted = performance.now();
await Promise.all(
  rig.bidders.map(async (b, i) => {
    await sleep((i / B) * THINK);
    const myMax = new Map<number, number>();
    // What the car is worth to this bidder: beyond it they stop, as people do (and lots then end,
    // instead of anti-sniping extending them for as long as anyone bids).
    const worth = new Map(lotIds.map((id) => [id, Math.round(STARTING * (1.05 + Math.random() * 0.6))]));
    while (open().length) {
      const lot = pickLot();
      const l = lot === null ? undefined : latest.get(lot);
      const min = l
        ? minimumNextBid({ startingPrice: STARTING, currentPrice: l.price, bidCount: l.count })
        : 0;
      if (lot !== null && l && min <= (worth.get(lot) as number)) {
        const sent = wallNow();
        const started = performance.now();
        const proxy = i < PROXIES;
        const target = Math.min(
          worth.get(lot) as number,
          proxy
            ? min + (2 + Math.floor(Math.random() * 9)) * minimumIncrement(l.price)
            : min + Math.floor(Math.random() * 3) * minimumIncrement(l.price),
        );
        if (!proxy || target > (myMax.get(lot) ?? 0)) {
          const lotSent = sentAt.get(lot) as Map<number, number>;
          if (!proxy && !lotSent.has(target)) lotSent.set(target, sent);
          const r = proxy
            ? await postMaxBid(rig.urls[i % rig.urls.length], b.token, lot, target)
            : await postBid(rig.urls[i % rig.urls.length], b.token, lot, target);
          if (!proxy) answerMs.push(performance.now() - started);
          if (r.status === 200) {
            if (proxy) {
              maxima++;
              myMax.set(lot, target);
            } else if (!r.body.Repeated) acknowledged.get(lot)?.add(target);
            const count = r.body.BidCount ?? 0;
            const price = r.body.CurrentPrice ?? target;
            // A price nobody asked for in this request: a proxy bid the server placed.
            if (price !== target || proxy) {
              if (!lotSent.has(price)) lotSent.set(price, sent);
              acknowledged.get(lot)?.add(price);
            }
            const now = latest.get(lot);
            if (now && count > now.count) latest.set(lot, { ...now, price, count });
          } else {
            const kind = `${r.status}/${r.body.ErrorCode ?? "-"}`;
            refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
          }
        }
      }
      await sleep(THINK * (0.5 + Math.random()));
    }
  }),
);
const elapsed = (performance.now() - dayStarted) / 1000;
log("licytujący skończyli: czekam na zamknięcie aukcji");
// Every lot's closing reaches its watchers (30 s at most: one never heard is reported as such).
for (let waited = 0; ended.size < LOTS && waited < 30_000; waited += 100) await sleep(100);
await sleep(1000);
log(`zamknięte: ${ended.size} z ${LOTS}`);

// --- results ----------------------------------------------------------------------------------------------
const database = await openDatabase({
  databaseUrl: rig.env.DATABASE_URL,
  dataDir: "/tmp/auction-day-unused",
});
const rows = resultRows<{ id: number; end: Date | string }>(
  await database.db.execute(sql`select id, auction_end as "end" from offers where event_id = ${eventId}`),
);
const finalEnds = new Map(rows.map((r) => [r.id, new Date(r.end).getTime()]));
await database.close();

const problems: string[] = [];
const finish: Record<number, { sentAt: [number, number][]; top: number; count: number }> = {};
let bidsTotal = 0;
let missing = 0;
for (const lot of lotIds) {
  const h = await history(rig.url, lot);
  bidsTotal += h.Count;
  problems.push(...checkHistory(h, STARTING).map((p) => `aukcja ${lot}: ${p}`));
  if (h.Count !== h.Bids.length) problems.push(`aukcja ${lot}: Count ${h.Count}, bids ${h.Bids.length}`);
  const prices = new Set(h.Bids.map((x) => x.Price));
  for (const p of acknowledged.get(lot) ?? []) if (!prices.has(p)) missing++;
  const known = [...(sentAt.get(lot) ?? [])].filter(([p]) => prices.has(p));
  finish[lot] = { sentAt: known, top: h.Bids[0]?.Price ?? STARTING, count: h.Count };
}
accepted = bidsTotal;
for (const child of children) child.send({ type: "finish", lots: finish });
const parts = await Promise.all(results);
const sum = (key: "received" | "stale" | "fellBack" | "finalWrong" | "watchers") =>
  parts.reduce((n, r) => n + r[key], 0);
const { measured, at: latencyAt } = mergedLatency(parts);

console.log("\n=== wynik ===");
console.log(
  `dzień aukcji: ${LOTS} aukcji co ${INTERVAL_MS / 1000} s, licytacja ${elapsed.toFixed(0)} s, przyjęte oferty: ${accepted} (${(accepted / elapsed).toFixed(1)}/s średnio), ustawione maksymalne oferty: ${maxima}, odrzucenia: ${[...refusals].map(([k, n]) => `${k}: ${n}`).join(", ") || "brak"}`,
);
console.log(
  `opóźnienie oferta → obserwator: p50 ${latencyAt(50).toFixed(1)} ms, p99 ${latencyAt(99).toFixed(1)} ms, max ${latencyAt(100).toFixed(1)} ms (${measured} par obserwator–oferta; komunikatów ${sum("received")}, spóźnionych ${sum("stale")})`,
);
answerMs.sort((a, b) => a - b);
console.log(
  `odpowiedź serwera na ofertę (HTTP): p50 ${percentile(answerMs, 50).toFixed(1)} ms, p99 ${percentile(answerMs, 99).toFixed(1)} ms`,
);
let onTime = 0;
let extended = 0;
let worst = 0;
const lines: string[] = [];
for (const [i, lot] of lotIds.entries()) {
  const heard = parts.map((r) => r.ended[lot]);
  const last = Math.max(...heard.map((e) => e.last));
  const heardBy = heard.reduce((n, e) => n + e.heard, 0);
  const watching = heard.reduce((n, e) => n + e.watching, 0);
  const end = finalEnds.get(lot) ?? Number.NaN;
  const late = (last - end) / 1000;
  const moved = (end - (planned.get(lot) as number)) / 1000;
  if (moved > 0) extended++;
  if (late <= 1 && heardBy === watching) onTime++;
  worst = Math.max(worst, Number.isNaN(late) ? Number.POSITIVE_INFINITY : late);
  lines.push(
    `  nr ${i + 1}: koniec ${moved > 0 ? `przedłużony o ${moved.toFixed(0)} s` : "planowy"}, ofert ${finish[lot].count}, zakończenie usłyszane po ${late.toFixed(2)} s przez ${heardBy} z ${watching}`,
  );
}
console.log(
  `zamknięte na czas (≤ 1 s po końcu, u wszystkich obserwatorów): ${onTime} z ${LOTS}, przedłużonych: ${extended}, najpóźniej: ${worst.toFixed(2)} s`,
);
for (const line of lines) console.log(line);
console.log(
  `niezmienniki: naruszenia ${problems.length}, brakujące potwierdzone oferty: ${missing}; obserwatorzy: cena spadła ${sum("fellBack")} razy, stan końcowy inny niż na serwerze ${sum("finalWrong")} razy (${sum("watchers")} obserwatorów)`,
);
for (const p of problems.slice(0, 5)) console.log(`  problem: ${p}`);
own.close();
await rig.cleanup();
const ok = problems.length === 0 && missing === 0 && sum("fellBack") === 0 && sum("finalWrong") === 0;
console.log(ok ? "WYNIK: niezmienniki zachowane" : "WYNIK: NIEZMIENNIKI NARUSZONE");
process.exit(ok ? 0 : 1);
