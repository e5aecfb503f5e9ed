import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBid, type BidMessage, type LiveAuction, mergeSome, replaceAll } from "./live-store";

const entry = (id: number, price: number, bets: number, utoken: string | null = null): LiveAuction => ({
  AuctionId: id,
  LastPrice: price,
  UToken: utoken,
  Bets: bets,
  StartingPrice: 10_000,
  MinIncrement: null,
  AuctionStart: "2026-11-20T10:00:00.000Z",
  AuctionEnd: "2026-11-22T10:00:00.000Z",
  MinimumBid: price + 250,
  IsAuctionEnded: false,
  IsCancelled: false,
  CancelReason: null,
});

/** A bid message: the auction, its price, who leads, the bid count, and what else it carries. */
const bid = (ai: number, cp: number, wh: string, bn: number, more: Partial<BidMessage> = {}): BidMessage => ({
  ai,
  cp,
  wh,
  bn,
  ...more,
});

describe("live auction store", () => {
  it("a bid for a known auction updates price and bidder and moves it to the front", () => {
    const list = [entry(1, 10_000, 0), entry(2, 20_000, 1, "a"), entry(3, 30_000, 2, "b")];
    const next = applyBid(list, bid(3, 30_250, "c", 3, { mb: 30_500 }));
    expect(next.map((a) => a.AuctionId)).toEqual([3, 1, 2]);
    expect(next[0]).toMatchObject({ LastPrice: 30_250, UToken: "c", Bets: 3, MinimumBid: 30_500 });
    expect(list[2].LastPrice).toBe(30_000); // the old list is not changed
  });

  it("a bid for an unknown auction creates an entry", () => {
    const next = applyBid([entry(1, 10_000, 0)], bid(9, 55_000, "x", 1, { ae: "2026-11-23T10:00:00.000Z" }));
    expect(next[0]).toMatchObject({
      AuctionId: 9,
      LastPrice: 55_000,
      UToken: "x",
      Bets: 1,
      AuctionEnd: "2026-11-23T10:00:00.000Z",
    });
    expect(next).toHaveLength(2);
  });

  it("a bid message carrying a new end moves the countdown", () => {
    const next = applyBid([entry(1, 10_000, 0)], bid(1, 10_000, "x", 1, { ae: "2026-11-22T10:02:00.000Z" }));
    expect(next[0].AuctionEnd).toBe("2026-11-22T10:02:00.000Z");
  });

  it("ignores messages that arrive late, so the shown price only rises", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([...Array(30).keys()], { minLength: 1 }), (order) => {
        let list = [entry(1, 10_000, 0)];
        const seen: number[] = [];
        for (const n of order) {
          list = applyBid(list, bid(1, 10_000 + (n + 1) * 250, `u${n}`, n + 1));
          seen.push(list[0].LastPrice);
        }
        return seen.every((p, i) => i === 0 || p >= seen[i - 1]) && list[0].Bets === Math.max(...order) + 1;
      }),
    );
  });

  it("refreshAuctions replaces the list but keeps a newer price a bid message already brought", () => {
    const current = [entry(1, 12_000, 5, "me"), entry(2, 20_000, 1)];
    const replaced = replaceAll(current, [entry(1, 11_750, 4, "other"), entry(3, 5_000, 0)]);
    expect(replaced.map((a) => a.AuctionId)).toEqual([1, 3]);
    expect(replaced[0]).toMatchObject({ LastPrice: 12_000, UToken: "me", Bets: 5 });
    const merged = mergeSome(current, [entry(2, 20_500, 2, "b"), entry(4, 1_000, 0)]);
    expect(merged.map((a) => [a.AuctionId, a.LastPrice])).toEqual([
      [1, 12_000],
      [2, 20_500],
      [4, 1_000],
    ]);
  });
});
