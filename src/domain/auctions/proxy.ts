import { minimumIncrement, minimumNextBid } from "./bidding";

/**
 * Proxy bids (maksymalna oferta, ADR 019): a bidder sets a private maximum and the server bids for
 * them, the least needed to lead, up to it. Pure functions: the server decides with them inside one
 * serialised bid decision, and the property tests drive them directly.
 */

export interface ProxyMax {
  userId: number;
  maxPrice: number;
  /** Order of setting (per auction, strictly increasing): of equal maxima the earlier one leads. */
  setSeq: number;
}

export interface LeadState {
  startingPrice: number;
  /** The highest accepted bid, or the starting price while there is no bid. */
  currentPrice: number;
  bidCount: number;
  /** null while there is no bid. */
  leaderUserId: number | null;
  /** The auction's own minimum increment (zł); null or missing: the rules' table. */
  minIncrement?: number | null;
}

export interface PlannedBid {
  userId: number;
  price: number;
}

/** Stronger maximum first: higher, then set earlier. */
const stronger = (a: ProxyMax, b: ProxyMax) => b.maxPrice - a.maxPrice || a.setSeq - b.setSeq;

/**
 * The proxy bid the state calls for, or null when no maximum can change the lead.
 *
 * Someone other than the leader whose maximum reaches the minimum next bid challenges; all maxima
 * that can still bid (those challengers and the leader's own) are compared, the strongest wins:
 * - the leader's maximum wins: the leader bids just enough that the best challenger cannot go on
 *   (the challenger's maximum plus one step, at most the leader's maximum);
 * - a challenger wins: they bid the minimum next bid, or enough that the runner-up cannot go on
 *   (the runner-up's maximum plus one step), at most their own maximum.
 * Either way every other maximum ends below the minimum next bid, so one bid settles the state:
 * resolving again yields null. The price is always at least the minimum next bid, never above the
 * bidder's maximum.
 */
export function proxyResponse(state: LeadState, maxima: readonly ProxyMax[]): PlannedBid | null {
  const minimum = minimumNextBid(state);
  const leader = state.bidCount > 0 ? state.leaderUserId : null;
  const challengers = maxima.filter((p) => p.userId !== leader && p.maxPrice >= minimum);
  if (!challengers.length) return null;
  const own = maxima.find((p) => p.userId === leader);
  const [winner, runnerUp] = [...challengers, ...(own ? [own] : [])].sort(stronger);
  const beyond = (p: ProxyMax | undefined) =>
    p ? p.maxPrice + minimumIncrement(p.maxPrice, state.minIncrement) : 0;
  const price = Math.min(winner.maxPrice, Math.max(minimum, beyond(runnerUp)));
  if (winner.userId === leader && price <= state.currentPrice) return null;
  return { userId: winner.userId, price };
}

/** The state after one accepted bid. */
export function afterBid(state: LeadState, bid: PlannedBid): LeadState {
  return { ...state, currentPrice: bid.price, bidCount: state.bidCount + 1, leaderUserId: bid.userId };
}

/**
 * Every bid a change calls for: the manual bid (if any, already checked against the minimum) and then
 * the proxy answer. Proxy bids never chain beyond one (see proxyResponse); the loop is bounded anyway.
 */
export function settle(
  state: LeadState,
  maxima: readonly ProxyMax[],
  manual: PlannedBid | null,
): { bids: PlannedBid[]; state: LeadState } {
  const bids: PlannedBid[] = [];
  let s = state;
  if (manual) {
    bids.push(manual);
    s = afterBid(s, manual);
  }
  for (let i = 0; i <= maxima.length; i++) {
    const next = proxyResponse(s, maxima);
    if (!next) break;
    bids.push(next);
    s = afterBid(s, next);
  }
  return { bids, state: s };
}

/**
 * The maxima a settled state has left behind: someone else leads and the maximum can no longer bid.
 * Their owners are told (e-mail) that their maximum has been exceeded.
 */
export function exceededMaxima(state: LeadState, maxima: readonly ProxyMax[]): ProxyMax[] {
  const minimum = minimumNextBid(state);
  return maxima.filter((p) => p.userId !== state.leaderUserId && p.maxPrice < minimum);
}

/**
 * The lowest maximum a person may set now: while they lead, not below their leading amount (it may
 * be raised, or lowered down to it); otherwise at least the minimum next bid, since it bids at once.
 */
export function minimumMaximum(state: LeadState, userId: number): number {
  if (state.bidCount > 0 && state.leaderUserId === userId) return state.currentPrice;
  return minimumNextBid(state);
}
