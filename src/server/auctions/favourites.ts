import { and, eq, inArray, notInArray } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS } from "../../domain/account";
import type { Db } from "../db/client";
import { accountSettings, auctionFavourites, offers } from "../db/schema/index";

/** Most auctions one person's favourites list is kept for (a browser's list stays far below). */
export const MAX_FAVOURITE_AUCTIONS = 200;

/**
 * PUT /api/Favorites/Auctions: the auctions among a signed-in person's favourites, as their browser
 * keeps them, replace the server's copy (only auctions are kept: they are what the person is told
 * about). Answers the ids kept. `now` (the clock's) dates a new favourite: an auction favourited before its
 * start is one whose start the person is told of (ADR 051). The person's settings are made if missing,
 * so the e-mails about their favourites have the settings' unsubscribe token.
 */
export async function replaceAuctionFavourites(
  db: Db,
  userId: number,
  ids: number[],
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const wanted = [...new Set(ids)].slice(0, MAX_FAVOURITE_AUCTIONS);
    const kept = wanted.length
      ? (
          await tx
            .select({ id: offers.id })
            .from(offers)
            .where(and(inArray(offers.id, wanted), eq(offers.saleType, "auction")))
        ).map((r) => r.id)
      : [];
    await tx
      .delete(auctionFavourites)
      .where(
        kept.length
          ? and(eq(auctionFavourites.userId, userId), notInArray(auctionFavourites.offerId, kept))
          : eq(auctionFavourites.userId, userId),
      );
    if (kept.length) {
      await tx
        .insert(auctionFavourites)
        .values(kept.map((offerId) => ({ offerId, userId, createdAt: now })))
        .onConflictDoNothing();
      await tx
        .insert(accountSettings)
        .values({ userId, notifications: DEFAULT_NOTIFICATIONS })
        .onConflictDoNothing();
    }
    return kept.sort((a, b) => a - b);
  });
}
