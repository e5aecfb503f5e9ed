/**
 * The bidding hub's socket.io contract (namespace /, spec section 7 "Live updates"), one definition for
 * the hub and the browser's live store: socket.io's typed event maps check both sides. The server still
 * validates what arrives (a client may send anything).
 */
import type { BidMessage, LiveAuction } from "./live-store";
import type { ReserveState } from "./reserve";

/**
 * auctionTerms (our addition beside the spec's events, ADR 056): what a bidder may know of an auction's
 * reserve and buy now. Sent after refreshAuctions for the watched auctions that have either, and to an
 * auction's watchers when a bid reaches the reserve, buy now is taken or closes, or staff change them.
 */
export interface AuctionTerms {
  AuctionId: number;
  /** Whether the highest bid has reached the seller's minimum; never the minimum itself. */
  Reserve: ReserveState;
  /** The buy-now price while it is still offered, else null. */
  BuyNowPrice: number | null;
  /** Ended below the reserve and not (yet) sold: "niesprzedany – do negocjacji". */
  Unsold: boolean;
}

/** A message for one person (outbid, won, a refused request). */
export interface LiveAlert {
  Message: string;
  Type: "success" | "warning" | "error" | "info";
  AuctionId?: number;
  /** Outbid messages: the bid count of the outbidding bid (the browser drops it once the person leads again). */
  Bets?: number;
}

export interface BiddingServerEvents {
  connectionId: (id: string) => void;
  informAboutBid: (m: BidMessage) => void;
  /** The states of the watched auctions (after WatchAuctions, an extension, a reconnect of the hub). */
  refreshAuctions: (list: LiveAuction[]) => void;
  /** A signed-in person's own highest bid in the watched auctions they bid in. */
  myBids: (list: { AuctionId: number; Price: number }[]) => void;
  showAlert: (alert: LiveAlert) => void;
  auctionEnded: (auction: LiveAuction) => void;
  auctionTerms: (list: AuctionTerms[]) => void;
}

export interface BiddingClientEvents {
  GetConnectionId: () => void;
  /** Acknowledged with the server's clock in ms, for countdowns. */
  GetServerTime: (ack: (serverTimeMs: number) => void) => void;
  WatchAuctions: (ids: number[], ack?: (answer: { ServerTime: number }) => void) => void;
  UnwatchAuctions: (ids: number[]) => void;
}
