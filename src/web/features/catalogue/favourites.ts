import { type OfferStatus, SALE_STATUS } from "../../../domain/catalogue/offer";
import { api } from "../../api-client";
import { StorageKeys, session, storedList } from "../../lib/storage";

/** One favourite as the spec keeps it in browser storage: {AuctionType (the status), AuctionId}. */
export interface Favourite {
  AuctionType: OfferStatus;
  AuctionId: number;
}

/** Keeps only well-formed entries: storage can hold anything another version of the site wrote. */
export function parseFavourites(raw: string | null | undefined): Favourite[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v)
      ? v.filter((f): f is Favourite => Number.isInteger(f?.AuctionId) && typeof f?.AuctionType === "string")
      : [];
  } catch {
    return [];
  }
}

const stored = storedList(StorageKeys.favorites, parseFavourites);

export const readFavourites = stored.read;
export const writeFavourites = stored.write;

/** Adds or removes an offer (spec section 4: the favourite toggle); returns whether it is now saved. */
export function toggleFavourite(f: Favourite): boolean {
  const list = stored.read();
  const has = list.some((x) => x.AuctionId === f.AuctionId);
  writeFavourites(has ? list.filter((x) => x.AuctionId !== f.AuctionId) : [...list, f]);
  if (f.AuctionType === SALE_STATUS.auction) sendAuctionFavourites();
  return !has;
}

/**
 * A signed-in person's favourite auctions go to the server too (PUT /api/Favorites/Auctions), so that
 * a correction of an auction's condition report before its start reaches them by e-mail. Sent after a
 * change of the list and after signing in; a failure only means no such e-mail.
 */
export function sendAuctionFavourites(): void {
  if (!session.isLoggedIn()) return;
  const AuctionIds = stored
    .read()
    .flatMap((x) => (x.AuctionType === SALE_STATUS.auction ? [x.AuctionId] : []));
  api.put("/api/Favorites/Auctions", { AuctionIds }, { quiet: true }).catch(() => {});
}

/** The favourites list, kept current across components and browser tabs (storage events). */
export const useFavourites = (): Favourite[] => stored.use();
