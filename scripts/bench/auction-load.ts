// Load run of the live auctions (issue 7): W watching sockets and B concurrent bidders on one auction
// for S seconds against the production build on a loopback port. Prints accepted bids per second,
// bid-to-watcher latency (p50, p99: from the moment a bidder sent the bid to the moment a watcher got
// informAboutBid for that price), and checks afterwards that the invariants hold and that every watcher
// saw prices only rise and ended on the final price.
//
//   npm run build && npx tsx scripts/bench/auction-load.ts [--watchers 2000] [--bidders 100]
//     [--seconds 60] [--think-ms 1000] [--port 3373] [--database-url postgresql://…]

import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { minimumIncrement, minimumNextBid } from "../../src/domain/auctions/bidding";
import { applyBid, type BidMessage, type LiveAuction } from "../../src/domain/auctions/live-store";
import { checkHistory, history, openWatcher, percentile, postBid, prepareRig } from "./auction-rig";

const { values: args } = parseArgs({
  options: {
    watchers: { type: "string", default: "2000" },
    bidders: { type: "string", default: "100" },
    seconds: { type: "string", default: "60" },
    "think-ms": { type: "string", default: "1000" },
    port: { type: "string", default: "3373" },
    "database-url": { type: "string" },
  },
});
const W = Number(args.watchers);
const B = Number(args.bidders);
const SECONDS = Number(args.seconds);
const THINK = Number(args["think-ms"]);
const STARTING = 50_000;

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${s}`);

log(
  `przygotowanie: ${B} licytujących, ${W} obserwatorów, ${SECONDS} s, baza ${args["database-url"] ? "PostgreSQL" : "PGlite"}`,
);
const rig = await prepareRig({
  port: Number(args.port),
  bidders: B,
  databaseUrl: args["database-url"],
  auctionMinutes: 60,
  startingPrice: STARTING,
});
log("serwer gotowy, licytujący zalogowani");

let latest = { price: STARTING, count: 0 };
// Watchers: each keeps its own live list with the browser's rules (late messages ignored).
const sentAt = new Map<number, number>();
const latencies: number[] = [];
interface Watcher {
  list: LiveAuction[];
  received: number;
  stale: number;
  fellBack: number;
}
const watchers: Watcher[] = [];
const sockets = [];
for (let i = 0; i < W; i += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, W - i) }, () => openWatcher(rig.url, rig.auctionId)),
  );
  for (const s of batch) {
    const w: Watcher = { list: [], received: 0, stale: 0, fellBack: 0 };
    s.on("informAboutBid", (m: BidMessage) => {
      const now = performance.now();
      w.received++;
      const sent = sentAt.get(m.cp);
      if (sent !== undefined) latencies.push(now - sent);
      if (m.bn > latest.count) latest = { price: m.cp, count: m.bn };
      const before = w.list[0];
      const after = applyBid(w.list, m);
      if (after === w.list) w.stale++;
      else if (before && after[0].LastPrice < before.LastPrice) w.fellBack++;
      w.list = after;
    });
    watchers.push(w);
    sockets.push(s);
  }
}
log(`${watchers.length} obserwatorów połączonych`);

// Bidders: each reads the latest price the watchers show, bids the minimum plus 0-2 steps, thinks, repeats.
const acknowledged: { price: number; count: number }[] = [];
let tooLow = 0;
let other = 0;
let running = true;
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const started = performance.now();
await Promise.all(
  rig.bidders.map(async (b, i) => {
    await new Promise((r) => setTimeout(r, (i / B) * THINK));
    while (running) {
      const min = minimumNextBid({
        startingPrice: STARTING,
        currentPrice: latest.price,
        bidCount: latest.count,
      });
      const price = min + Math.floor(Math.random() * 3) * minimumIncrement(latest.price);
      if (!sentAt.has(price)) sentAt.set(price, performance.now());
      const r = await postBid(rig.url, b.token, rig.auctionId, price);
      if (r.status === 200 && !r.body.Repeated) {
        acknowledged.push({ price, count: r.body.BidCount ?? 0 });
        if ((r.body.BidCount ?? 0) > latest.count)
          latest = { price: r.body.CurrentPrice ?? price, count: r.body.BidCount ?? 0 };
      } else if (r.body.ErrorCode === 60) tooLow++;
      else other++;
      if (performance.now() - started > SECONDS * 1000) break;
      await new Promise((r2) => setTimeout(r2, THINK * (0.5 + Math.random())));
    }
  }),
);
running = false;
const elapsed = (performance.now() - started) / 1000;
lag.disable();
await new Promise((r) => setTimeout(r, 3000));

const h = await history(rig.url, rig.auctionId);
const problems = checkHistory(h, STARTING);
const serverPrices = new Set(h.Bids.map((b) => b.Price));
const missing = acknowledged.filter((a) => !serverPrices.has(a.price));
const top = h.Bids[0]?.Price ?? STARTING;
const finalWrong = watchers.filter((w) => w.list[0]?.LastPrice !== top || w.list[0]?.Bets !== h.Count).length;
const fellBack = watchers.reduce((n, w) => n + w.fellBack, 0);
const stale = watchers.reduce((n, w) => n + w.stale, 0);
const received = watchers.reduce((n, w) => n + w.received, 0);
const sorted = Float64Array.from(latencies).sort();

console.log("\n=== wynik ===");
console.log(
  `czas licytacji: ${elapsed.toFixed(1)} s, przyjęte oferty: ${acknowledged.length} (${(acknowledged.length / elapsed).toFixed(1)}/s), za niskie: ${tooLow}, inne odrzucenia: ${other}`,
);
console.log(
  `komunikaty do obserwatorów: ${received} (${(received / elapsed).toFixed(0)}/s), spóźnione (zignorowane): ${stale}`,
);
console.log(
  `opóźnienie oferta → obserwator: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms (${sorted.length} pomiarów)`,
);
console.log(`opóźnienie pętli zdarzeń procesu pomiarowego: p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`);
console.log(
  `niezmienniki: liczba ofert serwera ${h.Count} = przyjęte ${acknowledged.length}: ${h.Count === acknowledged.length ? "tak" : "NIE"}; brakujące potwierdzone: ${missing.length}; naruszenia kolejności/postąpienia: ${problems.length}`,
);
console.log(
  `obserwatorzy: cena spadła u ${fellBack}, stan końcowy inny niż na serwerze u ${finalWrong} z ${watchers.length}`,
);
for (const p of problems.slice(0, 5)) console.log(`  problem: ${p}`);

for (const s of sockets) s.close();
await rig.cleanup();
const ok =
  problems.length === 0 &&
  missing.length === 0 &&
  h.Count === acknowledged.length &&
  fellBack === 0 &&
  finalWrong === 0;
console.log(ok ? "WYNIK: niezmienniki zachowane" : "WYNIK: NIEZMIENNIKI NARUSZONE");
process.exit(ok ? 0 : 1);
