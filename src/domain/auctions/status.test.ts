import { describe, expect, it } from "vitest";
import { formatPrice } from "../format";
import { maxBidOutcomeText, myMaxBidText } from "./status";

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
      `Twoja maksymalna oferta ${zl(50_000)} została przebita.`,
    );
    expect(
      maxBidOutcomeText({ MaxPrice: 60_000, CurrentPrice: 50_250, Leading: true, Exceeded: false }),
    ).toBe(`Ustawiliśmy maksymalną ofertę ${zl(60_000)}. Prowadzisz z ofertą ${zl(50_250)}.`);
  });
});
