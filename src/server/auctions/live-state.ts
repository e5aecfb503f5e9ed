import { and, eq, inArray, sql } from "drizzle-orm";
import { minimumNextBid } from "../../domain/auctions/bidding";
import type { LiveAuction } from "../../domain/auctions/live-store";
import type { Db, Tx } from "../db/client";
import { offers, users } from "../db/schema/index";

/** The offer columns every auction view needs (the bid transaction locks and reads these). */
export const auctionOfferColumns = {
  id: offers.id,
  saleType: offers.saleType,
  status: offers.status,
  make: offers.make,
  model: offers.model,
  version: offers.version,
  auctionStart: offers.auctionStart,
  auctionEnd: offers.auctionEnd,
  startingPrice: offers.startingPrice,
  minIncrement: offers.minIncrement,
  currentPrice: offers.currentPrice,
  bidCount: offers.bidCount,
  leaderUserId: offers.leaderUserId,
};

/** The columns every auction view needs, with the top bidder's utoken. */
export const auctionColumns = { ...auctionOfferColumns, leaderUToken: users.utoken };

export type AuctionRow = {
  id: number;
  saleType: "new" | "afterLease" | "auction";
  status: (typeof offers.$inferSelect)["status"];
  auctionStart: Date | null;
  auctionEnd: Date | null;
  startingPrice: number | null;
  minIncrement: number | null;
  currentPrice: number | null;
  bidCount: number;
  leaderUToken: string | null;
};

/** The price shown while there is no bid is the starting price. */
export const shownPrice = (r: {
  currentPrice: number | null;
  startingPrice: number | null;
  bidCount: number;
}) => (r.bidCount > 0 && r.currentPrice !== null ? r.currentPrice : (r.startingPrice ?? 0));

export function toLiveAuction(r: AuctionRow, now: Date): LiveAuction {
  const startingPrice = r.startingPrice ?? 0;
  const currentPrice = shownPrice(r);
  const end = r.auctionEnd ?? now;
  return {
    AuctionId: r.id,
    LastPrice: currentPrice,
    UToken: r.leaderUToken,
    Bets: r.bidCount,
    StartingPrice: startingPrice,
    AuctionStart: (r.auctionStart ?? now).toISOString(),
    AuctionEnd: end.toISOString(),
    MinimumBid: minimumNextBid({
      startingPrice,
      currentPrice,
      bidCount: r.bidCount,
      minIncrement: r.minIncrement,
    }),
    MinIncrement: r.minIncrement,
    IsAuctionEnded: r.status !== "active" || end.getTime() <= now.getTime(),
  };
}

/** Live states of the given auctions (unknown ids and offers that are not auctions are left out). */
export async function liveAuctions(db: Db | Tx, ids: number[], now: Date): Promise<LiveAuction[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(auctionColumns)
    .from(offers)
    .leftJoin(users, eq(users.id, offers.leaderUserId))
    .where(
      and(inArray(offers.id, ids), eq(offers.saleType, "auction"), sql`${offers.auctionEnd} is not null`),
    );
  const byId = new Map(rows.map((r) => [r.id, toLiveAuction(r, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
