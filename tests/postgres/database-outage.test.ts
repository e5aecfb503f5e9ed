import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/domain/errors";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";
import { type ServerProcess, startTwoProcesses, type TwoProcesses } from "../support/processes";

// Database outages (ADR 014): two server processes on a PostgreSQL server of the test's own, which the
// test stops, restarts and whose connections it kills. The processes must stay up, answer 503 while
// the database is away and resume by themselves, live fan-out between them included. Runs in the
// PostgreSQL pass (TEST_ON_POSTGRES=1); needs the PostgreSQL binaries, not TEST_DATABASE_URL.
let cluster: PostgresCluster;
let processes: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let auction: number;
let tokenA: string;
let tokenB: string;
/** Each bid attempt offers more than any before it, so only the database decides which are accepted. */
let nextPrice = 10_000;
const STEP = 5_000;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  processes = await startTwoProcesses("outage", { serverUrl: cluster.url });
  ({ a, b } = processes);
  const db = processes.database.db;
  auction = await createAuction(db, { startingPrice: nextPrice });
  const [anna, piotr] = await Promise.all([createBidder(db), createBidder(db)]);
  [tokenA, tokenB] = await Promise.all([signIn(a.url, anna), signIn(b.url, piotr)]);
}, 180_000);

afterAll(async () => {
  await processes?.stop().catch(() => {});
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (p: ServerProcess) => p.child.exitCode === null && p.child.signalCode === null;
const statusOf = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    (r) => r.status,
    () => 0, // connection refused: the process is gone
  );

/** Polls until `check` holds; a bounded wait for recovery, not a timing assertion. */
async function eventually(what: string, check: () => Promise<boolean>, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  const tail = (p: ServerProcess) => `exit ${p.child.exitCode}\n${p.output().slice(-3000)}`;
  throw new Error(`${what}: not within ${limitMs / 1000} s\nA: ${tail(a)}\nB: ${tail(b)}`);
}

/** An offer list read (the catalogue's count), as every list page does. */
const offerCount = (url: string) =>
  statusOf(`${url}/api/Offers/Count`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
const bothReady = async () =>
  (await statusOf(`${a.url}/readyz`)) === 200 && (await statusOf(`${b.url}/readyz`)) === 200;

interface Traffic {
  /** Prices of the bids answered 200. */
  acknowledged: number[];
  bidStatuses: Set<number>;
  pageStatuses: Set<number>;
  readyStatuses: Set<number>;
}

/**
 * Bids through both processes, reads offer lists and polls /readyz while `outage` runs, and until both
 * processes are ready again afterwards.
 */
async function underLoad(outage: () => Promise<void>): Promise<Traffic> {
  const t: Traffic = {
    acknowledged: [],
    bidStatuses: new Set(),
    pageStatuses: new Set(),
    readyStatuses: new Set(),
  };
  let running = true;
  const bidding = async (url: string, token: string) => {
    while (running) {
      nextPrice += STEP;
      const price = nextPrice;
      const status = await bid(url, token, { AuctionId: auction, Price: price }).then(
        (r) => r.status,
        () => 0,
      );
      t.bidStatuses.add(status);
      if (status === 200) t.acknowledged.push(price);
      await sleep(25);
    }
  };
  const browsing = async (url: string) => {
    while (running) {
      t.pageStatuses.add(await offerCount(url));
      t.readyStatuses.add(await statusOf(`${url}/readyz`));
      await sleep(25);
    }
  };
  const loops = [bidding(a.url, tokenA), bidding(b.url, tokenB), browsing(a.url), browsing(b.url)];
  // Bids are acknowledged before the outage and again after it, whatever the machine's speed.
  const moreAcknowledged = async (what: string) => {
    const from = t.acknowledged.length;
    await eventually(what, async () => t.acknowledged.length >= from + 5);
  };
  try {
    await moreAcknowledged("bids acknowledged before the outage");
    await outage();
    await eventually("both processes ready again", bothReady);
    await moreAcknowledged("bids acknowledged after the outage");
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return t;
}

const open = (serverUrl: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(serverUrl, { transports: ["websocket"], reconnection: false });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });

/** The informAboutBid of this price on the socket (bids of the load loops may come before it). */
const bidSeen = (s: Socket, price: number): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no informAboutBid for ${price} within 15 s`)), 15_000);
    const on = (m: { cp: number }) => {
      if (m.cp !== price) return;
      clearTimeout(t);
      s.off("informAboutBid", on);
      resolve(m);
    };
    s.on("informAboutBid", on);
  });

async function storedPrices(): Promise<number[]> {
  const rows = await processes.database.pool!.query<{ price: number }>(
    "select price from bids where offer_id = $1",
    [auction],
  );
  return rows.rows.map((r) => Number(r.price));
}

/** Runs SQL on a separate connection, as an administrator would; answers the number of rows. */
async function adminQuery(text: string, values: unknown[]): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    return (await admin.query(text, values)).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** After an outage: the load saw only expected answers, /readyz went 503, and every acknowledged bid is stored. */
async function expectNothingLost(traffic: Traffic) {
  // Nothing but accepted, refused as too low (a parallel bid was higher) or 503 while the database was away.
  expect([...traffic.bidStatuses].filter((s) => ![200, 400, 503].includes(s))).toEqual([]);
  expect([...traffic.pageStatuses].filter((s) => ![200, 503].includes(s))).toEqual([]);
  expect(traffic.readyStatuses).toContain(503);
  expect(traffic.acknowledged.length).toBeGreaterThan(0);
  const stored = new Set(await storedPrices());
  expect(traffic.acknowledged.filter((p) => !stored.has(p))).toEqual([]);
}

/** Both processes alive and serving without a restart, and a bid through A reaches a watcher on B. */
async function expectServing() {
  expect(alive(a) && alive(b)).toBe(true);
  expect(await offerCount(a.url)).toBe(200);
  expect(await offerCount(b.url)).toBe(200);
  const watcher = await open(b.url);
  try {
    await new Promise<void>((resolve) => {
      watcher.once("refreshAuctions", () => resolve());
      watcher.emit("WatchAuctions", [auction]);
    });
    nextPrice += STEP;
    const seen = bidSeen(watcher, nextPrice);
    expect((await bid(a.url, tokenA, { AuctionId: auction, Price: nextPrice })).status).toBe(200);
    expect(await seen).toMatchObject({ ai: auction, cp: nextPrice });
  } finally {
    watcher.close();
  }
}

describe("database outages", () => {
  it("while PostgreSQL is stopped the API and /readyz answer 503 with a Polish body, and all resumes after its start", async () => {
    await cluster.stop();
    try {
      nextPrice += STEP;
      const res = await bid(a.url, tokenA, { AuctionId: auction, Price: nextPrice });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        ErrorCode: ErrorCode.ServiceUnavailable,
        ErrorMessage: "Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.",
      });
      const list = await fetch(`${b.url}/api/Offers/Count`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(list.status).toBe(503);
      expect(((await list.json()) as { ErrorCode: number }).ErrorCode).toBe(ErrorCode.ServiceUnavailable);
      expect(await statusOf(`${a.url}/readyz`)).toBe(503);
      expect(await statusOf(`${a.url}/healthz`)).toBe(200);
    } finally {
      await cluster.start();
    }
    await eventually("both processes ready again", bothReady);
    await expectServing();
  }, 120_000);

  it("a restart of PostgreSQL under bids and page reads: the processes stay up and resume by themselves", async () => {
    // database.events, the hook for metrics, as seen by the test's own connection pool: its idle
    // connection is ended by the restart, and the next query opens a new one.
    // (The ping comes first: it also ends the pool's notice of the previous test's outage.)
    await processes.database.ping();
    const seen: string[] = [];
    const { events } = processes.database;
    const onError = () => seen.push("error");
    const onReconnect = () => seen.push("reconnect");
    events.on("error", onError).on("reconnect", onReconnect);
    try {
      const traffic = await underLoad(() => cluster.restart());
      await expectNothingLost(traffic);
      await expectServing();
      expect(seen).toEqual(["error", "reconnect"]);
    } finally {
      events.off("error", onError).off("reconnect", onReconnect);
    }
  }, 180_000);

  it("killed connections (pg_terminate_backend): the processes stay up and resume by themselves", async () => {
    const name = new URL(processes.database.url as string).pathname.slice(1);
    const traffic = await underLoad(async () => {
      const killed = await adminQuery(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
      expect(killed).toBeGreaterThan(0);
    });
    await expectNothingLost(traffic);
    await expectServing();
  }, 180_000);

  it("a bid announced while the other process's LISTEN connection was down reaches its watchers when it listens again", async () => {
    const watcher = await open(b.url);
    try {
      await new Promise<void>((resolve) => {
        watcher.once("refreshAuctions", () => resolve());
        watcher.emit("WatchAuctions", [auction]);
      });
      const name = new URL(processes.database.url as string).pathname.slice(1);
      await adminQuery(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'",
        [name],
      );
      // The NOTIFY of this bid finds no LISTEN connection of B: its informAboutBid is lost.
      nextPrice += STEP;
      const price = nextPrice;
      const refreshed = new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no refreshAuctions with ${price} within 20 s`)), 20_000);
        const on = (list: Array<{ AuctionId: number; LastPrice: number }>) => {
          if (!list.some((s) => s.AuctionId === auction && s.LastPrice === price)) return;
          clearTimeout(t);
          resolve();
        };
        watcher.on("refreshAuctions", on);
      });
      expect((await bid(a.url, tokenA, { AuctionId: auction, Price: price })).status).toBe(200);
      await refreshed;
    } finally {
      watcher.close();
    }
    await eventually("both processes ready again", bothReady);
    await expectServing();
  }, 120_000);
});
