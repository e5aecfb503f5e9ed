import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction } from "../../../tests/support/auction-fixtures";
import { copyMigratedDatabase } from "../../../tests/support/migrated-database";
import { minimumIncrement, minimumNextBid } from "../../domain/auctions/bidding";
import {
  exceededMaxima,
  type LeadState,
  minimumMaximum,
  type PlannedBid,
  type ProxyMax,
  settle,
} from "../../domain/auctions/proxy";
import { buyNowOpen } from "../../domain/auctions/reserve";
import { type Database, openDatabase, resultRows } from "../db/client";
import { offers, users } from "../db/schema/index";

// The database function auction_decide (drizzle/0036) decides bids in one call; the rules it applies
// are those of domain/auctions/bidding.ts and proxy.ts, which the property tests there pin down. Here
// every random sequence of bids and maxima is decided by both, and they must agree on every answer,
// every accepted bid, every exceeded maximum and everyone who is to be e-mailed. Buy now (auction_buy_now,
// drizzle/0043) is among the changes: it is offered by the rule of domain/auctions/reserve.ts, and once
// taken the auction has ended for every change after it.

let database: Database;
let dir: string;
const people: number[] = [];
const START = new Date("2026-11-01T08:00:00Z");
const NOW = new Date("2026-11-02T08:00:00Z");
const END = new Date("2026-11-09T08:00:00Z");

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bid-decision-"));
  await copyMigratedDatabase(dir);
  database = await openDatabase({ dataDir: dir });
  for (let i = 0; i < 4; i++) {
    const [u] = await database.db
      .insert(users)
      .values({
        email: `licytujacy${i}@example.com`,
        passwordHash: "x",
        utoken: `token${i}`,
        nip: "5260250274",
        status: "active",
      })
      .returning({ id: users.id });
    people.push(u.id);
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Change = { who: number; kind: "bid" | "max" | "buyNow"; steps: number; again: boolean };

/** The answer the model gives, in the shape compared with the function's. */
type Outcome =
  | { refused: string; minimum?: number }
  | {
      repeated: boolean;
      currentPrice: number;
      bidCount: number;
      leaderUserId: number | null;
      bids: PlannedBid[];
      exceeded: ProxyMax["userId"][];
      notices: string[];
    };

/** The decision as the TypeScript rules make it, applied to the model's state. */
class Model {
  maxima: ProxyMax[] = [];
  version = 0;
  placed = new Set<string>();
  /** Someone bought it now: the auction has ended. */
  ended = false;
  constructor(
    public state: LeadState,
    private readonly terms: { reservePrice: number | null; buyNowPrice: number | null } = {
      reservePrice: null,
      buyNowPrice: null,
    },
  ) {}

  buyNow(user: number): Outcome {
    if (this.ended) return { refused: "ended" };
    const { buyNowPrice } = this.terms;
    if (buyNowPrice === null || !buyNowOpen({ ...this.terms, ...this.state }))
      return { refused: "buyNowClosed" };
    this.state = {
      ...this.state,
      currentPrice: buyNowPrice,
      bidCount: this.state.bidCount + 1,
      leaderUserId: user,
    };
    this.placed.add(`${user}@${buyNowPrice}`);
    this.ended = true;
    return {
      repeated: false,
      currentPrice: buyNowPrice,
      bidCount: this.state.bidCount,
      leaderUserId: user,
      bids: [{ userId: user, price: buyNowPrice }],
      exceeded: [],
      notices: [],
    };
  }

  decide(user: number, kind: "bid" | "max", amount: number): Outcome {
    const unchanged = (): Outcome => ({
      repeated: true,
      currentPrice: this.state.currentPrice,
      bidCount: this.state.bidCount,
      leaderUserId: this.state.leaderUserId,
      bids: [],
      exceeded: [],
      notices: [],
    });
    let maxima = this.maxima;
    let manual: PlannedBid | null = null;
    if (kind === "bid") {
      if (this.placed.has(`${user}@${amount}`)) return unchanged();
      if (this.ended) return { refused: "ended" };
      const minimum = minimumNextBid(this.state);
      if (amount < minimum) return { refused: "tooLow", minimum };
      manual = { userId: user, price: amount };
    } else {
      if (this.ended) return { refused: "ended" };
      if (maxima.find((p) => p.userId === user)?.maxPrice === amount) return unchanged();
      const lowest = minimumMaximum(this.state, user);
      if (amount < lowest) return { refused: "maxTooLow", minimum: lowest };
      maxima = [
        ...maxima.filter((p) => p.userId !== user),
        { userId: user, maxPrice: amount, setSeq: this.version + 1 },
      ];
      this.version++;
    }
    const before = this.state;
    const { bids, state } = settle(before, maxima, manual);
    const exceeded = exceededMaxima(state, maxima);
    // Whom each bid outbid; a maximum exceeded is told that instead; never the final leader or the actor.
    const outbid = new Map<number, number>();
    let previous = before;
    for (const b of bids) {
      if (previous.leaderUserId !== null && previous.leaderUserId !== b.userId) {
        outbid.set(previous.leaderUserId, previous.currentPrice);
      }
      previous = {
        ...previous,
        currentPrice: b.price,
        bidCount: previous.bidCount + 1,
        leaderUserId: b.userId,
      };
    }
    outbid.delete(state.leaderUserId ?? -1);
    const notices: string[] = [];
    for (const p of exceeded) {
      outbid.delete(p.userId);
      if (p.userId !== user) notices.push(`exceeded:${p.userId}:${p.maxPrice}`);
    }
    for (const [who, price] of outbid) if (who !== user) notices.push(`outbid:${who}:${price}`);
    for (const b of bids) this.placed.add(`${b.userId}@${b.price}`);
    this.state = state;
    this.maxima = maxima.filter((p) => !exceeded.includes(p));
    return {
      repeated: false,
      currentPrice: state.currentPrice,
      bidCount: state.bidCount,
      leaderUserId: state.leaderUserId,
      bids,
      exceeded: exceeded.map((p) => p.userId).sort(),
      notices: notices.sort(),
    };
  }
}

async function decideInDatabase(
  offerId: number,
  user: number,
  kind: string,
  amount: number,
  buyNowPrice: number | null,
): Promise<Outcome> {
  if (kind === "buyNow") return buyNowInDatabase(offerId, user, buyNowPrice ?? 0);
  const rows = resultRows<{ a: Record<string, unknown> & { refused?: string } }>(
    await database.db.execute(
      sql`select auction_decide(${offerId}::int, ${user}::int, ${kind}::text, ${amount}::int,
        ${NOW.toISOString()}::timestamptz, ${START.toISOString()}::timestamptz, 120000, 120000) as a`,
    ),
  );
  const a = rows[0].a;
  if (a.refused) return { refused: a.refused, minimum: a.minimum as number };
  const notices = (a.notices as { userId: number; kind: string; price: number }[]).map(
    (n) => `${n.kind}:${n.userId}:${n.price}`,
  );
  return {
    repeated: a.repeated as boolean,
    currentPrice: a.currentPrice as number,
    bidCount: a.bidCount as number,
    leaderUserId: a.leaderUserId as number | null,
    bids: (a.bids as PlannedBid[]).map((b) => ({ userId: b.userId, price: b.price })),
    exceeded: (a.exceeded as ProxyMax[]).map((p) => p.userId).sort(),
    notices: notices.sort(),
  };
}

async function buyNowInDatabase(offerId: number, user: number, price: number): Promise<Outcome> {
  const rows = resultRows<{ a: Record<string, unknown> & { refused?: string } }>(
    await database.db.execute(
      sql`select auction_buy_now(${offerId}::int, ${user}::int, ${price}::int,
        ${NOW.toISOString()}::timestamptz, ${START.toISOString()}::timestamptz) as a`,
    ),
  );
  const a = rows[0].a;
  if (a.refused) return { refused: a.refused };
  const [leader] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.utoken, a.leaderUtoken as string));
  return {
    repeated: false,
    currentPrice: a.currentPrice as number,
    bidCount: a.bidCount as number,
    leaderUserId: leader.id,
    bids: [{ userId: leader.id, price: a.currentPrice as number }],
    exceeded: [],
    notices: [],
  };
}

const change = fc.record({
  who: fc.nat({ max: 3 }),
  kind: fc.constantFrom<"bid" | "max" | "buyNow">("bid", "max", "bid", "max", "buyNow"),
  steps: fc.integer({ min: -2, max: 8 }),
  again: fc.boolean(),
});

describe("a bid decided in the database", () => {
  it("agrees with the bidding rules on every answer, bid, exceeded maximum, e-mail and buy now", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(9_500, 40_000, 49_000, 99_000, 248_000),
        fc.option(fc.constantFrom(300, 1_000), { nil: null }),
        fc.array(change, { minLength: 1, maxLength: 10 }),
        // The reserve and the buy-now price a few steps above the start, or none.
        fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
        async (startingPrice, minIncrement, changes: Change[], reserveSteps, buyNowSteps) => {
          const unit = minimumIncrement(startingPrice, minIncrement);
          const reservePrice = reserveSteps === null ? null : startingPrice + reserveSteps * unit;
          const buyNowPrice =
            buyNowSteps === null ? null : Math.max(startingPrice + buyNowSteps * unit, reservePrice ?? 0);
          const id = await createAuction(database.db, {
            start: START,
            end: END,
            startingPrice,
            minIncrement,
            reservePrice,
            buyNowPrice,
          });
          const model = new Model(
            {
              startingPrice,
              currentPrice: startingPrice,
              bidCount: 0,
              leaderUserId: null,
              minIncrement,
            },
            { reservePrice, buyNowPrice },
          );
          const last = new Map<number, number>();
          for (const c of changes) {
            const user = people[c.who];
            const step = minimumIncrement(model.state.currentPrice, minIncrement);
            // Sometimes the same amount again (a retried request, the same maximum), else around the minimum.
            const amount =
              c.again && last.has(user)
                ? (last.get(user) as number)
                : minimumNextBid(model.state) + c.steps * step;
            last.set(user, amount);
            const expected = c.kind === "buyNow" ? model.buyNow(user) : model.decide(user, c.kind, amount);
            expect(await decideInDatabase(id, user, c.kind, amount, buyNowPrice)).toEqual(expected);
          }
          const [row] = await database.db.select().from(offers).where(eq(offers.id, id));
          expect({ price: row.bidCount ? row.currentPrice : startingPrice, count: row.bidCount }).toEqual({
            price: model.state.currentPrice,
            count: model.state.bidCount,
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
