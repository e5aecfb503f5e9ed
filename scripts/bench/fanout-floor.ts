// The floor under the auction load run's bid-to-watcher latency on this machine: how long
// one process takes to write one message to W watching WebSocket connections, with nothing else to do
// (no database, no bids, no HTTP), and how much CPU a message costs the writing and the reading side.
// A pass over all watchers is the shortest time in which the last of them can have a bid; with a
// bid every 15 ms (the load run's 60+ accepted bids per second) the passes follow one another, and
// both sides' CPU per message, times the messages a second, must fit in the machine's cores next to
// PostgreSQL and the bidders.
//
// The writer is a socket.io server as the live hub runs it (WebSocket only): the same bid message
// written through socket.io's room broadcast (io.local.to(ids).emit, what the hub used before
// session 17) and through the hub's frame writer (src/server/auctions/frame-writer.ts), in chunks of
// FANOUT_CHUNK with setImmediate between them as AuctionFanout writes them, a pass every --gap-ms
// (the watchers idle in between, as they are between bids). The watchers are lean-watcher.ts
// connections in one child process on the same machine, as in auction-load.ts.
//
//   npx tsx scripts/bench/fanout-floor.ts [--watchers 2000] [--passes 150] [--gap-ms 20]
//
// Session 17, the 2-core test machine (a virtual machine), 2 000 watchers, a pass every 20 ms: socket.io
// p50 34.3 ms, p99 61.1 ms, 17.7 µs of the server's CPU per message; frame writer p50 22.2 ms, p99
// 35.2 ms, 11.4 µs; the watchers 10-12 µs. A pass every 200 ms: frame writer p50 42 ms, 15.8 µs. The
// longer the cores idle between passes, the more each write costs: it wakes the watchers' idle
// virtual CPU, which costs the writing side too. Between 5 and 70 bids a second, the load run sits
// between the two.

import { fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Server } from "socket.io";
import type { BidMessage } from "../../src/domain/auctions/live-store";
import { FANOUT_CHUNK } from "../../src/server/auctions/fanout";
import { frameWriter } from "../../src/server/auctions/frame-writer";
import { openLeanWatcher } from "./lean-watcher";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    watchers: { type: "string", default: "2000" },
    passes: { type: "string", default: "150" },
    "gap-ms": { type: "string", default: "20" },
  },
});
const W = Number(args.watchers);

interface Usage {
  received: number;
  cpuMicros: number;
}

if (positionals[0] === "watchers") {
  // The child: W watchers; answers every message of the parent with its count and CPU so far.
  let received = 0;
  for (let i = 0; i < W; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, W - i) }, () =>
        openLeanWatcher(positionals[1], 1, () => {
          received++;
        }),
      ),
    );
  }
  process.on("message", () => {
    const cpu = process.cpuUsage();
    process.send?.({ received, cpuMicros: cpu.user + cpu.system } satisfies Usage);
  });
  process.send?.({ received, cpuMicros: 0 } satisfies Usage);
} else {
  const PASSES = Number(args.passes);
  const GAP = Number(args["gap-ms"]);
  const server = http.createServer();
  const io = new Server(server, { transports: ["websocket"], serveClient: false });
  io.on("connection", (socket) => {
    socket.on("WatchAuctions", () => {
      void socket.join("auction:1");
      socket.emit("refreshAuctions", []);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const child = fork(fileURLToPath(import.meta.url), ["watchers", url, "--watchers", String(W)], {
    execArgv: ["--import", "tsx"],
  });
  const usage = () =>
    new Promise<Usage>((resolve) => {
      child.once("message", (m) => resolve(m as Usage));
      child.send("usage");
    });
  await new Promise((resolve) => child.once("message", resolve));
  const ids = [...(io.of("/").adapter.rooms.get("auction:1") ?? [])];
  console.log(
    `${ids.length} obserwatorów połączonych; ${PASSES} przebiegów co ${GAP} ms, po ${FANOUT_CHUNK} gniazd`,
  );

  const writeFrames = frameWriter(io);
  const ways: Array<[string, (ids: string[], m: BidMessage) => void]> = [
    ["socket.io (io.local.to(ids).emit)", (chunk, m) => io.local.to(chunk).emit("informAboutBid", m)],
    ["frame writer (frame-writer.ts)", (chunk, m) => writeFrames(chunk, "informAboutBid", m)],
  ];
  let bn = 0;
  for (const [name, write] of ways) {
    const before = await usage();
    const cpu = process.cpuUsage();
    const passMs: number[] = [];
    for (let p = 0; p < PASSES; p++) {
      bn++;
      const message: BidMessage = {
        ai: 1,
        cp: 50_000 + bn * 500,
        wh: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        bn,
        ae: new Date(Date.now() + 3_600_000).toISOString(),
        mb: 50_500 + bn * 500,
      };
      const start = performance.now();
      for (let i = 0; i < ids.length; i += FANOUT_CHUNK) {
        write(ids.slice(i, i + FANOUT_CHUNK), message);
        await new Promise((resolve) => setImmediate(resolve));
      }
      passMs.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, GAP));
    }
    const spent = process.cpuUsage(cpu);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await usage();
    const messages = ids.length * PASSES;
    passMs.sort((a, b) => a - b);
    const at = (q: number) => passMs[Math.min(passMs.length - 1, Math.floor(q * passMs.length))].toFixed(1);
    console.log(
      `${name}: przebieg p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; CPU na komunikat: serwer ${((spent.user + spent.system) / messages).toFixed(1)} µs, obserwatorzy ${((after.cpuMicros - before.cpuMicros) / messages).toFixed(1)} µs; odebrane ${after.received - before.received} z ${messages}`,
    );
  }
  child.kill();
  await new Promise<void>((resolve) => io.close(() => resolve()));
}
