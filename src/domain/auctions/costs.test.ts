import { describe, expect, it } from "vitest";
import { auctionFee, feeBandsText, fullCost, parseFeeBands } from "./costs";

const bands = [
  { upTo: 20_000, fee: 500 },
  { upTo: 50_000, fee: 900 },
  { upTo: null, fee: 1_500 },
];

describe("the full cost of a bid", () => {
  it("takes the fee of the bid's band, the band's limit included", () => {
    expect([10_000, 20_000, 20_001, 50_000, 50_001, 900_000].map((b) => auctionFee(b, bands))).toEqual([
      500, 500, 900, 900, 1_500, 1_500,
    ]);
  });

  it("counts VAT 23 % on everything with an invoice, only on the fee and transport under the margin", () => {
    expect(fullCost(41_000, { bands, transport: 800, vat: "vat23" })).toEqual({
      bid: 41_000,
      fee: 900,
      transport: 800,
      vat: 9_821,
      totalNetto: 42_700,
      totalBrutto: 52_521,
    });
    expect(fullCost(41_000, { bands, transport: 0, vat: "margin" })).toMatchObject({
      vat: 207,
      totalBrutto: 42_107,
    });
  });

  it("reads the panel's table and refuses a table that cannot be applied", () => {
    expect(parseFeeBands("20 000: 500\n50000 : 900\n*: 1500")).toEqual({ bands });
    expect(parseFeeBands(feeBandsText(bands))).toEqual({ bands });
    expect(parseFeeBands("50000: 900\n20000: 500\n*: 1500")).toEqual({
      error: "Wiersz 2: progi muszą rosnąć",
    });
    expect(parseFeeBands("20000: 500")).toEqual({
      error: "Ostatni wiersz to „*: opłata” dla każdej wyższej ceny",
    });
    expect(parseFeeBands("*: 1\n20000: 5")).toEqual({
      error: "Próg „*” (każda wyższa cena) musi być ostatni",
    });
    expect(parseFeeBands("dużo")).toEqual({ error: "Wiersz 1: zapisz go jako „20000: 500” albo „*: 2500”" });
  });
});
