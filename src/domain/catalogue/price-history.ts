import type { LowestPrice30Days } from "./offer";

export interface PricePoint {
  changedAt: Date;
  totalPriceNetto: number | null;
  totalPriceBrutto: number | null;
  rentPriceNetto: number | null;
  leasePrice: number | null;
}

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The lowest price of the 30 days before the latest price change (spec section 9; the EU price
 * directive's "lowest price before the reduction"). Each point is a change: the price in force at
 * the window's start counts as well as every change inside it. Null when there was no cut.
 */
export function lowestBeforeCut(history: readonly PricePoint[]): LowestPrice30Days | null {
  if (history.length < 2) return null;
  const sorted = [...history].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  const cut = sorted[sorted.length - 1];
  const before = sorted.slice(0, -1);
  const windowStart = cut.changedAt.getTime() - WINDOW_MS;
  const inForceAtStart = before.filter((p) => p.changedAt.getTime() <= windowStart).at(-1);
  const inWindow = before.filter((p) => p.changedAt.getTime() > windowStart);
  const points = inForceAtStart ? [inForceAtStart, ...inWindow] : inWindow;
  const min = (key: keyof Omit<PricePoint, "changedAt">): number | null => {
    const values = points.map((p) => p[key]).filter((v): v is number => v !== null);
    return values.length ? Math.min(...values) : null;
  };
  const result: LowestPrice30Days = {
    TotalPriceNetto: min("totalPriceNetto"),
    TotalPriceBrutto: min("totalPriceBrutto"),
    RentPriceNetto: min("rentPriceNetto"),
    LeasePrice: min("leasePrice"),
  };
  // Only a real reduction needs the hint: some price went down at the latest change.
  const previous = before[before.length - 1];
  const keys = ["totalPriceNetto", "totalPriceBrutto", "rentPriceNetto", "leasePrice"] as const;
  const cutHappened = keys.some((k) => {
    const now = cut[k];
    const was = previous[k];
    return now !== null && was !== null && now < was;
  });
  return cutHappened ? result : null;
}
