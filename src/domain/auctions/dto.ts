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

/** One auction in the account lists (/wkrotce-w-sprzedazy, /licytowanie, /wygrane-aukcje). */
export interface AuctionTile {
  AuctionId: number;
  MakeModel: string;
  Version: string;
  Year: number;
  Mileage: number;
  FuelType: string;
  GearBoxType: string;
  MainPhotoUrl: string | null;
  Url: string;
  /** 'YYYY-MM-DD HH:mm:SS', Polish time (spec section 3). */
  AuctionStart: string;
  AuctionEnd: string;
  /** The same instants in ISO form, for countdowns. */
  AuctionStartUtc: string;
  AuctionEndUtc: string;
  StartingPrice: number;
  CurrentPrice: number;
  Bets: number;
  UToken: string | null;
  MinimumBid: number;
  isAuctionEnded: boolean;
}

export type ParticipationStatus = "leading" | "outbid" | "won" | "lost";

/** An auction the person bid in (GET /api/UserTakeingPartAuctions/Get). */
export interface TakingPartTile extends AuctionTile {
  MyHighestBid: number;
  MyBids: number;
  Status: ParticipationStatus;
}

/** An auction the person won (GET /api/WonAuctions/Get). */
export interface WonTile extends AuctionTile {
  FinalPrice: number;
  /** 'YYYY-MM-DD HH:mm:SS', Polish time. */
  EndedAt: string;
}

/** What the three account lists answer: the tiles and the server's clock for the countdowns. */
export interface AuctionTiles<T extends AuctionTile = AuctionTile> {
  Auctions: T[];
  ServerTime: string;
}
