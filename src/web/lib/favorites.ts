import { useMemo } from "react";
import { readJson, StorageKeys, writeJson } from "./storage";
import { useStoredItem } from "./use-stored-item";

/** One saved offer (spec section 3 "Favourites"): the sale status and the offer's AuctionId. */
export interface Favorite {
  AuctionType: string;
  AuctionId: number;
}

function isFavorite(value: unknown): value is Favorite {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.AuctionType === "string" && Number.isInteger(v.AuctionId);
}

/** Keeps only well-formed entries: storage can hold anything another version of the site wrote. */
export function parseFavorites(raw: string | null | undefined): Favorite[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isFavorite) : [];
  } catch {
    return [];
  }
}

export function readFavorites(): Favorite[] {
  return readJson<unknown[]>(StorageKeys.favorites, []).filter(isFavorite);
}

export function writeFavorites(list: Favorite[]): void {
  writeJson(StorageKeys.favorites, list);
}

/** The saved offers, updated when any tab changes them; empty until hydrated. */
export function useFavorites(): Favorite[] {
  const raw = useStoredItem(StorageKeys.favorites);
  return useMemo(() => parseFavorites(raw), [raw]);
}
