import { and, eq, inArray, sql } from "drizzle-orm";
import { minimumNextBid } from "../../domain/auctions/bidding";
import type { AuctionTerms } from "../../domain/auctions/live-events";
import type { LiveAuction } from "../../domain/auctions/live-store";
import { buyNowOpen, reserveState, type TermsState } from "../../domain/auctions/reserve";
import type { Db, Tx } from "../db/client";
import { auctionSettlements, offers, users } from "../db/schema/index";

/** An auction's dates and bidding as its offer row keeps them: what its price and next bid follow from. */
export const biddingColumns = {
  auctionStart: offers.auctionStart,
  auctionEnd: offers.auctionEnd,
  startingPrice: offers.startingPrice,
  minIncrement: offers.minIncrement,
  currentPrice: offers.currentPrice,
  bidCount: offers.bidCount,
};

/** What biddingColumns read, with the top bidder's utoken (joined from users). */
export type BiddingRow = {
  auctionStart: Date | null;
  auctionEnd: Date | null;
  startingPrice: number | null;
  minIncrement: number | null;
  currentPrice: number | null;
  bidCount: number;
  leaderUToken: string | null;
};

/** The offer columns every auction view needs (the bid transaction locks and reads these). */
export const auctionOfferColumns = {
  id: offers.id,
  saleType: offers.saleType,
  status: offers.status,
  make: offers.make,
  model: offers.model,
  version: offers.version,
  ...biddingColumns,
  leaderUserId: offers.leaderUserId,
};

/** The columns every auction view needs, with the top bidder's utoken. */
export const auctionColumns = { ...auctionOfferColumns, leaderUToken: users.utoken };

export type AuctionRow = BiddingRow & {
  id: number;
  saleType: "new" | "afterLease" | "auction";
  status: (typeof offers.$inferSelect)["status"];
  /** The settlement's outcome and reason, once the auction is closed or cancelled. */
  outcome: (typeof auctionSettlements.$inferSelect)["outcome"] | null;
  reason: string | null;
};

/** The price shown while there is no bid is the starting price. */
export const shownPrice = (r: {
  currentPrice: number | null;
  startingPrice: number | null;
  bidCount: number;
}) => (r.bidCount > 0 && r.currentPrice !== null ? r.currentPrice : (r.startingPrice ?? 0));

/** The least the next bid may be, from the row's prices. */
export const minimumBidOf = (r: BiddingRow) =>
  minimumNextBid({
    startingPrice: r.startingPrice ?? 0,
    currentPrice: shownPrice(r),
    bidCount: r.bidCount,
    minIncrement: r.minIncrement,
  });

export function toLiveAuction(r: AuctionRow, now: Date): LiveAuction {
  const end = r.auctionEnd ?? now;
  return {
    AuctionId: r.id,
    LastPrice: shownPrice(r),
    UToken: r.leaderUToken,
    Bets: r.bidCount,
    StartingPrice: r.startingPrice ?? 0,
    AuctionStart: (r.auctionStart ?? now).toISOString(),
    AuctionEnd: end.toISOString(),
    MinimumBid: minimumBidOf(r),
    MinIncrement: r.minIncrement,
    IsAuctionEnded: r.status !== "active" || end.getTime() <= now.getTime(),
    IsCancelled: r.outcome === "cancelled",
    CancelReason: r.outcome === "cancelled" ? r.reason : null,
  };
}

/** Live states of the given auctions (unknown ids and offers that are not auctions are left out). */
export async function liveAuctions(db: Db | Tx, ids: number[], now: Date): Promise<LiveAuction[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ ...auctionColumns, outcome: auctionSettlements.outcome, reason: auctionSettlements.reason })
    .from(offers)
    .leftJoin(users, eq(users.id, offers.leaderUserId))
    .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
    .where(
      and(inArray(offers.id, ids), eq(offers.saleType, "auction"), sql`${offers.auctionEnd} is not null`),
    );
  const byId = new Map(rows.map((r) => [r.id, toLiveAuction(r, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What bidders may know of an auction's reserve and buy now, from its row (ADR 056). `outcome` is its
 * settlement's: ended below the reserve it is unsold until staff accept the highest bid (then pending
 * or confirmed, with that bidder as the winner).
 */
export function auctionTermsOf(
  r: TermsState & { id: number; ended: boolean; outcome: string | null },
): AuctionTerms {
  const reserve = reserveState(r);
  return {
    AuctionId: r.id,
    Reserve: reserve,
    BuyNowPrice: !r.ended && buyNowOpen(r) ? r.buyNowPrice : null,
    Unsold:
      r.ended &&
      reserve === "notMet" &&
      r.bidCount > 0 &&
      r.outcome !== "pending" &&
      r.outcome !== "confirmed",
  };
}

/** The reserve and buy-now terms of those of the given auctions that have either. */
export async function auctionTerms(db: Db | Tx, ids: number[], now: Date): Promise<AuctionTerms[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: offers.id,
      reservePrice: offers.reservePrice,
      buyNowPrice: offers.buyNowPrice,
      bidCount: offers.bidCount,
      currentPrice: offers.currentPrice,
      startingPrice: offers.startingPrice,
      status: offers.status,
      auctionEnd: offers.auctionEnd,
      outcome: auctionSettlements.outcome,
    })
    .from(offers)
    .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
    .where(
      and(
        inArray(offers.id, ids),
        eq(offers.saleType, "auction"),
        sql`(${offers.reservePrice} is not null or ${offers.buyNowPrice} is not null)`,
      ),
    );
  return rows.map((r) =>
    auctionTermsOf({
      ...r,
      currentPrice: shownPrice(r),
      ended: r.status !== "active" || (r.auctionEnd?.getTime() ?? 0) <= now.getTime(),
    }),
  );
}
