import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumNextBid } from "../../src/domain/auctions/bidding";
import { auctionOutbidMails, bids, offers, proxyBids } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionRow, auctionTestClient, bid, createAuction, maxBid } from "../support/auction-fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ AUCTION_CLOSE_POLL_MS: "100" });
});
afterAll(() => server.close());

const { db, get, outbox, signedIn } = auctionTestClient(() => server);
const open = (token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(server.url, {
      transports: ["websocket"],
      reconnection: false,
      auth: token ? { token } : {},
    });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
/** A watcher of one auction that records every informAboutBid it gets. */
const watch = async (auctionId: number) => {
  const socket = await open();
  const seen: Array<Record<string, unknown>> = [];
  socket.on("informAboutBid", (m) => seen.push(m));
  await new Promise((resolve) => socket.emit("WatchAuctions", [auctionId], resolve));
  return { socket, seen };
};

describe("maximum offers (proxy bids)", () => {
  it("bid the least needed to lead whenever someone else bids, as ordinary bids on the hub", async () => {
    const a = await createAuction(db(), { startingPrice: 40_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    const watcher = await watch(a);
    const annaAlerts: string[] = [];
    const annaSocket = await open(anna.token);
    annaSocket.on("showAlert", (m: { Message: string }) => annaAlerts.push(m.Message));
    try {
      const set = await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 42_000 });
      expect(set).toMatchObject({
        status: 200,
        body: { MaxPrice: 42_000, Leading: true, Exceeded: false, CurrentPrice: 40_000, BidCount: 1 },
      });
      // Piotr bids; Anna's maximum answers at once with one step more.
      const p = await bid(server.url, piotr.token, { AuctionId: a, Price: 41_000 });
      expect(p.body).toMatchObject({
        CurrentPrice: 41_250,
        BidCount: 3,
        UToken: anna.utoken,
        MinimumBid: 41_500,
      });
      // Beyond her maximum, Piotr leads.
      const q = await bid(server.url, piotr.token, { AuctionId: a, Price: 42_250 });
      expect(q.body).toMatchObject({ CurrentPrice: 42_250, BidCount: 4, UToken: piotr.utoken });
      await expect.poll(() => watcher.seen.length).toBe(4);
      // Anna is alerted once, when her maximum is exceeded; not when it answered Piotr's first bid.
      await expect
        .poll(() => annaAlerts)
        .toEqual([
          "Twoja maksymalna oferta 42\u00a0000\u00a0zł została przebita. Aktualna cena: 42\u00a0250\u00a0zł.",
        ]);
      expect(watcher.seen.map((m) => [m.cp, m.bn])).toEqual([
        [40_000, 1],
        [41_000, 2],
        [41_250, 3],
        [42_250, 4],
      ]);
      // The maximum is nowhere in what watchers get.
      expect(JSON.stringify(watcher.seen)).not.toContain("42000");
      const history = await get(`/api/Bidding/BiddingHistory?auctionId=${a}`);
      expect(history.body.Count).toBe(4);
      expect(JSON.stringify(history.body)).not.toContain("42000");
    } finally {
      watcher.socket.close();
      annaSocket.close();
    }
    // Only the owner sees the maximum; it is marked exceeded and she got one e-mail about it.
    expect((await get(`/api/Bidding/MaxBid?auctionId=${a}`, anna.token)).body).toEqual({
      AuctionId: a,
      MaxPrice: 42_000,
      Exceeded: true,
    });
    expect((await get(`/api/Bidding/MaxBid?auctionId=${a}`, piotr.token)).body).toEqual({
      AuctionId: a,
      MaxPrice: null,
      Exceeded: false,
    });
    expect((await get(`/api/Bidding/MaxBid?auctionId=${a}`)).status).toBe(401);
    const mails = await outbox(anna.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Twoja maksymalna oferta została przekroczona: Škoda Octavia 2.0 TDI Style",
    ]);
    expect(mails[0].text).toContain(
      "padła oferta wyższa niż Twoja maksymalna oferta 42\u00a0000\u00a0zł netto (51\u00a0660\u00a0zł brutto).",
    );
    expect(mails[0].text).toContain("Aktualna cena to 42\u00a0250\u00a0zł netto (");
  });

  it("two maxima settle in one bid; of equal maxima the earlier one leads", async () => {
    const a = await createAuction(db(), { startingPrice: 40_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 45_000 });
    const p = await maxBid(server.url, piotr.token, { AuctionId: a, MaxPrice: 43_000 });
    // Piotr's maximum is beaten at once: Anna leads one step above it.
    expect(p.body).toMatchObject({ Leading: false, Exceeded: true, CurrentPrice: 43_250, BidCount: 2 });
    const tie = await maxBid(server.url, piotr.token, { AuctionId: a, MaxPrice: 45_000 });
    expect(tie.body).toMatchObject({
      Leading: false,
      Exceeded: true,
      CurrentPrice: 45_000,
      UToken: anna.utoken,
    });
    // Piotr was told in the answer; no e-mail to the person who just set it.
    expect(await outbox(piotr.email)).toEqual([]);
    const rows = await db().select().from(bids).where(eq(bids.offerId, a));
    expect(rows.map((r) => [r.userId, r.price])).toEqual([
      [anna.id, 40_000],
      [anna.id, 43_250],
      [anna.id, 45_000],
    ]);
  });
});

describe("changing a maximum offer, and anti-sniping", () => {
  it("the owner may raise a maximum, not lower it below the leading amount; too low is refused (65)", async () => {
    const a = await createAuction(db(), { startingPrice: 40_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    await bid(server.url, piotr.token, { AuctionId: a, Price: 40_000 });
    expect(await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 40_000 })).toMatchObject({
      status: 400,
      body: {
        ErrorCode: 65,
        ErrorMessage: "Maksymalna oferta jest za niska. Musi wynosić co najmniej 40\u00a0250\u00a0zł.",
      },
    });
    expect((await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 41_000 })).body).toMatchObject({
      Leading: true,
      CurrentPrice: 40_250,
    });
    const raised = await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 50_000 });
    expect(raised.body).toMatchObject({ Leading: true, CurrentPrice: 40_250, BidCount: 2, MaxPrice: 50_000 });
    expect(await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 40_000 })).toMatchObject({
      status: 400,
      body: {
        ErrorCode: 65,
        ErrorMessage:
          "Maksymalna oferta nie może być niższa niż Twoja prowadząca oferta 40\u00a0250\u00a0zł.",
      },
    });
    // The same maximum again changes nothing.
    expect((await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 50_000 })).body).toMatchObject({
      Repeated: true,
      BidCount: 2,
    });
    expect(await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 12.5 })).toMatchObject({
      status: 400,
      body: { ErrorMessage: "Pole MaxPrice: Maksymalna kwota musi być w pełnych złotych." },
    });
    expect((await maxBid(server.url, null, { AuctionId: a, MaxPrice: 60_000 })).status).toBe(401);
    const ended = await createAuction(db(), { end: new Date(Date.now() - 1000) });
    expect(
      (await maxBid(server.url, anna.token, { AuctionId: ended, MaxPrice: 60_000 })).body.ErrorCode,
    ).toBe(61);
  });

  it("anti-sniping applies to a proxy bid", async () => {
    const a = await createAuction(db(), { end: new Date(Date.now() + 60_000), startingPrice: 40_000 });
    const anna = await signedIn();
    const before = Date.now();
    const r = await maxBid(server.url, anna.token, { AuctionId: a, MaxPrice: 45_000 });
    expect(r.body.Extended).toBe(true);
    expect(Date.parse(String(r.body.AuctionEndUtc))).toBeGreaterThanOrEqual(before + 120_000);
  });
});

describe("outbid e-mails are coalesced", () => {
  it("at most one per auction and bidder every few minutes, and one in the last minutes", async () => {
    const a = await createAuction(db(), { startingPrice: 40_000, end: new Date(Date.now() + 30 * 60_000) });
    const anna = await signedIn();
    const piotr = await signedIn();
    let price = 40_000;
    for (let i = 0; i < 4; i++) {
      await bid(server.url, anna.token, { AuctionId: a, Price: price });
      await bid(server.url, piotr.token, { AuctionId: a, Price: price + 250 });
      price += 500;
    }
    // Anna was outbid four times within a minute: one e-mail.
    expect(await outbox(anna.email)).toHaveLength(1);
    // A minute later (the e-mail dated back, still within the interval) the auction is in its last
    // minutes (its end 2.5 minutes away): one more e-mail…
    await db()
      .update(auctionOutbidMails)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(auctionOutbidMails.offerId, a));
    await db()
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() + 150_000) })
      .where(eq(offers.id, a));
    await bid(server.url, anna.token, { AuctionId: a, Price: price });
    await bid(server.url, piotr.token, { AuctionId: a, Price: price + 250 });
    expect(await outbox(anna.email)).toHaveLength(2);
    // …and no more within the interval after it.
    await bid(server.url, anna.token, { AuctionId: a, Price: price + 500 });
    await bid(server.url, piotr.token, { AuctionId: a, Price: price + 750 });
    expect(await outbox(anna.email)).toHaveLength(2);
    // Once the interval has passed (the last e-mail dated back), the next outbid is e-mailed again.
    await db()
      .update(auctionOutbidMails)
      .set({ sentAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(auctionOutbidMails.offerId, a));
    await db()
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() + 30 * 60_000) })
      .where(eq(offers.id, a));
    await bid(server.url, anna.token, { AuctionId: a, Price: price + 1_000 });
    await bid(server.url, piotr.token, { AuctionId: a, Price: price + 1_250 });
    expect(await outbox(anna.email)).toHaveLength(3);
  });
});

describe("the e-mails of a decision whose process stopped before queuing them", () => {
  it("are queued once by the sweep, however often it runs", async () => {
    const a = await createAuction(db(), { startingPrice: 40_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    const [offer] = await db().select().from(offers).where(eq(offers.id, a));
    const now = new Date().toISOString();
    const start = offer.auctionStart?.toISOString() ?? null;
    // The decisions as a process makes them, without the e-mails it would queue right after.
    const decide = (userId: number, price: number) =>
      db().execute(sql`select auction_decide(${a}::int, ${userId}::int, 'bid', ${price}::int,
        ${now}::timestamptz, ${start}::timestamptz, 120000, 120000)`);
    await decide(anna.id, 40_000);
    await decide(piotr.id, 40_250);
    expect(await outbox(anna.email)).toEqual([]);
    await Promise.all([
      server.services.auctions.bidding.notices.sweep(),
      server.services.auctions.bidding.notices.sweep(),
    ]);
    await server.services.auctions.bidding.notices.sweep();
    const mails = await outbox(anna.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Twoja oferta została przelicytowana/);
    expect(mails[0].text).toMatch(/Aktualna cena to 40\s250\szł netto \(49\s508\szł brutto\)\./);
  });
});

describe("random interleavings of manual and proxy bids (property, concurrent requests)", () => {
  type Op = { who: number; kind: "bid" | "max"; steps: number };
  const ops = fc.array(
    fc.record({
      who: fc.integer({ min: 0, max: 3 }),
      kind: fc.constantFrom<"bid" | "max">("bid", "max"),
      steps: fc.integer({ min: 0, max: 8 }),
    }),
    { minLength: 4, maxLength: 14 },
  );

  it("keep price = highest accepted, count = accepted, rising prices for every watcher, proxies within maxima", async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => signedIn()));
    await fc.assert(
      fc.asyncProperty(ops, async (list: Op[]) => {
        const a = await createAuction(db(), { startingPrice: 9_000 });
        const watchers = await Promise.all([watch(a), watch(a)]);
        try {
          // Each request reads the state it will bid on, then all race (several per person).
          const answers = await Promise.all(
            list.map(async (op) => {
              const state = await auctionRow(db(), a);
              const minimum = minimumNextBid({
                startingPrice: 9_000,
                currentPrice: state.currentPrice ?? 9_000,
                bidCount: state.bidCount,
              });
              const amount = minimum + op.steps * 100;
              const p = people[op.who];
              return op.kind === "bid"
                ? bid(server.url, p.token, { AuctionId: a, Price: amount })
                : maxBid(server.url, p.token, { AuctionId: a, MaxPrice: amount + 1_000 });
            }),
          );
          for (const r of answers) expect([200, 400]).toContain(r.status);
          const row = await auctionRow(db(), a);
          const accepted = await db().select().from(bids).where(eq(bids.offerId, a));
          const maxima = await db().select().from(proxyBids).where(eq(proxyBids.offerId, a));
          expect(row.bidCount).toBe(accepted.length);
          if (accepted.length) {
            const top = accepted.reduce((x, y) => (y.price > x.price ? y : x));
            expect(row.currentPrice).toBe(top.price);
            expect(row.leaderUserId).toBe(top.userId);
          }
          // Bids in the order they were accepted only rise.
          const byId = [...accepted].sort((x, y) => x.id - y.id).map((b) => b.price);
          expect(byId).toEqual([...byId].sort((x, y) => x - y));
          // A bid above every manual bid of its bidder was placed by their maximum: never above it.
          const manual = new Set(
            list.flatMap((op, i) =>
              op.kind === "bid" && answers[i].status === 200 && !answers[i].body.Repeated
                ? [`${people[op.who].id}:${answers[i].body.Price}`]
                : [],
            ),
          );
          for (const b of accepted) {
            if (manual.has(`${b.userId}:${b.price}`)) continue;
            const m = maxima.find((x) => x.userId === b.userId);
            expect(m).toBeDefined();
            expect(b.price).toBeLessThanOrEqual(m?.maxPrice ?? 0);
          }
          // Settled: nobody but the leader has a live maximum that could still bid.
          for (const m of maxima) {
            if (m.userId === row.leaderUserId || m.exceededAt) continue;
            expect(m.maxPrice).toBeLessThan(
              minimumNextBid({
                startingPrice: 9_000,
                currentPrice: row.currentPrice ?? 0,
                bidCount: row.bidCount,
              }),
            );
          }
          // Every watcher saw prices only rise and ends on the final state.
          for (const w of watchers) {
            await expect.poll(() => w.seen.at(-1)?.bn ?? 0).toBe(row.bidCount);
            const prices = w.seen.map((m) => Number(m.cp));
            for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]);
          }
        } finally {
          for (const w of watchers) w.socket.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
