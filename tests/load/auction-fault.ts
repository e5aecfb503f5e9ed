// Fault run of the live auctions: bidders bid without pause and watchers watch; the server
// is killed with SIGKILL in the middle of bidding and started again on the same data. Afterwards:
// every bid the server acknowledged (HTTP 200) is in the bidding history, the invariants hold, bids
// whose answer was lost in the crash were retried with the same price (idempotent: counted once), and
// every watcher reconnected by itself and shows the server's final state.
//
//   npm run build && npx tsx tests/load/auction-fault.ts [--port 3374] [--database-url postgresql://…]
import { parseArgs } from "node:util";
import { checkHistory, history, openWatcher, postBid, prepareRig } from "../../scripts/bench/auction-rig";
import { minimumIncrement, minimumNextBid } from "../../src/domain/auctions/bidding";
import {
  applyBid,
  type BidMessage,
  type LiveAuction,
  replaceAll,
} from "../../src/domain/auctions/live-store";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "3374" },
    bidders: { type: "string", default: "20" },
    watchers: { type: "string", default: "50" },
    "database-url": { type: "string" },
  },
});
const STARTING = 30_000;
const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${s}`);

const rig = await prepareRig({
  port: Number(args.port),
  bidders: Number(args.bidders),
  databaseUrl: args["database-url"],
  auctionMinutes: 60,
  startingPrice: STARTING,
});
log(`serwer gotowy (${args["database-url"] ? "PostgreSQL" : "PGlite"}), ${rig.bidders.length} licytujących`);

const watchers: { list: LiveAuction[]; reconnects: number }[] = [];
const sockets = await Promise.all(
  Array.from({ length: Number(args.watchers) }, () =>
    openWatcher(rig.url, rig.auctionId, { reconnection: true }),
  ),
);
for (const s of sockets) {
  const w = { list: [] as LiveAuction[], reconnects: 0 };
  s.on("informAboutBid", (m: BidMessage) => {
    w.list = applyBid(w.list, m);
  });
  s.on("refreshAuctions", (list: LiveAuction[]) => {
    w.list = replaceAll(w.list, list);
  });
  s.io.on("reconnect", () => w.reconnects++);
  watchers.push(w);
}

let latest = { price: STARTING, count: 0 };
const acknowledged = new Set<number>();
let retriedAfterCrash = 0;
let repeatedAnswers = 0;
let connectionErrors = 0;
let running = true;

const loop = async (token: string) => {
  let pending: number | null = null; // a bid whose answer was lost: retried with the same price
  while (running) {
    const price: number =
      pending ??
      minimumNextBid({ startingPrice: STARTING, currentPrice: latest.price, bidCount: latest.count }) +
        Math.floor(Math.random() * 2) * minimumIncrement(latest.price);
    try {
      const r = await postBid(rig.url, token, rig.auctionId, price);
      if (pending !== null) retriedAfterCrash++;
      pending = null;
      if (r.status === 200) {
        acknowledged.add(price);
        if (r.body.Repeated) repeatedAnswers++;
        if ((r.body.BidCount ?? 0) > latest.count)
          latest = { price: r.body.CurrentPrice ?? price, count: r.body.BidCount ?? 0 };
      }
    } catch {
      connectionErrors++;
      pending = price;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 60));
  }
};
const bidding = Promise.all(rig.bidders.map((b) => loop(b.token)));

await new Promise((r) => setTimeout(r, 5000));
const beforeKill = acknowledged.size;
rig.server.kill("SIGKILL");
await new Promise((r) => rig.server.once("exit", r));
log(`SIGKILL po ${beforeKill} potwierdzonych ofertach`);
await new Promise((r) => setTimeout(r, 1000));
await rig.startServer();
log("serwer uruchomiony ponownie");
await new Promise((r) => setTimeout(r, 5000));
running = false;
await bidding;
await new Promise((r) => setTimeout(r, 2000));

const h = await history(rig.url, rig.auctionId);
const onServer = new Set(h.Bids.map((b) => b.Price));
const missing = [...acknowledged].filter((p) => !onServer.has(p));
const problems = checkHistory(h, STARTING);
const top = h.Bids[0]?.Price;
const unsynced = watchers.filter((w) => w.list[0]?.LastPrice !== top || w.list[0]?.Bets !== h.Count).length;
const reconnected = watchers.filter((w) => w.reconnects > 0).length;

console.log("\n=== wynik ===");
console.log(
  `potwierdzone oferty: ${acknowledged.size} (przed zabiciem: ${beforeKill}), w historii serwera: ${h.Count}`,
);
console.log(
  `brakujące potwierdzone: ${missing.length}; naruszenia kolejności/postąpienia: ${problems.length}`,
);
console.log(
  `błędy połączenia: ${connectionErrors}, oferty ponowione po awarii: ${retriedAfterCrash}, z nich już zapisane (Repeated): ${repeatedAnswers}`,
);
console.log(
  `obserwatorzy połączeni ponownie: ${reconnected} z ${watchers.length}, niezgodni ze stanem serwera: ${unsynced}`,
);
for (const p of problems.slice(0, 5)) console.log(`  problem: ${p}`);

for (const s of sockets) s.close();
await rig.cleanup();
const ok = missing.length === 0 && problems.length === 0 && unsynced === 0 && reconnected === watchers.length;
console.log(ok ? "WYNIK: żadna potwierdzona oferta nie zginęła, klienci zsynchronizowani" : "WYNIK: BŁĄD");
process.exit(ok ? 0 : 1);
