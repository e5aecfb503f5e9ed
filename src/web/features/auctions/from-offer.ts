import { minimumNextBid } from "../../../domain/auctions/bidding";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { parseApiDateTime } from "../../../domain/format";

/**
 * The live state to seed AuctionLivePanel / BiddingHistory with, from an offer as the catalogue API
 * answers it (spec section 3 auction fields: 'YYYY-MM-DD HH:mm:SS' dates in Polish time). The top
 * bidder's utoken is not part of the offer: the hub's refreshAuctions brings it right after connecting.
 */
export function liveAuctionFromOffer(o: {
  AuctionId: number;
  AuctionStart: string;
  AuctionEnd: string;
  StartingPrice: number | null;
  MinIncrement?: number | null;
  CurrentPrice: number | null;
  BidCount: number;
  isAuctionEnded?: boolean;
  AuctionResult?: { Cancelled: boolean; CancelReason: string | null } | null;
}): LiveAuction {
  const startingPrice = o.StartingPrice ?? 0;
  const currentPrice = o.BidCount > 0 && o.CurrentPrice !== null ? o.CurrentPrice : startingPrice;
  return {
    AuctionId: o.AuctionId,
    LastPrice: currentPrice,
    UToken: null,
    Bets: o.BidCount,
    StartingPrice: startingPrice,
    AuctionStart: parseApiDateTime(o.AuctionStart).toISOString(),
    AuctionEnd: parseApiDateTime(o.AuctionEnd).toISOString(),
    MinimumBid: minimumNextBid({
      startingPrice,
      currentPrice,
      bidCount: o.BidCount,
      minIncrement: o.MinIncrement,
    }),
    MinIncrement: o.MinIncrement ?? null,
    IsAuctionEnded: o.isAuctionEnded ?? false,
    IsCancelled: o.AuctionResult?.Cancelled ?? false,
    CancelReason: o.AuctionResult?.CancelReason ?? null,
  };
}
