import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OfferTile } from "../../../domain/catalogue/offer";
import { PriceLines } from "./prices";

const auction = (over: Partial<OfferTile>): OfferTile =>
  ({
    SaleType: "auction",
    StartingPrice: 35_000,
    CurrentPrice: null,
    BidCount: 0,
    ...over,
  }) as OfferTile;

const text = (offer: OfferTile) =>
  renderToStaticMarkup(createElement(PriceLines, { offer, isCompany: true }))
    .replace(/<[^>]+>/g, " ")
    .replace(/[ \t\n]+/g, " ");

describe("auction tile price (as the auction page says)", () => {
  it("says 'Cena wywoławcza' with the starting price until someone bids, also before the start", () => {
    expect(text(auction({}))).toContain("Cena wywoławcza 35\u00a0000\u00a0zł");
    // The fleet system may fill the current price with the starting one before any bid.
    expect(text(auction({ CurrentPrice: 35_000 }))).toContain("Cena wywoławcza");
    expect(text(auction({ CurrentPrice: 35_000 }))).not.toContain("Aktualna cena");
  });

  it("says 'Aktualna cena' with the current price once there are bids", () => {
    expect(text(auction({ CurrentPrice: 36_500, BidCount: 2 }))).toContain(
      "Aktualna cena 36\u00a0500\u00a0zł",
    );
  });
});
