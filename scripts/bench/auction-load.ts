// Load run of the live auctions: W watching sockets and B concurrent bidders on one auction
// for S seconds against the production build on a loopback port. Prints accepted bids per second,
// bid-to-watcher latency (p50, p99: from the moment a bidder sent an accepted bid to the moment a
// watcher got informAboutBid with that price or a higher one, for every watcher and accepted bid), and
// checks afterwards that the invariants hold and that every watcher
// saw prices only rise and ended on the final price.
//
// The watchers run in --watcher-processes child processes (auction-watchers.ts) and speak the socket.io
// wire protocol themselves; times are compared on the wall clock. --server-processes N starts N server
// processes on one PostgreSQL (ports port … port+N-1), watchers and bidders spread over them. On this
// 2-core machine one process of each measures best: the server, watchers and PostgreSQL share the cores.
// Session 3, 60 s, 2 000 watchers, 100 bidders, bid-to-watcher latency: PostgreSQL 15, 57-58 accepted
// bids/s, p50 33-35 ms, p99 80-87 ms; PGlite, 71 bids/s, p50 31 ms, p99 99 ms; PostgreSQL with 2 server
// processes, 45 bids/s, p99 152 ms (they compete for the same two cores).
//
// Session 15b, PostgreSQL 15, 2 000 watchers, 100 bidders of whom 20 bid through maximum offers, on a
// machine shared with other work (load average 13-34 on 2 cores; the server process was 56% idle in
// its CPU profile, writev to sockets 15%): 60 s, 14.4 accepted bids/s (335 by hand, the rest proxy),
// bid-to-watcher p50 188 ms, p99 1.7 s; the same machine without proxy bids: 4.5 bids/s, p99 2.8 s.
// Invariants held in every run. Not comparable with the session 3 figures: run again on a quiet machine.
// Session 17, PostgreSQL 15, 2-core machine, 2 000 watchers, 100 bidders (20 with maximum offers), 60 s,
// after the frame writer (src/server/auctions/frame-writer.ts) and the lean watchers: 66-73 accepted
// bids/s, 45-54 thousand messages/s, p50 36-43 ms, p99 94-121 ms (before: 59-68 bids/s, 32-39 thousand
// messages/s, p50 45-55 ms, p99 123-187 ms). The machine's cores are all busy (server 80%, watchers
// 50-75%, PostgreSQL 25-35%, bidders 13-18% of a core): see fanout-floor.ts for what one pass costs.
// --proxy-share F: that share of the bidders set and raise maximum offers (proxy bids,
// ADR 019) instead of bidding by hand; the server bids for them, and their accepted bids count, with
// the latency measured from the request whose answer showed the price.
//
//   npm run build && npx tsx scripts/bench/auction-load.ts [--watchers 2000] [--bidders 100]
//     [--seconds 60] [--think-ms 1000] [--watcher-processes 1] [--server-processes 1] [--port 3373]
//     [--proxy-share 0.2] [--database-url postgresql://…]

import { fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { minimumIncrement, minimumNextBid } from "../../src/domain/auctions/bidding";
import type { BidMessage } from "../../src/domain/auctions/live-store";
import {
  checkHistory,
  history,
  mergedLatency,
  openWatcher,
  percentile,
  postBid,
  postMaxBid,
  prepareRig,
} from "./auction-rig";

const { values: args } = parseArgs({
  options: {
    watchers: { type: "string", default: "2000" },
    bidders: { type: "string", default: "100" },
    seconds: { type: "string", default: "60" },
    "think-ms": { type: "string", default: "1000" },
    "watcher-processes": { type: "string", default: "1" },
    "server-processes": { type: "string", default: "1" },
    port: { type: "string", default: "3373" },
    "proxy-share": { type: "string", default: "0.2" },
    "database-url": { type: "string" },
  },
});
const W = Number(args.watchers);
const B = Number(args.bidders);
const SECONDS = Number(args.seconds);
const THINK = Number(args["think-ms"]);
const PROCESSES = Math.max(1, Number(args["watcher-processes"]));
const SERVERS = Math.max(1, Number(args["server-processes"]));
const STARTING = 50_000;
const PROXIES = Math.round(B * Math.min(1, Math.max(0, Number(args["proxy-share"]))));

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${s}`);

log(
  `przygotowanie: ${B} licytujących (z maksymalną ofertą: ${PROXIES}), ${W} obserwatorów, ${SECONDS} s, baza ${args["database-url"] ? "PostgreSQL" : "PGlite"}`,
);
const rig = await prepareRig({
  port: Number(args.port),
  bidders: B,
  databaseUrl: args["database-url"],
  auctionMinutes: 60,
  startingPrice: STARTING,
  serverProcesses: SERVERS,
});
log("serwer gotowy, licytujący zalogowani");

let latest = { price: STARTING, count: 0 };
const wallNow = () => performance.timeOrigin + performance.now();
const sentAt = new Map<number, number>();
interface WatcherResult {
  type: "result";
  bucketMs: number;
  histogram: Record<number, number>;
  received: number;
  stale: number;
  fellBack: number;
  finalWrong: number;
  watchers: number;
}
const children = Array.from({ length: PROCESSES }, (_, i) => {
  const share = Math.floor(W / PROCESSES) + (i < W % PROCESSES ? 1 : 0);
  return fork(
    fileURLToPath(new URL("./auction-watchers.ts", import.meta.url)),
    [rig.urls.join(","), String(rig.auctionId), String(share)],
    {
      execArgv: [
        "--import",
        "tsx",
        ...(process.env.BENCH_WATCHER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ],
    },
  );
});
const results = children.map(
  (child) =>
    new Promise<WatcherResult>((resolve, reject) => {
      child.on("message", (m: { type: string }) => {
        if (m.type === "result") resolve(m as WatcherResult);
      });
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
log(`${W} obserwatorów połączonych (procesy obserwatorów: ${PROCESSES}, serwera: ${SERVERS})`);
// One more watcher here: the bidders read the price the watchers see.
const own = await openWatcher(rig.url, rig.auctionId);
own.on("informAboutBid", (m: BidMessage) => {
  if (m.bn > latest.count) latest = { price: m.cp, count: m.bn };
});

// Bidders: each reads the latest price the watchers show, bids the minimum plus 0-2 steps, thinks, repeats.
// Proxy bidders (the first PROXIES) instead raise their maximum to 2-10 steps above that when they no
// longer lead; the server then bids for them whenever someone else bids.
/** Accepted bids the bidders know of: their own (by hand) and the prices answers showed (proxy bids). */
const acknowledged: { price: number; count: number; proxy: boolean }[] = [];
const answerMs: number[] = [];
const maxAnswerMs: number[] = [];
let tooLow = 0;
let other = 0;
/** Answers neither accepted nor too low, by HTTP status and ErrorCode (e.g. "400/65": a maximum too low). */
const others = new Map<string, number>();
const refusedOther = (r: { status: number; body: { ErrorCode?: number } }) => {
  other++;
  const kind = `${r.status}/${r.body.ErrorCode ?? "-"}`;
  others.set(kind, (others.get(kind) ?? 0) + 1);
};
let maxima = 0;
let running = true;
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const started = performance.now();
/** An answer showed a price nobody asked for in that request: a proxy bid the server placed. */
const serverPlaced = (price: number, count: number, sent: number) => {
  if (!sentAt.has(price)) sentAt.set(price, sent);
  if (!acknowledged.some((a) => a.price === price)) acknowledged.push({ price, count, proxy: true });
};
await Promise.all(
  rig.bidders.map(async (b, i) => {
    await new Promise((r) => setTimeout(r, (i / B) * THINK));
    let myMax = 0;
    while (running) {
      const min = minimumNextBid({
        startingPrice: STARTING,
        currentPrice: latest.price,
        bidCount: latest.count,
      });
      const sent = wallNow();
      const tBid = performance.now();
      if (i < PROXIES) {
        const target = min + (2 + Math.floor(Math.random() * 9)) * minimumIncrement(latest.price);
        if (target > myMax) {
          const r = await postMaxBid(rig.urls[i % SERVERS], b.token, rig.auctionId, target);
          maxAnswerMs.push(performance.now() - tBid);
          if (r.status === 200) {
            maxima++;
            myMax = target;
            const count = r.body.BidCount ?? 0;
            if (!r.body.Repeated && count > latest.count) {
              serverPlaced(r.body.CurrentPrice ?? 0, count, sent);
              latest = { price: r.body.CurrentPrice ?? 0, count };
            }
          } else refusedOther(r);
        }
      } else {
        const price = min + Math.floor(Math.random() * 3) * minimumIncrement(latest.price);
        if (!sentAt.has(price)) sentAt.set(price, sent);
        const r = await postBid(rig.urls[i % SERVERS], b.token, rig.auctionId, price);
        answerMs.push(performance.now() - tBid);
        if (r.status === 200 && !r.body.Repeated) {
          acknowledged.push({ price, count: r.body.BidCount ?? 0, proxy: false });
          const count = r.body.BidCount ?? 0;
          // A maximum answered this bid at once: the answer shows the proxy's price.
          if (r.body.CurrentPrice !== undefined && r.body.CurrentPrice !== price) {
            serverPlaced(r.body.CurrentPrice, count, sent);
          }
          if (count > latest.count) latest = { price: r.body.CurrentPrice ?? price, count };
        } else if (r.body.ErrorCode === 60) tooLow++;
        else refusedOther(r);
      }
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
const manualCount = acknowledged.filter((a) => !a.proxy).length;
const acceptedSentAt = acknowledged.flatMap((a) => {
  const t = sentAt.get(a.price);
  return t === undefined ? [] : [[a.price, t] as [number, number]];
});
for (const child of children) child.send({ type: "finish", sentAt: acceptedSentAt, top, count: h.Count });
const parts = await Promise.all(results);
const sum = (key: "received" | "stale" | "fellBack" | "finalWrong" | "watchers") =>
  parts.reduce((n, r) => n + r[key], 0);
const finalWrong = sum("finalWrong");
const fellBack = sum("fellBack");
const stale = sum("stale");
const received = sum("received");
const { measured, at: latencyAt } = mergedLatency(parts);

console.log("\n=== wynik ===");
console.log(
  `czas licytacji: ${elapsed.toFixed(1)} s, przyjęte oferty (serwer): ${h.Count} (${(h.Count / elapsed).toFixed(1)}/s), w tym złożone ręcznie: ${manualCount}, ustawione maksymalne oferty: ${maxima}, za niskie: ${tooLow}, inne odrzucenia: ${other}${other ? ` (${[...others].map(([k, n]) => `${k}: ${n}`).join(", ")})` : ""}`,
);
console.log(
  `komunikaty do obserwatorów: ${received} (${(received / elapsed).toFixed(0)}/s), spóźnione (zignorowane): ${stale}`,
);
console.log(
  `opóźnienie oferta → obserwator: p50 ${latencyAt(50).toFixed(1)} ms, p99 ${latencyAt(99).toFixed(1)} ms, max ${latencyAt(100).toFixed(1)} ms (${measured} par obserwator–oferta z ${W * acknowledged.length})`,
);
answerMs.sort((a, b) => a - b);
console.log(
  `odpowiedź serwera na ofertę (HTTP): p50 ${percentile(answerMs, 50).toFixed(1)} ms, p99 ${percentile(answerMs, 99).toFixed(1)} ms`,
);
maxAnswerMs.sort((a, b) => a - b);
if (maxAnswerMs.length)
  console.log(
    `odpowiedź serwera na maksymalną ofertę (HTTP): p50 ${percentile(maxAnswerMs, 50).toFixed(1)} ms, p99 ${percentile(maxAnswerMs, 99).toFixed(1)} ms`,
  );
console.log(`opóźnienie pętli zdarzeń procesu pomiarowego: p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`);
console.log(
  `niezmienniki: liczba ofert serwera ${h.Count} = wymienione w historii ${h.Bids.length}: ${h.Count === h.Bids.length ? "tak" : "NIE"}; ręcznych potwierdzonych ${manualCount} ≤ ${h.Count}; brakujące potwierdzone: ${missing.length}; naruszenia kolejności/postąpienia: ${problems.length}`,
);
console.log(
  `obserwatorzy: cena spadła u ${fellBack}, stan końcowy inny niż na serwerze u ${finalWrong} z ${sum("watchers")}`,
);
for (const p of problems.slice(0, 5)) console.log(`  problem: ${p}`);

own.close();
await rig.cleanup();
const ok =
  problems.length === 0 &&
  missing.length === 0 &&
  h.Count === h.Bids.length &&
  manualCount <= h.Count &&
  (PROXIES > 0 || h.Count === manualCount) &&
  fellBack === 0 &&
  finalWrong === 0;
console.log(ok ? "WYNIK: niezmienniki zachowane" : "WYNIK: NIEZMIENNIKI NARUSZONE");
process.exit(ok ? 0 : 1);
