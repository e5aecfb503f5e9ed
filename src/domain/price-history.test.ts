import { describe, expect, it } from "vitest";
import { lastPriceCut, lowestPriceBefore } from "./price-history";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe("lowest price of the 30 days before a cut", () => {
  it("is the price in force when the window opens when nothing changed inside it", () => {
    const history = [
      { changedAt: day(0), price: 100_000 },
      { changedAt: day(50), price: 90_000 },
    ];
    expect(lowestPriceBefore(history, day(50))).toBe(100_000);
    expect(lastPriceCut(history)).toEqual(day(50));
  });

  it("counts a short promotion inside the window, but not one before it", () => {
    const history = [
      { changedAt: day(0), price: 100_000 },
      { changedAt: day(5), price: 85_000 },
      { changedAt: day(8), price: 100_000 },
      { changedAt: day(30), price: 95_000 },
      { changedAt: day(33), price: 100_000 },
      { changedAt: day(50), price: 92_000 },
    ];
    expect(lowestPriceBefore(history, day(50))).toBe(95_000);
    expect(lowestPriceBefore(history, day(34))).toBe(85_000);
    expect(lastPriceCut(history)).toEqual(day(50));
  });

  it("ignores missing prices, accepts ISO strings and answers null without history", () => {
    expect(lowestPriceBefore([], day(1))).toBeNull();
    expect(lowestPriceBefore([{ changedAt: day(0).toISOString(), price: null }], day(1))).toBeNull();
    expect(lowestPriceBefore([{ changedAt: day(0).toISOString(), price: 10 }], day(1).toISOString())).toBe(
      10,
    );
    expect(
      lastPriceCut([
        { changedAt: day(0), price: 10 },
        { changedAt: day(1), price: 12 },
      ]),
    ).toBeNull();
  });
});
