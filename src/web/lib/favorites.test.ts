import { describe, expect, it } from "vitest";
import { parseFavorites } from "./favorites";

describe("parseFavorites", () => {
  it("reads the stored list of {AuctionType, AuctionId}", () => {
    const raw = JSON.stringify([
      { AuctionType: "Nowy", AuctionId: 12 },
      { AuctionType: "Poleasingowy", AuctionId: 7 },
    ]);
    expect(parseFavorites(raw)).toEqual([
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
    expect(parseFavorites(raw)).toEqual([{ AuctionType: "Nowy", AuctionId: 3 }]);
    expect(parseFavorites("{not json")).toEqual([]);
    expect(parseFavorites('{"a":1}')).toEqual([]);
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites(undefined)).toEqual([]);
  });
});
