// One process of watching sockets for scripts/bench/auction-load.ts (forked with tsx). Spreading 2 000
// socket.io clients over several processes keeps the measuring side from being the bottleneck where
// there are cores to spare (in one process its event loop lagged ~110 ms at p99).
//
// Messages from the parent: {type: "finish", sentAt: [price, wall-clock ms][], top, count}. Answers:
// {type: "ready"} once every socket watches the auction, then {type: "result", …} with the latency
// histogram (0.1 ms buckets) and the per-watcher checks.

import { applyBid, type BidMessage, type LiveAuction } from "../../src/domain/auctions/live-store";
import { openWatcher } from "./auction-rig";

const [url, auctionIdArg, countArg] = process.argv.slice(2);
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
const sockets: Awaited<ReturnType<typeof openWatcher>>[] = [];
for (let i = 0; i < count; i += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, count - i) }, () => openWatcher(url, auctionId)),
  );
  for (const s of batch) {
    const w: Watcher = { list: [], received: 0, stale: 0, fellBack: 0, arrivals: [] };
    s.on("informAboutBid", (m: BidMessage) => {
      w.arrivals.push(m.cp, wallNow());
      w.received++;
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
process.send?.({ type: "ready" });

const BUCKET_MS = 0.1;
process.on("message", (msg: { type: string; sentAt: [number, number][]; top: number; count: number }) => {
  if (msg.type !== "finish") return;
  const sentAt = new Map(msg.sentAt);
  const histogram: Record<number, number> = {};
  for (const w of watchers) {
    for (let i = 0; i < w.arrivals.length; i += 2) {
      const sent = sentAt.get(w.arrivals[i]);
      if (sent === undefined) continue;
      const bucket = Math.max(0, Math.round((w.arrivals[i + 1] - sent) / BUCKET_MS));
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
