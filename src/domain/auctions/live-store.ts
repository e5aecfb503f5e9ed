/**
 * The browser's list of live auction states (spec section 4 "Live updates"), as pure functions so the
 * rules are unit-tested: a bid for a known auction updates its last price and last bidder token and
 * moves it to the front; a bid for an unknown auction creates an entry; the hub may replace the list.
 */

/** One auction as the hub sends it in refreshAuctions (spec section 3 "Live auction state"). */
export interface LiveAuction {
  AuctionId: number;
  LastPrice: number;
  /** utoken of the current highest bidder, null without bids. */
  UToken: string | null;
  /** Number of accepted bids. */
  Bets: number;
  StartingPrice: number;
  /** ISO instants. AuctionEnd moves when a last-minute bid extends the auction. */
  AuctionStart: string;
  AuctionEnd: string;
  MinimumBid: number;
  /** The auction's own minimum increment (zł); null: the rules' table by price (our addition). */
  MinIncrement: number | null;
  IsAuctionEnded: boolean;
  /** Staff cancelled the auction before its end (our addition): no bid binds anyone, nobody wins. */
  IsCancelled: boolean;
  /** Why staff cancelled it, as the bidders are told; null unless cancelled. */
  CancelReason: string | null;
}

/** informAboutBid: ai auction id, cp current price, wh top bidder's utoken, bn number of bids; ae is
 * our addition: the auction end after the bid (it moves on a last-minute bid). */
export interface BidMessage {
  ai: number;
  cp: number;
  wh: string;
  bn: number;
  ae?: string;
  mb?: number;
}

/**
 * Applies a bid message. Messages may arrive out of order (two bids committed in quick succession are
 * published by different requests, maybe by different server processes): one that is not newer than
 * what the entry already shows (bid count not higher) is ignored, so the shown price only rises.
 */
export function applyBid(list: readonly LiveAuction[], m: BidMessage): LiveAuction[] {
  const i = list.findIndex((a) => a.AuctionId === m.ai);
  if (i >= 0 && list[i].Bets >= m.bn) return list as LiveAuction[];
  const base: LiveAuction =
    i >= 0
      ? list[i]
      : {
          AuctionId: m.ai,
          LastPrice: m.cp,
          UToken: m.wh,
          Bets: m.bn,
          StartingPrice: m.cp,
          AuctionStart: new Date(0).toISOString(),
          AuctionEnd: m.ae ?? new Date(0).toISOString(),
          MinimumBid: m.mb ?? m.cp,
          MinIncrement: null,
          IsAuctionEnded: false,
          IsCancelled: false,
          CancelReason: null,
        };
  const updated: LiveAuction = {
    ...base,
    LastPrice: m.cp,
    UToken: m.wh,
    Bets: m.bn,
    AuctionEnd: m.ae ?? base.AuctionEnd,
    MinimumBid: m.mb ?? base.MinimumBid,
  };
  return [updated, ...list.filter((_, j) => j !== i)];
}

/**
 * refreshAuctions: the hub's list replaces ours, except that an entry we already know with more bids
 * (a bid message overtook the refresh) keeps our newer price.
 */
export function replaceAll(current: readonly LiveAuction[], incoming: readonly LiveAuction[]): LiveAuction[] {
  return incoming.map((a) => {
    const known = current.find((c) => c.AuctionId === a.AuctionId);
    return known && known.Bets > a.Bets
      ? { ...a, LastPrice: known.LastPrice, UToken: known.UToken, Bets: known.Bets }
      : a;
  });
}

/** Merges a refresh for some auctions into the list (entries not mentioned are kept, in order). */
export function mergeSome(current: readonly LiveAuction[], incoming: readonly LiveAuction[]): LiveAuction[] {
  const fresh = replaceAll(current, incoming);
  const byId = new Map(fresh.map((a) => [a.AuctionId, a]));
  const kept = current.map((c) => byId.get(c.AuctionId) ?? c);
  const added = fresh.filter((f) => !current.some((c) => c.AuctionId === f.AuctionId));
  return [...kept, ...added];
}
