import { formatDateTime, formatPrice } from "../format";

/**
 * What a signed-in bidder sees about their own position (spec section 4): on top when their utoken is
 * the top bidder's (`wh` of informAboutBid, UToken of the live state), outbid when they bid before and
 * someone else is now on top. Whether they bid, and how much, comes from the server (the hub's myBids,
 * their own accepted bids), so it is the same on every device and after a reload.
 */
export type BidderStatus = "leading" | "outbid" | "none";

export function bidderStatus(
  leaderUToken: string | null,
  myUToken: string | null,
  iHaveBid: boolean,
): BidderStatus {
  if (!myUToken) return "none";
  if (leaderUToken && leaderUToken === myUToken) return "leading";
  return iHaveBid ? "outbid" : "none";
}

/**
 * The status line. The top bid is the current price, so a leader's amount is the live price; an outbid
 * bidder's is their own highest bid. After the end the same positions read as won and not won.
 */
export function bidderStatusText(
  status: BidderStatus,
  prices: { current: number; mine: number | null },
  ended = false,
): string | null {
  if (status === "leading")
    return ended
      ? `Twoja oferta ${formatPrice(prices.current)} wygrała aukcję`
      : `Twoja oferta ${formatPrice(prices.current)} jest aktualnie najwyższa`;
  if (status === "outbid") {
    const mine = prices.mine ? ` ${formatPrice(prices.mine)}` : "";
    return ended ? `Twoja oferta${mine} nie wygrała aukcji` : `Twoja oferta${mine} została przelicytowana`;
  }
  return null;
}

/**
 * 'Aukcja przedłużona do 24.11.2026, 21:50:30' after anti-sniping moved the end: the guide's date with
 * time, plus seconds, as an extension ends at the second of the bid that caused it.
 */
export function extensionText(end: Date): string {
  return `Aukcja przedłużona do ${formatDateTime(end)}:${String(end.getUTCSeconds()).padStart(2, "0")}`;
}

/**
 * What the person reads after setting a maximum offer. Another maximum that is higher wins; one that
 * is equal and was set earlier wins too, and is said to be equal (it was not "more"). The price then
 * stands at the equal maximum.
 */
export function maxBidOutcomeText(r: {
  MaxPrice: number;
  CurrentPrice: number;
  Leading: boolean;
  Exceeded: boolean;
}): string {
  if (r.Exceeded)
    return r.CurrentPrice === r.MaxPrice
      ? `Inny licytujący wcześniej ustawił taką samą maksymalną ofertę ${formatPrice(r.MaxPrice)}: przy równych kwotach prowadzi wcześniej ustawiona.`
      : `Inny licytujący zaoferował więcej: maksymalna oferta ${formatPrice(r.MaxPrice)} została już przebita.`;
  return r.Leading
    ? `Ustawiliśmy maksymalną ofertę ${formatPrice(r.MaxPrice)}. Prowadzisz z ofertą ${formatPrice(r.CurrentPrice)}.`
    : `Ustawiliśmy maksymalną ofertę ${formatPrice(r.MaxPrice)}.`;
}

/**
 * The person's own maximum under the bid box: still standing, beaten, matched by an earlier equal one,
 * or left below the price by the person's own bid by hand (it leads, but the maximum can bid no more).
 */
export function myMaxBidText(maxPrice: number, lastPrice: number, exceeded: boolean): string {
  if (!exceeded && lastPrice > maxPrice)
    return `Twoja maksymalna oferta ${formatPrice(maxPrice)} jest niższa niż aktualna cena ${formatPrice(lastPrice)}. Nie licytujemy już w Twoim imieniu.`;
  if (!exceeded) return `Twoja maksymalna oferta: ${formatPrice(maxPrice)}.`;
  return lastPrice === maxPrice
    ? `Twoja maksymalna oferta ${formatPrice(maxPrice)} jest równa wcześniej ustawionej ofercie innego licytującego, która prowadzi.`
    : `Twoja maksymalna oferta ${formatPrice(maxPrice)} została przebita. Nie licytujemy już w Twoim imieniu.`;
}

/**
 * Whether the person's maximum no longer bids for them: the server says so (its answer's Exceeded,
 * which holds until a new maximum is set), or a live price above it under someone else's lead says
 * so before the server is asked again. Leading afterwards with a bid of their own does not make an
 * exceeded maximum bid again, so it never reads as active then.
 */
export function maxBidExceeded(
  max: { MaxPrice: number | null; Exceeded: boolean },
  live: { UToken: string | null; LastPrice: number; Bets: number },
  myUToken: string,
): boolean {
  if (max.MaxPrice == null) return false;
  if (max.Exceeded) return true;
  return live.UToken !== myUToken && live.Bets > 0 && live.LastPrice > max.MaxPrice;
}
