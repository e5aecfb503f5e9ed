import { describe, expect, it } from "vitest";
import { parseFavourites } from "./favourites";

describe("parseFavourites", () => {
  it("reads the stored list of {AuctionType, AuctionId}", () => {
    const raw = JSON.stringify([
      { AuctionType: "Nowy", AuctionId: 12 },
      { AuctionType: "Poleasingowy", AuctionId: 7 },
    ]);
    expect(parseFavourites(raw)).toEqual([
      { AuctionType: "Nowy", AuctionId: 12 },
      { AuctionType: "Poleasingowy", AuctionId: 7 },
    ]);
  });

  it("drops malformed entries and survives broken or missing storage", () => {
    const raw = JSON.stringify([
      { AuctionType: "Nowy", AuctionId: "x" },
      null,
      5,
      { AuctionType: "Nowy", AuctionId: 3 },
    ]);
    expect(parseFavourites(raw)).toEqual([{ AuctionType: "Nowy", AuctionId: 3 }]);
    expect(parseFavourites("{not json")).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites(undefined)).toEqual([]);
  });
});
