import { isKeyOf, isOneOf } from "./value-sets";

/**
 * A bidder account's state as the panel shows it, in one word: the account's
 * status together with a pending re-check of the company and a refused check.
 */
export const BIDDER_STATES = ["email", "awaiting", "reverification", "refused", "active", "blocked"] as const;
export type BidderState = (typeof BIDDER_STATES)[number];

export const BIDDER_STATE_NAMES: Record<BidderState, string> = {
  email: "e-mail niepotwierdzony",
  awaiting: "czeka na weryfikację",
  reverification: "zmienił dane firmy, czeka na weryfikację",
  refused: "weryfikacja odrzucona",
  active: "aktywne",
  blocked: "zablokowane",
};

export const isBidderState = isOneOf(BIDDER_STATES);

/** The bidder list's tabs, with their names and the value of `?widok=` that opens each. */
export const BIDDER_FILTERS = {
  awaiting: "Do weryfikacji",
  refused: "Odrzucone",
  blocked: "Zablokowane",
  all: "Wszystkie",
} as const;
export type BidderFilter = keyof typeof BIDDER_FILTERS;

export const isBidderFilter = isKeyOf(BIDDER_FILTERS);

export const BIDDERS_PAGE_SIZE = 25;

/** The account list's columns a member sorts by (`?sortuj=`). */
export const BIDDER_SORTS = ["firma", "nip", "email", "stan", "od"] as const;
export type BidderSort = (typeof BIDDER_SORTS)[number];

/** An account's page in the panel (staff e-mails link to it). */
export const bidderPanelPath = (id: number) => `/panel/konta-klientow/${id}`;
