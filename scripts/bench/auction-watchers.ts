// One process of watching sockets for scripts/bench/auction-load.ts (forked with tsx). The watchers
// speak the socket.io wire protocol themselves (lean-watcher.ts): 2 000 socket.io-client instances
// cost the measuring side about half a core on this 2-core machine, CPU the server under test then
// lacked. Spreading them over several processes helps where there are cores to spare.
//
// Messages from the parent: {type: "finish", sentAt: [price, wall-clock ms][] of the accepted bids, top,
// count}. Answers:
// {type: "ready"} once every socket watches the auction, then {type: "result", …} with the latency
// histogram (0.1 ms buckets) and the per-watcher checks.

import { applyBid, type BidMessage, type LiveAuction } from "../../src/domain/auctions/live-store";
import { openLeanWatcher } from "./lean-watcher";

const [urlList, auctionIdArg, countArg] = process.argv.slice(2);
/** The server processes' addresses: watchers are spread over them in turn. */
const urls = urlList.split(",");
const auctionId = Number(auctionIdArg);
const count = Number(countArg);
const wallNow = () => performance.timeOrigin + performance.now();

interface Watcher {
  list: LiveAuction[];
  received: number;
  stale: number;
  fellBack: number;
  /** [price, arrival wall-clock ms] of every informAboutBid. */
  arrivals: number[];
}

const watchers: Watcher[] = [];
const sockets: Awaited<ReturnType<typeof openLeanWatcher>>[] = [];
for (let i = 0; i < count; i += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, count - i) }, () => {
      const w: Watcher = { list: [], received: 0, stale: 0, fellBack: 0, arrivals: [] };
      watchers.push(w);
      return openLeanWatcher(urls[watchers.length % urls.length], auctionId, (m: BidMessage) => {
        w.arrivals.push(m.cp, wallNow());
        w.received++;
        const before = w.list[0];
        const after = applyBid(w.list, m);
        if (after === w.list) w.stale++;
        else if (before && after[0].LastPrice < before.LastPrice) w.fellBack++;
        w.list = after;
      });
    }),
  );
  sockets.push(...batch);
}
process.send?.({ type: "ready" });

const BUCKET_MS = 0.1;
process.on("message", (msg: { type: string; sentAt: [number, number][]; top: number; count: number }) => {
  if (msg.type !== "finish") return;
  // Accepted bids by price. A bid has reached a watcher when the watcher shows its price or a higher
  // one: a bid overtaken before the watcher's turn is never sent to it (src/server/auctions/fanout.ts).
  const accepted = [...msg.sentAt].sort((a, b) => a[0] - b[0]);
  const histogram: Record<number, number> = {};
  for (const w of watchers) {
    let a = 0; // arrivals are in order of time, and their prices only rise (checked as fellBack)
    for (const [price, sent] of accepted) {
      while (a < w.arrivals.length && w.arrivals[a] < price) a += 2;
      if (a >= w.arrivals.length) break;
      const bucket = Math.max(0, Math.round((w.arrivals[a + 1] - sent) / BUCKET_MS));
      histogram[bucket] = (histogram[bucket] ?? 0) + 1;
    }
  }
  for (const s of sockets) s.close();
  process.send?.(
    {
      type: "result",
      bucketMs: BUCKET_MS,
      histogram,
      received: watchers.reduce((n, w) => n + w.received, 0),
      stale: watchers.reduce((n, w) => n + w.stale, 0),
      fellBack: watchers.reduce((n, w) => n + w.fellBack, 0),
      finalWrong: watchers.filter((w) => w.list[0]?.LastPrice !== msg.top || w.list[0]?.Bets !== msg.count)
        .length,
      watchers: watchers.length,
    },
    () => process.exit(0),
  );
});
