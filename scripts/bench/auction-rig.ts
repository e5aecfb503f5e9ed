import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { minimumNextBid } from "../../src/domain/auctions/bidding";
import { type Db, openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { type Bidder, createAuction, createBidder, signIn } from "../../tests/support/auction-fixtures";

/**
 * Shared rig of the auction load and fault runs: prepares a database (embedded in a data directory, or
 * a fresh database on the PostgreSQL server of DATABASE_URL) with bidder accounts and one running
 * auction, starts the production server (build/server/main.js) on a loopback port, signs the bidders
 * in, and opens watching sockets.
 */
export interface RigOptions {
  port: number;
  bidders: number;
  /** PostgreSQL server URL; a fresh database is created on it. Unset: embedded PGlite. */
  databaseUrl?: string;
  auctionMinutes: number;
  startingPrice: number;
  /** Server processes on ports port, port+1, … (more than one needs databaseUrl). Default 1. */
  serverProcesses?: number;
  /** More to write before the server starts (an auction event's lots), with the rig's database. */
  prepare?: (db: Db) => Promise<void>;
}

export interface Rig {
  url: string;
  /** Every server process's address; urls[0] is url. */
  urls: string[];
  auctionId: number;
  bidders: (Bidder & { token: string })[];
  env: Record<string, string>;
  server: ChildProcess;
  startServer(): Promise<ChildProcess>;
  /** The processes after the first (serverProcesses > 1). */
  others: ChildProcess[];
  cleanup(): Promise<void>;
}

export async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function prepareRig(o: RigOptions): Promise<Rig> {
  const dataDir = path.resolve(`/tmp/auction-bench-${o.port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const scratch = o.databaseUrl ? await createScratchDatabase(o.databaseUrl, "bench") : null;
  const databaseUrl = scratch?.url;
  const dropDatabase = async () => scratch?.drop();
  const database = await openDatabase({ databaseUrl, dataDir });
  const accounts: Bidder[] = [];
  for (let i = 0; i < o.bidders; i++)
    accounts.push(await createBidder(database.db, { email: `bench-${i}@firma-bench.pl` }));
  const auctionId = await createAuction(database.db, {
    make: "Audi",
    model: "A6",
    startingPrice: o.startingPrice,
    end: new Date(Date.now() + o.auctionMinutes * 60_000),
  });
  await o.prepare?.(database.db);
  await database.close();

  const processes = o.serverProcesses ?? 1;
  if (processes > 1 && !databaseUrl) throw new Error("several server processes need a PostgreSQL database");
  const urls = Array.from({ length: processes }, (_, i) => `http://127.0.0.1:${o.port + i}`);
  const url = urls[0];
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(o.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const start = async (i: number) => {
    const child = spawn(process.execPath, [...nodeArgs, path.resolve("build/server/main.js")], {
      env: { ...env, PORT: String(o.port + i) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitReady(urls[i], child);
    return child;
  };
  const stop = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        });
  const rig: Rig = {
    url,
    urls,
    auctionId,
    bidders: [],
    env,
    server: undefined as unknown as ChildProcess,
    others: [],
    async startServer() {
      rig.server = await start(0);
      return rig.server;
    },
    async cleanup() {
      await Promise.all([rig.server, ...rig.others].filter(Boolean).map(stop));
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await rig.startServer();
  for (let i = 1; i < processes; i++) rig.others.push(await start(i));
  // Sign-in runs scrypt (32 MiB, deliberately slow): a few at a time.
  for (let i = 0; i < accounts.length; i += 4) {
    const batch = accounts.slice(i, i + 4);
    const tokens = await Promise.all(batch.map((a) => signIn(url, a)));
    for (const [k, a] of batch.entries()) rig.bidders.push({ ...a, token: tokens[k] });
  }
  return rig;
}

export function openWatcher(
  url: string,
  auctionId: number,
  opts: { reconnection?: boolean } = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, {
      transports: ["websocket"],
      reconnection: opts.reconnection ?? false,
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
      forceNew: true,
    });
    const timer = setTimeout(() => reject(new Error("watcher did not connect")), 30_000);
    s.once("refreshAuctions", () => {
      clearTimeout(timer);
      resolve(s);
    });
    s.on("connect", () => s.emit("WatchAuctions", [auctionId]));
    s.once("connect_error", (e) => {
      if (!opts.reconnection) reject(e);
    });
  });
}

export async function postBid(url: string, token: string, auctionId: number, price: number) {
  const res = await fetch(`${url}/api/Bidding/Bid`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ AuctionId: auctionId, Price: price }),
  });
  const body = (await res.json()) as {
    ErrorCode?: number;
    BidCount?: number;
    CurrentPrice?: number;
    Repeated?: boolean;
    MinimumBid?: number;
  };
  return { status: res.status, body };
}

/** POST /api/Bidding/MaxBid: sets or raises a maximum offer (proxy bid). */
export async function postMaxBid(url: string, token: string, auctionId: number, maxPrice: number) {
  const res = await fetch(`${url}/api/Bidding/MaxBid`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ AuctionId: auctionId, MaxPrice: maxPrice }),
  });
  const body = (await res.json()) as {
    ErrorCode?: number;
    BidCount?: number;
    CurrentPrice?: number;
    Repeated?: boolean;
    Leading?: boolean;
  };
  return { status: res.status, body };
}

export interface History {
  Count: number;
  Bids: { Price: number; DateUtc: string }[];
}

export async function history(url: string, auctionId: number): Promise<History> {
  return (await fetch(`${url}/api/Bidding/BiddingHistory?auctionId=${auctionId}`)).json() as Promise<History>;
}

/** Checks the bidding invariants on the server's own record; returns the problems found. */
export function checkHistory(h: History, startingPrice: number): string[] {
  const problems: string[] = [];
  const bids = [...h.Bids].reverse(); // oldest first
  if (bids.length !== h.Count) problems.push(`Count ${h.Count} but ${bids.length} bids listed`);
  for (let i = 1; i < bids.length; i++) {
    const prev = bids[i - 1];
    const cur = bids[i];
    const min = minimumNextBid({ startingPrice, currentPrice: prev.Price, bidCount: i });
    if (cur.Price < min)
      problems.push(`bid ${i} (${cur.Price}) below the minimum ${min} after ${prev.Price}`);
    if (Date.parse(cur.DateUtc) < Date.parse(prev.DateUtc))
      problems.push(`bid ${i} accepted before the lower bid ${i - 1}`);
  }
  return problems;
}

export const percentile = (sorted: Float64Array | number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/**
 * Bid → watcher latency percentiles from the histograms of several watcher processes (each a map of
 * bucket number → count, buckets `bucketMs` wide). `measured` is how many watcher–bid pairs they hold.
 */
export function mergedLatency(parts: { bucketMs: number; histogram: Record<number, number> }[]) {
  const buckets = new Map<number, number>();
  for (const r of parts)
    for (const [k, v] of Object.entries(r.histogram))
      buckets.set(Number(k), (buckets.get(Number(k)) ?? 0) + v);
  const ordered = [...buckets].sort((x, y) => x[0] - y[0]);
  const measured = ordered.reduce((n, [, v]) => n + v, 0);
  const at = (p: number) => {
    const rank = Math.min(measured - 1, Math.floor((p / 100) * measured));
    let seen = 0;
    for (const [bucket, n] of ordered) {
      seen += n;
      if (seen > rank) return bucket * parts[0].bucketMs;
    }
    return Number.NaN;
  };
  return { measured, at };
}
