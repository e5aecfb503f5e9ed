import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minimumIncrement, minimumNextBid } from "./bidding";
import {
  type LeadState,
  minimumMaximum,
  type PlannedBid,
  type ProxyMax,
  proxyResponse,
  settle,
} from "./proxy";

const start = (startingPrice: number): LeadState => ({
  startingPrice,
  currentPrice: startingPrice,
  bidCount: 0,
  leaderUserId: null,
});

describe("proxyResponse", () => {
  it("bids the starting price for the only maximum of an auction without bids", () => {
    expect(proxyResponse(start(40_000), [{ userId: 1, maxPrice: 50_000, setSeq: 1 }])).toEqual({
      userId: 1,
      price: 40_000,
    });
  });

  it("answers a manual bid with the minimum next bid, never above the maximum", () => {
    const maxima = [{ userId: 1, maxPrice: 41_000, setSeq: 1 }];
    const led: LeadState = { startingPrice: 40_000, currentPrice: 40_500, bidCount: 3, leaderUserId: 2 };
    expect(proxyResponse(led, maxima)).toEqual({ userId: 1, price: 40_750 });
    const high: LeadState = { ...led, currentPrice: 40_900 };
    expect(proxyResponse(high, maxima)).toBeNull();
  });

  it("lets two maxima settle in one bid: one step above the loser's maximum, at most the winner's", () => {
    const maxima = [
      { userId: 1, maxPrice: 45_000, setSeq: 1 },
      { userId: 2, maxPrice: 43_000, setSeq: 2 },
    ];
    const { bids, state } = settle(start(40_000), maxima, null);
    expect(bids).toEqual([{ userId: 1, price: 43_250 }]);
    expect(state).toMatchObject({ currentPrice: 43_250, bidCount: 1, leaderUserId: 1 });
  });

  it("steps by the auction's own increment when staff set one", () => {
    const maxima = [
      { userId: 1, maxPrice: 310_000, setSeq: 1 },
      { userId: 2, maxPrice: 305_000, setSeq: 2 },
    ];
    // The table's step at this price is 2 500 zł; this auction's is 100 zł.
    expect(settle({ ...start(300_000), minIncrement: 100 }, maxima, null).bids).toEqual([
      { userId: 1, price: 305_100 },
    ]);
    expect(settle(start(300_000), maxima, null).bids).toEqual([{ userId: 1, price: 307_500 }]);
  });

  it("gives equal maxima to the one set earlier, at that maximum", () => {
    const led: LeadState = { startingPrice: 40_000, currentPrice: 41_000, bidCount: 2, leaderUserId: 2 };
    const maxima = [
      { userId: 2, maxPrice: 44_000, setSeq: 5 },
      { userId: 1, maxPrice: 44_000, setSeq: 3 },
    ];
    expect(settle(led, maxima, null).bids).toEqual([{ userId: 1, price: 44_000 }]);
    const reversed = maxima.map((m) => ({ ...m, setSeq: 8 - m.setSeq }));
    // Now the leader's maximum is the earlier one: it defends at the challenger's maximum.
    expect(settle({ ...led, leaderUserId: 2 }, reversed, null).bids).toEqual([{ userId: 2, price: 44_000 }]);
  });

  it("a maximum may be raised, or lowered to the leading amount while leading", () => {
    const led: LeadState = { startingPrice: 40_000, currentPrice: 41_000, bidCount: 2, leaderUserId: 2 };
    expect(minimumMaximum(led, 2)).toBe(41_000);
    expect(minimumMaximum(led, 1)).toBe(41_250);
  });
});

/**
 * Random interleavings of manual bids (some too low) and maxima (set, raised, some refused) by a few
 * bidders, checked after every step against the bidding invariants.
 */
const bidder = fc.integer({ min: 1, max: 4 });
const op = fc.oneof(
  fc.record({ kind: fc.constant("bid" as const), userId: bidder, steps: fc.integer({ min: -1, max: 6 }) }),
  fc.record({
    kind: fc.constant("max" as const),
    userId: bidder,
    extra: fc.integer({ min: -300, max: 9_000 }),
  }),
);

describe("proxy bids keep every bidding invariant (property)", () => {
  it("price = highest accepted, count = accepted bids, prices only rise, no proxy above its maximum", () => {
    // With the rules' table, or an auction's own increment set by staff.
    const ownIncrement = fc.option(
      fc.integer({ min: 1, max: 50 }).map((n) => n * 100),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        ownIncrement,
        fc.array(op, { maxLength: 40 }),
        (hundreds, minIncrement, ops) => {
          let state: LeadState = { ...start(hundreds * 100), minIncrement };
          const maxima = new Map<number, ProxyMax>();
          const accepted: Array<PlannedBid & { proxy: boolean }> = [];
          let seq = 0;
          for (const o of ops) {
            const before = state;
            let manual: PlannedBid | null = null;
            if (o.kind === "bid") {
              const base = minimumNextBid(state);
              const price = base + o.steps * minimumIncrement(state.currentPrice, state.minIncrement);
              if (price < base) continue; // refused: too low
              manual = { userId: o.userId, price };
            } else {
              const amount = minimumMaximum(state, o.userId) + o.extra;
              if (o.extra < 0) continue; // refused: below the lowest allowed maximum
              if (maxima.get(o.userId)?.maxPrice === amount) continue;
              maxima.set(o.userId, { userId: o.userId, maxPrice: amount, setSeq: ++seq });
            }
            const result = settle(state, [...maxima.values()], manual);
            let prev = before;
            for (const [i, b] of result.bids.entries()) {
              // Every bid is a valid bid on the state before it: prices only rise, by at least a step.
              expect(b.price).toBeGreaterThanOrEqual(minimumNextBid(prev));
              const proxy = !(manual && i === 0);
              if (proxy) expect(b.price).toBeLessThanOrEqual(maxima.get(b.userId)?.maxPrice ?? -1);
              accepted.push({ ...b, proxy });
              prev = { ...prev, currentPrice: b.price, bidCount: prev.bidCount + 1, leaderUserId: b.userId };
            }
            expect(result.bids.length).toBeLessThanOrEqual(manual ? 2 : 1);
            state = result.state;
            expect(state.bidCount).toBe(accepted.length);
            if (accepted.length) {
              expect(state.currentPrice).toBe(Math.max(...accepted.map((b) => b.price)));
              expect(state.leaderUserId).toBe(accepted[accepted.length - 1].userId);
            }
            // Settled: no one else's maximum can still bid.
            for (const m of maxima.values()) {
              if (m.userId !== state.leaderUserId) expect(m.maxPrice).toBeLessThan(minimumNextBid(state));
            }
            expect(proxyResponse(state, [...maxima.values()])).toBeNull();
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("of equal highest maxima the earlier one leads, whatever manual bids below them came between", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(
          fc.record({ userId: fc.integer({ min: 3, max: 5 }), steps: fc.integer({ min: 0, max: 3 }) }),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (steps, manualBids, secondAt, firstIsOne) => {
          let state = start(20_000);
          const top = 20_000 + steps * 1_000 + 3_000;
          const [first, second] = firstIsOne ? [1, 2] : [2, 1];
          const maxima: ProxyMax[] = [{ userId: first, maxPrice: top, setSeq: 1 }];
          state = settle(state, maxima, null).state;
          let placed = false;
          /** The second equal maximum, if the server would take it now (not below the minimum next bid). */
          const placeSecond = () => {
            placed = true;
            if (top < minimumMaximum(state, second)) return;
            maxima.push({ userId: second, maxPrice: top, setSeq: 2 });
            state = settle(state, maxima, null).state;
            expect(state.currentPrice).toBe(top);
          };
          manualBids.forEach((m, i) => {
            if (i === secondAt) placeSecond();
            const price = minimumNextBid(state) + m.steps * minimumIncrement(state.currentPrice);
            if (price >= top) return; // only bids below the maxima
            state = settle(state, maxima, { userId: m.userId, price }).state;
          });
          if (!placed) placeSecond();
          expect(state.leaderUserId).toBe(first);
        },
      ),
      { numRuns: 300 },
    );
  });
});
