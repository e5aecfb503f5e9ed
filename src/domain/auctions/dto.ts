/**
 * The bidding API's bodies and answers (POST /api/Bidding/Bid, /api/Bidding/MaxBid, GET
 * /api/Bidding/MaxBid), one definition for the server that answers and the browser that reads them.
 */

export interface BidInput {
  AuctionId: number;
  Price: number;
  ConnectionId?: string | null;
}

export interface MaxBidInput {
  AuctionId: number;
  MaxPrice: number;
  ConnectionId?: string | null;
}

/** The auction's state after a decision, as both endpoints answer it. */
export interface AuctionAnswer {
  AuctionId: number;
  /** True: nothing changed (a retried request, or the same maximum again). */
  Repeated: boolean;
  CurrentPrice: number;
  BidCount: number;
  UToken: string | null;
  AuctionEnd: string;
  /** True when this change moved the end (anti-sniping). */
  Extended: boolean;
  MinimumBid: number;
  ServerTime: string;
}

export interface BidResult extends AuctionAnswer {
  Price: number;
}

export interface MaxBidResult extends AuctionAnswer {
  MaxPrice: number;
  /** The person leads after this change. */
  Leading: boolean;
  /** Another bidder's maximum is already higher: this one cannot bid any more. */
  Exceeded: boolean;
}

/** GET /api/Bidding/MaxBid: the person's own maximum of one auction (nobody else ever sees it). */
export interface MaxBidView {
  AuctionId: number;
  MaxPrice: number | null;
  Exceeded: boolean;
}
