/**
 * The reserve price and buy now (ADR 056). The reserve is the seller's minimum: bidders never see it as
 * a number, only whether the highest bid has reached it; an auction ending below it ends unsold, to be
 * negotiated. Buy now ends the auction at once at its price for the first bidder who confirms, while
 * no bid has reached the reserve (an auction without a reserve: while nobody has bid) and the price is
 * above the current one. The database function auction_buy_now_open (drizzle/0043) is the same rule;
 * src/server/auctions/bid-decision.test.ts keeps the two equal.
 */

export type ReserveState = "none" | "met" | "notMet";

export interface TermsState {
  reservePrice: number | null;
  buyNowPrice: number | null;
  bidCount: number;
  /** The highest bid, or the starting price while there is none. */
  currentPrice: number;
}

export function reserveState(
  s: Pick<TermsState, "reservePrice" | "bidCount" | "currentPrice">,
): ReserveState {
  if (s.reservePrice === null) return "none";
  return s.bidCount > 0 && s.currentPrice >= s.reservePrice ? "met" : "notMet";
}

export function buyNowOpen(s: TermsState): boolean {
  if (s.buyNowPrice === null) return false;
  if (s.bidCount === 0) return true;
  return s.reservePrice !== null && s.currentPrice < s.reservePrice && s.currentPrice < s.buyNowPrice;
}

/** The words of the auction page (and its hub-fed updates) about the reserve. */
export const RESERVE_TEXT = {
  met: "Cena minimalna osiągnięta",
  notMet: "Cena minimalna nieosiągnięta",
} as const;

/** An auction that ended below its reserve: nobody won yet, staff may still accept the highest bid. */
export const UNSOLD_TEXT = "niesprzedany – do negocjacji";

/**
 * The terms of an auction's reserve and buy-now price as staff and the fleet system set them: the
 * reserve at least the starting price, buy now above the starting price and at least the reserve
 * (a buy-now price below the seller's minimum would sell below it). Messages name the field.
 */
export function termsIssues(t: {
  startingPrice: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
}): { field: "ReservePrice" | "BuyNowPrice"; message: string }[] {
  const issues: { field: "ReservePrice" | "BuyNowPrice"; message: string }[] = [];
  if (t.reservePrice !== null && t.reservePrice < t.startingPrice)
    issues.push({
      field: "ReservePrice",
      message: "Cena minimalna nie może być niższa od ceny wywoławczej.",
    });
  if (t.buyNowPrice !== null && t.buyNowPrice <= t.startingPrice)
    issues.push({ field: "BuyNowPrice", message: "Cena „Kup teraz” musi być wyższa od ceny wywoławczej." });
  else if (t.buyNowPrice !== null && t.reservePrice !== null && t.buyNowPrice < t.reservePrice)
    issues.push({
      field: "BuyNowPrice",
      message: "Cena „Kup teraz” nie może być niższa od ceny minimalnej.",
    });
  return issues;
}
