import { MAX_COMPARED } from "../../../domain/catalogue/comparison";
import { StorageKeys, storedList } from "../../lib/storage";

/**
 * The offers chosen for comparison, kept in browser storage as favourites are (storedList):
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

const stored = storedList(StorageKeys.comparison, parseCompared);

export const readCompared = stored.read;
export const writeCompared = stored.write;

export type CompareToggleResult = "added" | "removed" | "full";

/** Adds or removes an offer; a fourth is refused ("full") and the choice stays as it was. */
export function toggleCompared(id: number): CompareToggleResult {
  const list = stored.read();
  if (list.includes(id)) {
    writeCompared(list.filter((x) => x !== id));
    return "removed";
  }
  if (list.length >= MAX_COMPARED) return "full";
  writeCompared([...list, id]);
  return "added";
}

/** The chosen ids, kept current across components and browser tabs (storage events). */
export const useCompared = (): number[] => stored.use();
