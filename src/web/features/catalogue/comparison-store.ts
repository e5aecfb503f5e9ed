import { useCallback, useSyncExternalStore } from "react";
import { MAX_COMPARED } from "../../../domain/catalogue/comparison";
import { readItem, StorageKeys, subscribe, writeJson } from "../../lib/storage";

/**
 * The offers chosen for comparison, kept in browser storage the way favourites are (favourites.ts):
 * the choice follows the visitor from the list to an offer page and to the comparison, in every tab.
 */

/** Keeps distinct positive integer ids, at most MAX_COMPARED: storage can hold anything. */
export function parseCompared(raw: string | null | undefined): number[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return [];
    const ids = v.filter((x): x is number => Number.isInteger(x) && x > 0);
    return [...new Set(ids)].slice(0, MAX_COMPARED);
  } catch {
    return [];
  }
}

// useSyncExternalStore needs a stable snapshot: cache the parsed list per raw string.
let cache: { raw: string | null; list: number[] } = { raw: null, list: [] };
function snapshot(): number[] {
  const raw = readItem(StorageKeys.comparison);
  if (raw !== cache.raw) cache = { raw, list: parseCompared(raw) };
  return cache.list;
}
const EMPTY: number[] = [];

export function readCompared(): number[] {
  return snapshot();
}

export function writeCompared(ids: number[]): void {
  writeJson(StorageKeys.comparison, ids);
}

export type CompareToggleResult = "added" | "removed" | "full";

/** Adds or removes an offer; a fourth is refused ("full") and the choice stays as it was. */
export function toggleCompared(id: number): CompareToggleResult {
  const list = snapshot();
  if (list.includes(id)) {
    writeCompared(list.filter((x) => x !== id));
    return "removed";
  }
  if (list.length >= MAX_COMPARED) return "full";
  writeCompared([...list, id]);
  return "added";
}

/** The chosen ids, kept current across components and browser tabs (storage events). */
export function useCompared(): number[] {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) =>
        subscribe((key) => (key === null || key === StorageKeys.comparison) && onChange()),
      [],
    ),
    snapshot,
    () => EMPTY,
  );
}
