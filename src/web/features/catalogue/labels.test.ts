import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OfferTile } from "../../../domain/catalogue/offer";
import { OfferLabels } from "./labels";

const tile = (over: Partial<OfferTile>): OfferTile =>
  ({ SaleType: "afterLease", MarketingLabels: "[]", ...over }) as OfferTile;
const chips = (offer: OfferTile, max?: number) =>
  [...renderToStaticMarkup(createElement(OfferLabels, { offer, now: new Date(), max })).matchAll(/<li/g)]
    .length;

describe("labels over a tile's photo (five covered it)", () => {
  const busy = tile({
    IsCertified: true,
    Reservation: true,
    IsPromoted: true,
    isPicturePreviewOnly: true,
    MarketingLabels: JSON.stringify([{ Text: "Dostępny od ręki", Color: "#047857" }]),
  });

  it("shows at most two chips, the last one counting and naming the others", () => {
    expect(chips(busy, 2)).toBe(2);
    const html = renderToStaticMarkup(createElement(OfferLabels, { offer: busy, now: new Date(), max: 2 }));
    expect(html).toContain("+5");
    expect(html).toContain("zarezerwowany");
    expect(html).toContain("Dostępny od ręki");
  });

  it("shows every label where there is room (the offer page) or when they fit", () => {
    expect(chips(busy)).toBe(6);
    expect(chips(tile({ IsCertified: true }), 2)).toBe(2);
  });
});
