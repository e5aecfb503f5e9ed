import { describe, expect, it } from "vitest";
import { liveAuctionFromOffer } from "./from-offer";

describe("live state from a catalogue offer", () => {
  it("reads Polish-time dates and derives the minimum next bid", () => {
    const live = liveAuctionFromOffer({
      AuctionId: 7,
      AuctionStart: "2026-11-20 10:00:00",
      AuctionEnd: "2026-07-01 18:30:00",
      StartingPrice: 40_000,
      CurrentPrice: 52_000,
      BidCount: 4,
    });
    expect(live).toMatchObject({
      AuctionId: 7,
      LastPrice: 52_000,
      Bets: 4,
      MinimumBid: 52_500,
      UToken: null,
    });
    expect(live.AuctionStart).toBe("2026-11-20T09:00:00.000Z"); // winter: UTC+1
    expect(live.AuctionEnd).toBe("2026-07-01T16:30:00.000Z"); // summer: UTC+2
    const fresh = liveAuctionFromOffer({
      ...live,
      AuctionStart: "2026-11-20 10:00:00",
      AuctionEnd: "2026-11-21 10:00:00",
      StartingPrice: 40_000,
      CurrentPrice: null,
      BidCount: 0,
    });
    expect(fresh).toMatchObject({ LastPrice: 40_000, MinimumBid: 40_000 });
  });
});
