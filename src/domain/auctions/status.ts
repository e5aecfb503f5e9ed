import { formatPrice } from "../catalogue/format";

/**
 * What a signed-in bidder sees about their own position (spec section 4): on top when their utoken is
 * the top bidder's, outbid when they bid before and someone else is now on top.
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

export function bidderStatusText(status: BidderStatus, myLastPrice: number | null): string | null {
  const price = myLastPrice ? ` ${formatPrice(myLastPrice)}` : "";
  if (status === "leading") return `Twoja oferta${price} jest aktualnie najwyższa`;
  if (status === "outbid") return `Twoja oferta${price} została przelicytowana`;
  return null;
}
