/**
 * When an auction may run: one rule for the panel's form and the fleet API (and the import), so an
 * auction one of them refuses cannot come in through the other.
 */

/** The shortest auction: bidders need time to find it. */
export const MIN_AUCTION_HOURS = 1;

export const AUCTION_END_BEFORE_START = "Koniec aukcji musi być po jej początku.";
export const AUCTION_END_PAST = "Koniec aukcji musi być w przyszłości.";
export const AUCTION_TOO_SHORT = `Aukcja musi trwać co najmniej ${MIN_AUCTION_HOURS} godzinę.`;

/**
 * What is wrong with an auction from `start` to `end` (milliseconds), said at its end; null when it
 * may run. With `now` (the clock's), an end already past is wrong too.
 */
export function auctionTimesIssue(start: number, end: number, now?: number): string | null {
  if (end <= start) return AUCTION_END_BEFORE_START;
  if (now !== undefined && end <= now) return AUCTION_END_PAST;
  if (end - start < MIN_AUCTION_HOURS * 3_600_000) return AUCTION_TOO_SHORT;
  return null;
}
