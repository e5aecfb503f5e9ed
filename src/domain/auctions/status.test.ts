import { describe, expect, it } from "vitest";
import { formatPrice } from "../format";
import { maxBidExceeded, maxBidOutcomeText, myMaxBidText } from "./status";

/** Prices as the site writes them ("50 000 zł" with non-breaking spaces). */
const zl = (n: number) => formatPrice(n);

describe("a maximum offer's outcome", () => {
  it("says an equal, earlier maximum leads instead of claiming someone offered more", () => {
    const equal = { MaxPrice: 50_000, CurrentPrice: 50_000, Leading: false, Exceeded: true };
    expect(maxBidOutcomeText(equal)).toBe(
      `Inny licytujący wcześniej ustawił taką samą maksymalną ofertę ${zl(50_000)}: przy równych kwotach prowadzi wcześniej ustawiona.`,
    );
    expect(myMaxBidText(50_000, 50_000, true)).toBe(
      `Twoja maksymalna oferta ${zl(50_000)} jest równa wcześniej ustawionej ofercie innego licytującego, która prowadzi.`,
    );
  });

  it("says a higher maximum beat it, and a standing one leads", () => {
    expect(
      maxBidOutcomeText({ MaxPrice: 50_000, CurrentPrice: 50_250, Leading: false, Exceeded: true }),
    ).toBe(`Inny licytujący zaoferował więcej: maksymalna oferta ${zl(50_000)} została już przebita.`);
    expect(myMaxBidText(50_000, 50_250, true)).toBe(
      `Twoja maksymalna oferta ${zl(50_000)} została przebita. Nie licytujemy już w Twoim imieniu.`,
    );
    expect(
      maxBidOutcomeText({ MaxPrice: 60_000, CurrentPrice: 50_250, Leading: true, Exceeded: false }),
    ).toBe(`Ustawiliśmy maksymalną ofertę ${zl(60_000)}. Prowadzisz z ofertą ${zl(50_250)}.`);
  });

  it("says a standing maximum left below the price by the person's own bid by hand bids no more", () => {
    expect(myMaxBidText(30_000, 30_000, false)).toBe(`Twoja maksymalna oferta: ${zl(30_000)}.`);
    expect(myMaxBidText(30_000, 35_000, false)).toBe(
      `Twoja maksymalna oferta ${zl(30_000)} jest niższa niż aktualna cena ${zl(35_000)}. Nie licytujemy już w Twoim imieniu.`,
    );
  });
});

describe("whether a maximum offer still bids", () => {
  const me = "me";
  it("an exceeded maximum stays exceeded when its owner then leads with a bid by hand, also after a reload", () => {
    // The page loaded afresh: GET /api/Bidding/MaxBid answers Exceeded while the person leads.
    const leadingByHand = { UToken: me, LastPrice: 31_000, Bets: 5 };
    expect(maxBidExceeded({ MaxPrice: 30_000, Exceeded: true }, leadingByHand, me)).toBe(true);
  });

  it("a live price above it under someone else's lead exceeds it before the server is asked", () => {
    const other = { UToken: "other", LastPrice: 30_250, Bets: 4 };
    expect(maxBidExceeded({ MaxPrice: 30_000, Exceeded: false }, other, me)).toBe(true);
    expect(maxBidExceeded({ MaxPrice: 31_000, Exceeded: false }, other, me)).toBe(false);
    expect(maxBidExceeded({ MaxPrice: 30_000, Exceeded: false }, { ...other, UToken: me }, me)).toBe(false);
    expect(maxBidExceeded({ MaxPrice: null, Exceeded: false }, other, me)).toBe(false);
  });
});
