import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumNextBid } from "../../src/domain/auctions/bidding";
import type { Database } from "../../src/server/db/client";
import { bid, createAuction, createBidder, maxBid, signIn } from "../support/auction-fixtures";
import { type ServerProcess, startTwoProcesses, type TwoProcesses } from "../support/processes";

// Two server processes on one PostgreSQL: live events cross between them through
// @socket.io/postgres-adapter (LISTEN/NOTIFY) as server-side events. Runs in the PostgreSQL pass (TEST_ON_POSTGRES=1).
let processes: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let database: Database;

beforeAll(async () => {
  processes = await startTwoProcesses("scale");
  ({ a, b, database } = processes);
}, 120_000);

afterAll(async () => {
  await processes?.stop();
});

const open = (serverUrl: string, token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(serverUrl, {
      transports: ["websocket"],
      auth: token ? { token } : {},
      reconnection: false,
    });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
const next = <T>(s: Socket, event: string): Promise<T> =>
  new Promise((resolve, reject) => {
    // Generous: under a loaded CI machine NOTIFY between processes can take a few seconds.
    const t = setTimeout(() => reject(new Error(`no ${event} within 15 s`)), 15_000);
    s.once(event, (v: T) => {
      clearTimeout(t);
      resolve(v);
    });
  });

describe("live hub across two server processes", () => {
  it("a bid through one process reaches watchers and the outbid person connected to the other", async () => {
    const auction = await createAuction(database.db, { startingPrice: 60_000 });
    const anna = await createBidder(database.db);
    const piotr = await createBidder(database.db);
    const annaToken = await signIn(a.url, anna);
    const piotrToken = await signIn(b.url, piotr);

    const watcher = await open(b.url);
    const annaOnB = await open(b.url, annaToken);
    try {
      const refreshed = next<unknown[]>(watcher, "refreshAuctions");
      watcher.emit("WatchAuctions", [auction]);
      await refreshed;

      // Anna's connection lives on B; she bids through A with its id, so B's socket joins the room.
      const annaId = await new Promise<string>((resolve) => {
        annaOnB.once("connectionId", resolve);
        annaOnB.emit("GetConnectionId");
      });
      const watcherSees = next<Record<string, unknown>>(watcher, "informAboutBid");
      const annaSees = next<Record<string, unknown>>(annaOnB, "informAboutBid");
      expect(
        (await bid(a.url, annaToken, { AuctionId: auction, Price: 60_000, ConnectionId: annaId })).status,
      ).toBe(200);
      expect(await watcherSees).toMatchObject({ ai: auction, cp: 60_000, wh: anna.utoken, bn: 1 });
      expect(await annaSees).toMatchObject({ cp: 60_000, bn: 1 });

      // Piotr outbids through A as well: Anna, connected to B, gets the live alert.
      const alert = next<{ Message: string }>(annaOnB, "showAlert");
      const second = next<Record<string, unknown>>(watcher, "informAboutBid");
      expect((await bid(a.url, piotrToken, { AuctionId: auction, Price: 61_000 })).status).toBe(200);
      expect(await second).toMatchObject({ cp: 61_000, wh: piotr.utoken, bn: 2 });
      expect((await alert).Message).toContain("została przelicytowana");
    } finally {
      watcher.close();
      annaOnB.close();
    }
  });

  it("concurrent bids through both processes keep the invariants", async () => {
    const auction = await createAuction(database.db, { startingPrice: 10_000 });
    const people = await Promise.all(Array.from({ length: 4 }, () => createBidder(database.db)));
    const tokens = await Promise.all(people.map((p, i) => signIn(i % 2 ? a.url : b.url, p)));
    const results = await Promise.all(
      tokens.flatMap((t, i) =>
        Array.from({ length: 10 }, (_, k) =>
          bid(i % 2 ? a.url : b.url, t, { AuctionId: auction, Price: 10_000 + (k * 4 + i) * 100 }),
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    const rows = await database.pool!.query("select price from bids where offer_id = $1 order by id", [
      auction,
    ]);
    const prices = rows.rows.map((r: { price: number }) => r.price);
    expect(prices.length).toBe(accepted);
    for (let i = 1; i < prices.length; i++) expect(prices[i] - prices[i - 1]).toBeGreaterThanOrEqual(100);
    const offer = await database.pool!.query("select current_price, bid_count from offers where id = $1", [
      auction,
    ]);
    expect(offer.rows[0]).toEqual({ current_price: Math.max(...prices), bid_count: prices.length });
  });

  it("manual bids and maximum offers through both processes keep the invariants (ADR 019)", async () => {
    const auction = await createAuction(database.db, { startingPrice: 10_000 });
    const people = await Promise.all(Array.from({ length: 4 }, () => createBidder(database.db)));
    const tokens = await Promise.all(people.map((p, i) => signIn(i % 2 ? a.url : b.url, p)));
    // People 0 and 1 set (and raise) maxima through B and A; 2 and 3 bid by hand through both.
    const results = await Promise.all(
      tokens.flatMap((t, i) =>
        Array.from({ length: 8 }, (_, k) =>
          i < 2
            ? maxBid(k % 2 ? a.url : b.url, t, { AuctionId: auction, MaxPrice: 10_500 + (k * 2 + i) * 300 })
            : bid(k % 2 ? a.url : b.url, t, { AuctionId: auction, Price: 10_000 + (k * 2 + i) * 200 }),
        ),
      ),
    );
    for (const r of results) expect([200, 400]).toContain(r.status);
    const rows = await database.pool!.query(
      "select user_id, price from bids where offer_id = $1 order by id",
      [auction],
    );
    const prices = rows.rows.map((r: { price: number }) => r.price);
    for (let i = 1; i < prices.length; i++) {
      expect(prices[i]).toBeGreaterThanOrEqual(
        minimumNextBid({ startingPrice: 10_000, currentPrice: prices[i - 1], bidCount: i }),
      );
    }
    const offer = await database.pool!.query(
      "select current_price, bid_count, leader_user_id from offers where id = $1",
      [auction],
    );
    expect(offer.rows[0]).toMatchObject({ current_price: Math.max(...prices), bid_count: prices.length });
    const maxima = await database.pool!.query(
      "select user_id, max_price from proxy_bids where offer_id = $1",
      [auction],
    );
    for (const m of maxima.rows as Array<{ user_id: number; max_price: number }>) {
      // The server never bid above a maximum (people 0 and 1 only ever bid through theirs)…
      for (const r of rows.rows as Array<{ user_id: number; price: number }>) {
        if (r.user_id === m.user_id) expect(r.price).toBeLessThanOrEqual(m.max_price);
      }
      // …and no one else's maximum could still bid when it all settled.
      if (m.user_id !== offer.rows[0].leader_user_id) {
        expect(m.max_price).toBeLessThan(
          minimumNextBid({
            startingPrice: 10_000,
            currentPrice: offer.rows[0].current_price,
            bidCount: prices.length,
          }),
        );
      }
    }
  });
});
