/**
 * Bid rules of the live auctions (spec sections 3, 4 and 9): the minimum increment by price band, the
 * minimum next bid, and the anti-sniping extension. Pure functions, shared by the server (which
 * decides) and the browser (which shows the minimum next bid in the bid box).
 */

/**
 * Minimum increment by price band, in whole złoty. A band applies while the current price is below
 * `below`; the last band has no upper bound. Steps grow with the price so that a bid always moves the
 * price by a noticeable amount (about 0.5-2%) without making cheap cars jump.
 *
 * | current price            | minimum increment |
 * | ------------------------ | ----------------- |
 * | below 10 000 zł          | 100 zł            |
 * | 10 000 – 49 999 zł       | 250 zł            |
 * | 50 000 – 99 999 zł       | 500 zł            |
 * | 100 000 – 249 999 zł     | 1 000 zł          |
 * | 250 000 zł and more      | 2 500 zł          |
 */
export const INCREMENT_BANDS: readonly { below: number; step: number }[] = [
  { below: 10_000, step: 100 },
  { below: 50_000, step: 250 },
  { below: 100_000, step: 500 },
  { below: 250_000, step: 1_000 },
  { below: Number.POSITIVE_INFINITY, step: 2_500 },
];

/** Highest price accepted in one bid: a typo guard (nine digits, as the spec's price inputs). */
export const MAX_BID_PRICE = 99_999_999;

/** The step after `currentPrice`: the auction's own (`fixed`, set by staff), else the table's band. */
export function minimumIncrement(currentPrice: number, fixed?: number | null): number {
  if (fixed) return fixed;
  for (const band of INCREMENT_BANDS) if (currentPrice < band.below) return band.step;
  return INCREMENT_BANDS[INCREMENT_BANDS.length - 1].step;
}

export interface PriceState {
  startingPrice: number;
  /** The highest accepted bid, or the starting price while there is no bid. */
  currentPrice: number;
  bidCount: number;
  /** The auction's own minimum increment (zł); null or missing: the table's bands. */
  minIncrement?: number | null;
}

/** The lowest price the next bid may have: the starting price for the first bid, else current + step. */
export function minimumNextBid(s: PriceState): number {
  if (s.bidCount === 0) return s.startingPrice;
  return s.currentPrice + minimumIncrement(s.currentPrice, s.minIncrement);
}

export interface AntiSniping {
  /** A bid with less than this left before the end extends the auction. */
  windowMs: number;
  /** The new end is this long after the bid. */
  extensionMs: number;
}

/** Default of the issue: a bid in the last 2 minutes moves the end to 2 minutes after the bid. */
export const DEFAULT_ANTI_SNIPING: AntiSniping = { windowMs: 120_000, extensionMs: 120_000 };

/** The auction end after a bid placed at `bidAt`: later when inside the window, never earlier. */
export function endAfterBid(end: Date, bidAt: Date, rule: AntiSniping = DEFAULT_ANTI_SNIPING): Date {
  const left = end.getTime() - bidAt.getTime();
  if (left >= rule.windowMs) return end;
  return new Date(Math.max(end.getTime(), bidAt.getTime() + rule.extensionMs));
}
