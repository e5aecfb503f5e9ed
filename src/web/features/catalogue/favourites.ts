import { useCallback, useSyncExternalStore } from "react";
import type { OfferStatus } from "../../../domain/catalogue/offer";
import { readItem, StorageKeys, subscribe, writeJson } from "../../lib/storage";

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

// useSyncExternalStore needs a stable snapshot: cache the parsed list per raw string.
let cache: { raw: string | null; list: Favourite[] } = { raw: null, list: [] };
function snapshot(): Favourite[] {
  const raw = readItem(StorageKeys.favorites);
  if (raw !== cache.raw) cache = { raw, list: parseFavourites(raw) };
  return cache.list;
}
const EMPTY: Favourite[] = [];

export function readFavourites(): Favourite[] {
  return snapshot();
}

export function writeFavourites(list: Favourite[]): void {
  writeJson(StorageKeys.favorites, list);
}

/** Adds or removes an offer (spec section 4: the favourite toggle); returns whether it is now saved. */
export function toggleFavourite(f: Favourite): boolean {
  const list = snapshot();
  const has = list.some((x) => x.AuctionId === f.AuctionId);
  writeFavourites(has ? list.filter((x) => x.AuctionId !== f.AuctionId) : [...list, f]);
  return !has;
}

/** The favourites list, kept current across components and browser tabs (storage events). */
export function useFavourites(): Favourite[] {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) =>
        subscribe((key) => (key === null || key === StorageKeys.favorites) && onChange()),
      [],
    ),
    snapshot,
    () => EMPTY,
  );
}
