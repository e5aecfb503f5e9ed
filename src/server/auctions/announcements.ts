import type { AuctionTerms } from "../../domain/auctions/live-events";
import type { BidMessage } from "../../domain/auctions/live-store";
import type { KnownBids } from "./known-bids";

/** What an accepted bid tells its watchers beyond the bid message itself. */
export interface BidExtras {
  outbidUserId: number | null;
  outbidPrice: number | null;
  /** The outbid person's maximum offer, when this bid went above it (it can no longer bid). */
  outbidMaxPrice?: number;
  connectionId?: string;
  bidderUserId: number;
  /** The bid moved the auction's end (anti-sniping). */
  extended: boolean;
  /** The bid changed the reserve's or buy now's state (ADR 056): its watchers get auctionTerms. */
  terms?: AuctionTerms;
}

/** An auction the closer settled: its winner and price, or none (no bids, or withdrawn by staff). */
export interface ClosedAuction {
  offerId: number;
  winnerUserId: number | null;
  price: number | null;
}

/**
 * Who is told about accepted bids and closed auctions. In the app these are the bidding hub's
 * watchers (AuctionWatchers in auctions/watchers.ts, built before the services and handed to the
 * bidding service and the closer); a script without sockets tells nobody.
 */
export interface AuctionAnnouncer {
  bidAccepted(message: BidMessage, extras: BidExtras): void;
  auctionsClosed(closed: ClosedAuction[]): void;
  /** Staff changed the dates of these auctions (before any bid): open pages move their countdowns. */
  auctionsChanged(auctionIds: number[]): void;
  /** The bids heard so far, where the announcer hears them all (the hub's watchers). */
  readonly known?: Pick<KnownBids, "tooLow">;
}

export const nobodyWatching: AuctionAnnouncer = {
  bidAccepted: () => {},
  auctionsClosed: () => {},
  auctionsChanged: () => {},
};
