/**
 * Spec section 9: a price reduction shows "the lowest price of the last 30 days before the cut".
 * Price history rows record each new price from the moment it applies; a price holds until the next
 * row. The lowest price of the window [cut - 30 days, cut) is therefore the minimum of the price
 * in force when the window opens and of every price set inside it.
 */
export const LOWEST_PRICE_WINDOW_DAYS = 30;

export interface PricePoint {
  changedAt: Date | string;
  price: number | null;
}

const time = (d: Date | string) => (typeof d === "string" ? Date.parse(d) : d.getTime());

/** The lowest price in the 30 days before `cutAt`; null when no price applied in that window. */
export function lowestPriceBefore(history: readonly PricePoint[], cutAt: Date | string): number | null {
  const cut = time(cutAt);
  const from = cut - LOWEST_PRICE_WINDOW_DAYS * 24 * 3_600_000;
  const sorted = history
    .filter((p): p is PricePoint & { price: number } => p.price !== null)
    .map((p) => ({ at: time(p.changedAt), price: p.price }))
    .sort((a, b) => a.at - b.at);
  let lowest: number | null = null;
  let inForce: number | null = null;
  for (const p of sorted) {
    if (p.at <= from) inForce = p.price;
    else if (p.at < cut) lowest = lowest === null ? p.price : Math.min(lowest, p.price);
  }
  if (inForce !== null) lowest = lowest === null ? inForce : Math.min(lowest, inForce);
  return lowest;
}

/** The moment of the latest price cut (a row cheaper than the one before it), if any. */
export function lastPriceCut(history: readonly PricePoint[]): Date | null {
  const sorted = history
    .filter((p): p is PricePoint & { price: number } => p.price !== null)
    .map((p) => ({ at: time(p.changedAt), price: p.price }))
    .sort((a, b) => a.at - b.at);
  for (let i = sorted.length - 1; i > 0; i--) {
    if (sorted[i].price < sorted[i - 1].price) return new Date(sorted[i].at);
  }
  return null;
}
