import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Sort } from "../../domain/staff/table";
import { StaffError } from "./staff-error";

// What the panel's lists share in their queries: the search box and the pages.

/** A search term as an ILIKE pattern that matches it anywhere: its own %, _ and \ stand for themselves. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The offset of a list page of `size` rows: pages count from 1, and a missing or lower one is the first. */
export const pageOffset = (page: number | undefined, size: number) => (Math.max(1, page ?? 1) - 1) * size;

/**
 * A list's order: by the column the address's sort names (`columns` has each sortable column's
 * expression; empty values last either way), then `tiebreak` so pages never overlap; without a sort,
 * the list's own order.
 */
export function sortedBy<K extends string>(
  sort: Sort<K> | null | undefined,
  columns: Record<K, SQLWrapper>,
  own: SQL[],
  tiebreak: SQL[],
): SQL[] {
  if (!sort) return own;
  const by = columns[sort.key];
  return [sort.desc ? sql`${by} desc nulls last` : sql`${by} asc nulls last`, ...tiebreak];
}

/** What a bulk action did: the records changed, and each one refused with the reason. */
export interface BulkOutcome {
  done: number[];
  refused: { id: number; message: string }[];
}

/**
 * A bulk action: `one` for each record in turn, each in its own transaction, so a record the action
 * cannot take (a draft without photos to publish) is told with its reason and the rest are changed.
 */
export async function bulkEach(ids: number[], one: (id: number) => Promise<unknown>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], refused: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await one(id);
      outcome.done.push(id);
    } catch (err) {
      if (!(err instanceof StaffError)) throw err;
      outcome.refused.push({ id, message: err.message });
    }
  }
  return outcome;
}
