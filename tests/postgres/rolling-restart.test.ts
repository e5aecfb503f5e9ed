import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { LiveAuction } from "../../src/domain/auctions/live-store";
import { type Database, openDatabase } from "../../src/server/db/client";
import { bids, offers } from "../../src/server/db/schema/index";
import { createScratchDatabase, type ScratchDatabase } from "../../src/server/db/scratch-database";
import { createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { type NginxCluster, type RestartSteps, startNginxCluster } from "../support/nginx-cluster";

// A rolling restart as an operator does it (docs/operations.md): three production processes on one
// PostgreSQL behind nginx with the shipped deploy/nginx/proxy.conf; while bidders bid and watchers
// watch through nginx, each process in turn is taken out of nginx, stopped with SIGTERM, started again
// and put back. PostgreSQL pass only (TEST_ON_POSTGRES=1); needs the production build and nginx.

const BIDDERS = 6;
const WATCHERS = 30;

let scratch: ScratchDatabase;
let database: Database;
let cluster: NginxCluster;
let bidders: { id: number; token: string }[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, "rolling");
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: ":memory:" });
  const accounts = [];
  for (let i = 0; i < BIDDERS; i++) accounts.push(await createBidder(database.db, { outbidMails: false }));
  cluster = await startNginxCluster({
    databaseUrl: scratch.url,
    processes: 3,
    // At info, as an operator runs it: the start lines and every request are in the log read below.
    env: { RATE_LIMITS_SCALE: "100", LOG_LEVEL: "info" },
  });
  bidders = await Promise.all(accounts.map(async (a) => ({ id: a.id, token: await signIn(cluster.url, a) })));
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.close();
  await scratch?.drop();
});

/** A watcher as the browser's live hub is one: WebSocket only, reconnects, watches again on connect. */
interface Watcher {
  socket: Socket;
  price: number;
  bets: number;
  connects: number;
}

function watch(url: string, auctionId: number): Promise<Watcher> {
  const socket = connect(url, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    forceNew: true,
  });
  const w: Watcher = { socket, price: 0, bets: 0, connects: 0 };
  const seen = (price: number, bets: number) => {
    if (bets < w.bets) return;
    w.price = price;
    w.bets = bets;
  };
  socket.on("connect", () => {
    w.connects++;
    socket.emit("WatchAuctions", [auctionId]);
  });
  socket.on("refreshAuctions", (list: LiveAuction[]) => {
    for (const a of list) if (a.AuctionId === auctionId) seen(a.LastPrice, a.Bets);
  });
  socket.on("informAboutBid", (m: { ai: number; cp: number; bn: number }) => {
    if (m.ai === auctionId) seen(m.cp, m.bn);
  });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("watcher did not connect")), 15_000);
    socket.once("refreshAuctions", () => {
      clearTimeout(t);
      resolve(w);
    });
  });
}

interface Outcome {
  /** Bids the server acknowledged (200; a resent one may answer Repeated: the first attempt stood). */
  accepted: { userId: number; price: number }[];
  rejected: number;
  /**
   * Requests sent on a kept-alive connection that nginx closed as it reloaded, before any answer: a
   * browser sends these once more by itself, and so does this client (ADR 022).
   */
  resent: number;
  /** What a client would have seen fail: 5xx, or no answer even on a fresh connection. */
  failed: string[];
  requests: number;
}

/**
 * The request was never answered because the other side closed the (reused) connection: with a FIN
 * ("other side closed") or, when the request's bytes were already in the closing worker's socket
 * buffer, with a reset. Browsers resend a request on a reused connection in both cases.
 */
const closedBeforeAnswer = (err: unknown) =>
  /other side closed|ECONNRESET/.test(String((err as { cause?: unknown }).cause));

/** Each bidder bids the minimum next bid over and over through nginx until `until` resolves. */
/** Bids from every bidder until `during` (given the outcome so far) has run its course. */
async function bidDuring(auctionId: number, during: (live: Outcome) => Promise<unknown>): Promise<Outcome> {
  const outcome: Outcome = { accepted: [], rejected: 0, resent: 0, failed: [], requests: 0 };
  let done = false;
  const until = during(outcome).finally(() => {
    done = true;
  });
  let minimum = 50_000;
  await Promise.all(
    bidders.map(async (b) => {
      while (!done) {
        const price = minimum;
        outcome.requests++;
        const send = () =>
          fetch(`${cluster.url}/api/Bidding/Bid`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${b.token}` },
            body: JSON.stringify({ AuctionId: auctionId, Price: price }),
          });
        try {
          // Each of a few pooled connections may be one that an old nginx worker is closing.
          const sendResending = (left: number): Promise<Response> =>
            send().catch((err) => {
              if (!left || !closedBeforeAnswer(err)) throw err;
              outcome.resent++;
              return sendResending(left - 1);
            });
          const res = await sendResending(5);
          const body = (await res.json()) as { ErrorCode?: number; MinimumBid?: number };
          if (res.status === 200) {
            outcome.accepted.push({ userId: b.id, price });
          } else if (res.status === 400 && body.ErrorCode === 60) {
            outcome.rejected++;
          } else {
            outcome.failed.push(`${res.status} ${JSON.stringify(body)}`);
          }
          if (body.MinimumBid) minimum = Math.max(minimum, body.MinimumBid);
        } catch (err) {
          outcome.failed.push(`${err} ${(err as { cause?: unknown }).cause}`);
        }
      }
    }),
  );
  await until;
  return outcome;
}

/** Waits until `more` further bids have been accepted: the run is under way, whatever the machine's speed. */
async function acceptedMore(live: Outcome, more: number) {
  const from = live.accepted.length;
  await vi.waitFor(() => expect(live.accepted.length).toBeGreaterThanOrEqual(from + more), {
    timeout: 60_000,
    interval: 20,
  });
}

it("restarting every process in turn during a bidding run loses no acknowledged bid, fails no request, and every watcher ends on the final price", async () => {
  // An auction of its own: on CI's retry the bids of a failed first attempt do not count.
  const auctionId = await createAuction(database.db, {
    make: "Audi",
    model: "A6",
    startingPrice: 50_000,
    end: new Date(Date.now() + 60 * 60_000),
  });
  const watchers = await Promise.all(Array.from({ length: WATCHERS }, () => watch(cluster.url, auctionId)));
  const restarts: RestartSteps[] = [];
  const errorLogBefore = cluster.nginxErrors().length;
  const started = Date.now();
  // Bids are flowing before the first restart and still after the last.
  const outcome = await bidDuring(auctionId, async (live) => {
    await acceptedMore(live, 20);
    for (let i = 0; i < cluster.processes.length; i++) restarts.push(await cluster.restart(i));
    await acceptedMore(live, 20);
  });
  const seconds = (Date.now() - started) / 1000;

  // Every acknowledged bid is stored, and the auction's price is the highest of them.
  const stored = await database.db
    .select({ userId: bids.userId, price: bids.price })
    .from(bids)
    .where(eq(bids.offerId, auctionId));
  const key = (b: { userId: number; price: number }) => `${b.userId}:${b.price}`;
  const storedKeys = new Set(stored.map(key));
  const lost = outcome.accepted.filter((b) => !storedKeys.has(key(b)));
  const [auction] = await database.db
    .select({ price: offers.currentPrice, count: offers.bidCount })
    .from(offers)
    .where(eq(offers.id, auctionId));
  const highest = Math.max(...outcome.accepted.map((b) => b.price));

  // Every watcher comes back (reconnecting through nginx) and shows the server's final price. 30 s: a
  // connection accepted by a process that stops before socket.io's handshake is only given up after
  // socket.io-client's 20 s connect timeout.
  const deadline = Date.now() + 30_000;
  while (watchers.some((w) => w.price !== auction.price) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const behind = watchers.filter((w) => w.price !== auction.price);
  const reconnected = watchers.filter((w) => w.connects > 1).length;
  for (const w of watchers) w.socket.close();

  console.log(
    [
      `rolling restart: ${restarts.length} restarts in ${seconds.toFixed(1)} s`,
      ...restarts.map(
        (r, i) =>
          `  process ${i + 1}: drained ${r.drainedMs} ms, stopped ${r.stoppedMs} ms, back ${r.backMs} ms`,
      ),
      `  bid requests ${outcome.requests}: ${outcome.accepted.length} accepted, ${outcome.rejected} too low (outbid meanwhile), ${outcome.failed.length} failed; ${outcome.resent} resent after nginx closed a kept-alive connection at a reload`,
      `  stored bids ${stored.length}, lost ${lost.length}; final price ${auction.price} zł after ${auction.count} bids`,
      `  watchers ${WATCHERS}: ${reconnected} reconnected, ${behind.length} not on the final price`,
    ].join("\n"),
  );

  // Every expectation at once, each named in the failure's first line: a CI log keeps little, and
  // which of them failed (and with what) tells a loaded machine from a defect.
  const upstreamErrors = cluster
    .nginxErrors()
    .slice(errorLogBefore)
    .split("\n")
    .filter((line) => /upstream/.test(line));
  const problems = [
    restarts.length !== 3 && `${restarts.length} restarts of 3`,
    outcome.failed.length && `failed requests: ${outcome.failed.join(" | ")}`,
    lost.length && `acknowledged bids not stored: ${JSON.stringify(lost)}`,
    stored.length !== outcome.accepted.length &&
      `${stored.length} bids stored, ${outcome.accepted.length} acknowledged`,
    auction.price !== highest && `final price ${auction.price}, highest acknowledged bid ${highest}`,
    outcome.accepted.length <= 20 && `only ${outcome.accepted.length} bids accepted`,
    behind.length &&
      `watchers not on the final price ${auction.price}: ${behind.map((w) => w.price).join(", ")}`,
    // Each process held some of the live connections when it stopped: they came back elsewhere.
    reconnected <= WATCHERS / 2 && `only ${reconnected} of ${WATCHERS} watchers reconnected`,
    upstreamErrors.length && `nginx: ${upstreamErrors.join(" | ")}`,
  ].filter(Boolean);
  expect(problems, problems.join("; ")).toEqual([]);
}, 180_000);

it("every line the processes logged is one JSON object with a level, a time and a message; the start line gives the public address; an error's stack is a field", async () => {
  // React Router refuses a form posted from another site's page: an error of the page's request.
  const res = await fetch(`${cluster.url}/panel/logowanie`, {
    method: "POST",
    headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "email=a%40b.pl",
  });
  expect(res.status).toBe(400);
  const lines = await vi.waitFor(
    () => {
      const all = cluster.processes.flatMap((p) =>
        p
          .output()
          .split("\n")
          .filter((l) => l.trim()),
      );
      expect(all.some((l) => l.includes("evil.example") || l.includes("origin"))).toBe(true);
      return all;
    },
    { timeout: 10_000 },
  );
  const notJson = lines.filter((l) => {
    try {
      const entry = JSON.parse(l);
      return !(
        typeof entry.level === "number" &&
        typeof entry.time === "number" &&
        typeof entry.msg === "string"
      );
    } catch {
      return true;
    }
  });
  expect(notJson, notJson.slice(0, 5).join("\n")).toEqual([]);
  const entries = lines.map((l) => JSON.parse(l));
  const started = entries.filter((e) => e.msg.startsWith("Marketplace działa:"));
  expect(started.length).toBeGreaterThanOrEqual(cluster.processes.length);
  for (const e of started) expect(e.publicUrl).toBe(cluster.url);
  const refused = entries.find((e) => e.err && /origin/.test(e.err.message));
  expect(refused?.err.stack).toMatch(/\n\s+at /);
  expect(refused?.reqId).toBeDefined();
});
