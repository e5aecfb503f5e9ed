// One process of watching sockets for scripts/bench/auction-day.ts (forked with tsx): watchers of one
// lot's page each, and watchers of the event's page, each watching every lot (spread over the server
// processes in turn). They speak the socket.io wire protocol themselves (lean-watcher.ts).
//
// Messages from the parent: {type: "finish", lots: {[lotId]: {sentAt: [price, wall-clock ms][], top,
// count}}}. Answers: {type: "ready"} once every socket watches, then {type: "result", …}: the bid →
// watcher latency histogram over every lot (0.1 ms buckets), the per-watcher checks, and per lot when
// the last of its watchers heard auctionEnded (wall-clock ms) and how many heard it.

import { applyBid, type BidMessage, type LiveAuction } from "../../src/domain/auctions/live-store";
import { openLeanWatcher } from "./lean-watcher";

const [urlList, lotList, countArg, eventShareArg] = process.argv.slice(2);
const urls = urlList.split(",");
const lots = lotList.split(",").map(Number);
const count = Number(countArg);
const eventWatchers = Math.round(count * Number(eventShareArg));
const wallNow = () => performance.timeOrigin + performance.now();

interface Watcher {
  lots: number[];
  list: LiveAuction[];
  received: number;
  stale: number;
  fellBack: number;
  /** Per lot: [price, arrival wall-clock ms] of every informAboutBid. */
  arrivals: Map<number, number[]>;
}

const watchers: Watcher[] = [];
/** Per lot: when its watchers heard auctionEnded (wall-clock ms). */
const endedHeard = new Map<number, number[]>();
const sockets: { close(): void }[] = [];
for (let i = 0; i < count; i += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, count - i) }, (_, k) => {
      const n = i + k;
      const w: Watcher = {
        // The first ones watch the event's page (every lot), the rest one lot's page each, in turn.
        lots: n < eventWatchers ? lots : [lots[n % lots.length]],
        list: [],
        received: 0,
        stale: 0,
        fellBack: 0,
        arrivals: new Map(),
      };
      watchers.push(w);
      return openLeanWatcher(
        urls[n % urls.length],
        w.lots,
        (m: BidMessage) => {
          const arrivals = w.arrivals.get(m.ai) ?? [];
          if (!arrivals.length) w.arrivals.set(m.ai, arrivals);
          arrivals.push(m.cp, wallNow());
          w.received++;
          const before = w.list.find((a) => a.AuctionId === m.ai);
          const after = applyBid(w.list, m);
          if (after === w.list) w.stale++;
          else if (before && after[0].LastPrice < before.LastPrice) w.fellBack++;
          w.list = after;
        },
        (auctionId) => {
          const heard = endedHeard.get(auctionId) ?? [];
          if (!heard.length) endedHeard.set(auctionId, heard);
          heard.push(wallNow());
        },
      );
    }),
  );
  sockets.push(...batch);
}
process.send?.({ type: "ready" });

const BUCKET_MS = 0.1;
type Finish = {
  type: string;
  lots: Record<number, { sentAt: [number, number][]; top: number; count: number }>;
};
process.on("message", (msg: Finish) => {
  if (msg.type !== "finish") return;
  const histogram: Record<number, number> = {};
  let finalWrong = 0;
  for (const w of watchers) {
    for (const lot of w.lots) {
      const facts = msg.lots[lot];
      if (!facts) continue;
      // A bid has reached a watcher when the watcher shows its price or a higher one (fanout.ts).
      const accepted = [...facts.sentAt].sort((a, b) => a[0] - b[0]);
      const arrivals = w.arrivals.get(lot) ?? [];
      let a = 0;
      for (const [price, sent] of accepted) {
        while (a < arrivals.length && arrivals[a] < price) a += 2;
        if (a >= arrivals.length) break;
        const bucket = Math.max(0, Math.round((arrivals[a + 1] - sent) / BUCKET_MS));
        histogram[bucket] = (histogram[bucket] ?? 0) + 1;
      }
      const shown = w.list.find((x) => x.AuctionId === lot);
      if (facts.count > 0 && (shown?.LastPrice !== facts.top || shown?.Bets !== facts.count)) finalWrong++;
    }
  }
  for (const s of sockets) s.close();
  const ended: Record<number, { last: number; heard: number; watching: number }> = {};
  for (const lot of lots) {
    const heard = endedHeard.get(lot) ?? [];
    ended[lot] = {
      last: heard.length ? Math.max(...heard) : Number.NaN,
      heard: heard.length,
      watching: watchers.filter((w) => w.lots.includes(lot)).length,
    };
  }
  process.send?.(
    {
      type: "result",
      bucketMs: BUCKET_MS,
      histogram,
      received: watchers.reduce((n, w) => n + w.received, 0),
      stale: watchers.reduce((n, w) => n + w.stale, 0),
      fellBack: watchers.reduce((n, w) => n + w.fellBack, 0),
      finalWrong,
      watchers: watchers.length,
      ended,
    },
    () => process.exit(0),
  );
});
