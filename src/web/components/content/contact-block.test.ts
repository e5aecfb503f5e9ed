import { describe, expect, it } from "vitest";
import { isAuctionPath } from "./contact-block";

describe("isAuctionPath", () => {
  it("recognises the auction list, auction details, legacy auction paths and the bidder's pages", () => {
    for (const p of [
      "/aukcje-samochodowe",
      "/aukcje-samochodowe/bmw-x3-id-12",
      "/auction/12",
      "/licytowanie",
      "/wkrotce-w-sprzedazy",
      "/wygrane-aukcje",
      "/zaakceptuj-regulamin",
    ]) {
      expect(isAuctionPath(p), p).toBe(true);
    }
  });

  it("leaves other pages with the general contact details", () => {
    for (const p of ["/", "/kontakt", "/nowe-samochody/bmw-x3-id-12", "/aukcje-samochodowe-x", "/auction"]) {
      expect(isAuctionPath(p), p).toBe(false);
    }
  });
});
