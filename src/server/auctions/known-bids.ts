import type { BidMessage } from "../../domain/auctions/live-store";

interface Heard {
  /** Bid numbers heard: the answer is trusted only once every bid from the first one has been heard. */
  numbers: Set<number>;
  highest: number;
  /** "utoken|price" of every bid heard: a retry of one of them is answered by the database as accepted. */
  bids: Set<string>;
  minimum: number;
  endMs: number;
}

/** More auctions than any site runs at once: past it the record starts again (it only saves calls). */
const MAX_AUCTIONS = 10_000;

/**
 * The accepted bids this process has heard of, its own and (through the hub) the other processes', so
 * that a bid below the minimum it already knows is refused without a database call (ADR 063).
 *
 * Why: in a hot auction most bids arrive too late, below a price someone else has just set, and each
 * took a round trip to auction_decide only to be refused; those calls were most of the database's work
 * and a good part of the server's. Prices only rise, so a bid below a minimum that was true a moment ago
 * is below the minimum now, and auction_decide would refuse it with the same words (its current minimum
 * may be higher still, as it may be by the time any answer arrives).
 *
 * It answers only when that refusal is certain:
 * - every bid of the auction from the first has been heard, so a retry of an accepted bid (the same person
 *   and price, which the database answers as accepted) is recognised; a process started in the middle of
 *   an auction leaves it to the database until the auction ends;
 * - the end heard has not passed (the database says "ended" then), and the auction has not been closed or
 *   cancelled (forget, from the closer's announcement).
 */
export class KnownBids {
  private readonly auctions = new Map<number, Heard>();

  heard(m: BidMessage): void {
    let a = this.auctions.get(m.ai);
    if (!a) {
      if (this.auctions.size >= MAX_AUCTIONS) this.auctions.clear();
      a = { numbers: new Set(), highest: 0, bids: new Set(), minimum: 0, endMs: 0 };
      this.auctions.set(m.ai, a);
    }
    a.numbers.add(m.bn);
    a.bids.add(`${m.wh}|${m.cp}`);
    // Messages of bids decided at nearly the same time can arrive in either order: the newest counts.
    if (m.bn > a.highest && m.mb !== undefined && m.ae !== undefined) {
      a.highest = m.bn;
      a.minimum = m.mb;
      a.endMs = Date.parse(m.ae);
    }
  }

  forget(auctionId: number): void {
    this.auctions.delete(auctionId);
  }

  /** The known minimum next bid when a bid of `price` by this person is surely refused as too low. */
  tooLow(auctionId: number, utoken: string, price: number, now: Date): number | null {
    const a = this.auctions.get(auctionId);
    if (!a || a.numbers.size !== a.highest || a.highest === 0) return null;
    if (price >= a.minimum || now.getTime() >= a.endMs) return null;
    if (a.bids.has(`${utoken}|${price}`)) return null;
    return a.minimum;
  }
}
