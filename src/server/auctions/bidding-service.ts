import { and, eq, sql } from "drizzle-orm";
import { type AntiSniping, minimumNextBid } from "../../domain/auctions/bidding";
import type {
  AuctionAnswer,
  BidInput,
  BidResult,
  BuyNowInput,
  MaxBidInput,
  MaxBidResult,
  MaxBidView,
} from "../../domain/auctions/dto";
import { BidErrorCode, bidMessages } from "../../domain/auctions/errors";
import type { AuctionTerms } from "../../domain/auctions/live-events";
import type { LeadState, PlannedBid } from "../../domain/auctions/proxy";
import { formatApiDateTime } from "../../domain/format";
import type { AccountService } from "../accounts/service";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, resultRows } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { offers, proxyBids, type users } from "../db/schema/index";
import { ApiError, notFound } from "../http/errors";
import type { Metrics } from "../metrics";
import type { MailService } from "../service-types";
import type { AuctionAnnouncer } from "./announcements";
import { assertCompanyMayBid, BidEligibility, ELIGIBILITY_CACHE_MS } from "./bid-eligibility";
import { type BidNotice, BidNoticeMailer } from "./bid-notices";
import { auctionTermsOf } from "./live-state";

const rejected = (status: number, code: number, message: string) => new ApiError(status, code, message);

type User = typeof users.$inferSelect;

/** What a change asks for: a manual bid, or a new maximum. */
type Change = { kind: "bid"; price: number } | { kind: "max"; maxPrice: number };

/** The answer of the auction_decide function (drizzle/0036_bid_decision_function.sql). */
type DecideAnswer =
  | { refused: "missing" | "notAnAuction" | "notStarted" | "ended" }
  | { refused: "start"; start: number | null }
  | { refused: "tooLow"; minimum: number }
  | { refused: "maxTooLow"; minimum: number; leading: boolean }
  | {
      refused?: undefined;
      repeated: boolean;
      currentPrice: number;
      bidCount: number;
      leaderUserId: number | null;
      leaderUtoken: string | null;
      startingPrice: number;
      minIncrement: number | null;
      /** Milliseconds since the epoch, as are the other times. */
      end: number;
      previousEnd: number;
      bids: Array<{
        userId: number;
        price: number;
        loser: number | null;
        loserPrice: number;
        utoken: string;
      }>;
      exceeded: Array<{ userId: number; maxPrice: number }>;
      ownExceeded: boolean;
      notices: BidNotice[];
      make: string;
      model: string;
      version: string;
      reservePrice: number | null;
      buyNowPrice: number | null;
    };

/** The answer of the auction_buy_now function (drizzle/0043_reserve_buy_now.sql). */
type BuyNowAnswer =
  | { refused: "missing" | "notAnAuction" | "notStarted" | "ended" | "buyNowClosed" }
  | { refused: "start"; start: number | null }
  | { refused: "buyNowPrice"; price: number }
  | {
      refused?: undefined;
      currentPrice: number;
      bidCount: number;
      leaderUtoken: string;
      startingPrice: number;
      reservePrice: number | null;
      end: number;
    };

/** What a decided change answers: the auction's state after it. */
interface Decision {
  repeated: boolean;
  extended: boolean;
  offerId: number;
  state: LeadState;
  end: Date;
  leader: string | null;
  /** The accepted bids in order, each with the bid count it made and whom it outbid. */
  bids: Array<
    PlannedBid & {
      utoken: string;
      bn: number;
      outbid: { userId: number; price: number; maxPrice?: number } | null;
    }
  >;
  /** For a maximum: it can no longer bid (someone else's maximum is higher). */
  exceeded: boolean;
  /** The reserve and buy-now terms after the change, when the change altered what bidders may know. */
  terms: AuctionTerms | null;
}

/**
 * Places bids and maximum offers (proxy bids, ADR 019): each change is decided in ONE call of the
 * database function auction_decide (ADR 053), which locks the auction's row, checks the change against
 * the state, applies it and the proxy answer (the rules of domain/auctions/bidding.ts and proxy.ts),
 * and writes the offer, the bids, the maximum and the notices for the e-mails before it returns. So an
 * auction's changes are decided one after another, also across several server processes, and the lock
 * is held only for the database's own work: never across a round trip to a process that also writes
 * every bid to thousands of watching sockets (each bid then waited for the previous bidders' stalls).
 * Each accepted bid is checked against the price the previous one left, the current price is always
 * the highest accepted bid and the bid count the number of accepted bids.
 *
 * A retried request (same person, auction and price) finds its bid already stored and is answered as
 * accepted without counting it again. The decision's clock is read before the call, and the function
 * refuses once the end has passed, so a late bid is rejected.
 */
export class BiddingService {
  private readonly eligibility: BidEligibility;
  /** Auction starts as last read (see auctionStart): the rules version a bidder is checked against. */
  private readonly starts = new Map<number, { start: Date | null; until: number }>();
  readonly notices: BidNoticeMailer;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    mail: MailService,
    accounts: AccountService,
    /** Told of every accepted bid: the bidding hub's watchers (AuctionWatchers), nobody in scripts. */
    private readonly announcer: Pick<AuctionAnnouncer, "bidAccepted" | "known">,
    private readonly clock: Clock,
    private readonly metrics?: Pick<Metrics, "bidAccepted" | "bidRefused">,
    log: (msg: string, err?: unknown) => void = () => {},
    /** Called once buy now has ended an auction: the closer settles it at once, not at its next poll. */
    private readonly onEndedNow: () => void = () => {},
  ) {
    this.eligibility = new BidEligibility(db, accounts, clock);
    this.notices = new BidNoticeMailer(db, config, mail, log);
  }

  /**
   * GET /api/Account/BiddingReadiness: every refusal a bid of this person would meet before its price
   * is looked at (403 with 64, 100 or 101), so the page shows the way out instead of the bid box. With
   * an auction, the rules version that auction binds its bidders to.
   */
  async assertReady(user: User, auctionId?: number): Promise<void> {
    let start = this.clock.now();
    if (auctionId !== undefined) {
      const [o] = await this.db
        .select({ auctionStart: offers.auctionStart })
        .from(offers)
        .where(and(eq(offers.id, auctionId), eq(offers.saleType, "auction")));
      if (!o?.auctionStart) throw notFound("Nie ma aukcji o podanym numerze.");
      start = o.auctionStart;
    }
    await this.eligibility.assertNow(user, start);
  }

  get antiSniping(): AntiSniping {
    return {
      windowMs: this.config.ANTI_SNIPING_WINDOW_SECONDS * 1000,
      extensionMs: this.config.ANTI_SNIPING_EXTENSION_SECONDS * 1000,
    };
  }

  /**
   * An auction's start, kept for as long as an eligibility answer (a bidder sends many bids a minute;
   * a start moves only before the auction runs). The decision itself compares it with the row, so a
   * start changed meanwhile is read again (`fresh`), never bid on unchecked.
   */
  private async auctionStart(auctionId: number, fresh: boolean): Promise<Date | null> {
    const now = this.clock.now().getTime();
    const kept = this.starts.get(auctionId);
    if (kept && !fresh && kept.until > now) return kept.start;
    const [o] = await this.db
      .select({ auctionStart: offers.auctionStart })
      .from(offers)
      .where(eq(offers.id, auctionId));
    if (!o) throw notFound("Nie ma aukcji o podanym numerze.");
    if (this.starts.size > 10_000) this.starts.clear();
    this.starts.set(auctionId, { start: o.auctionStart, until: now + ELIGIBILITY_CACHE_MS });
    return o.auctionStart;
  }

  /** One call of the decision function. */
  private async call(
    user: User,
    auctionId: number,
    change: Change,
    start: Date | null,
    now: Date,
  ): Promise<DecideAnswer> {
    const amount = change.kind === "bid" ? change.price : change.maxPrice;
    const { windowMs, extensionMs } = this.antiSniping;
    const result = await this.db.execute(
      sql`select auction_decide(${auctionId}::int, ${user.id}::int, ${change.kind}::text, ${amount}::int,
        ${now.toISOString()}::timestamptz, ${start?.toISOString() ?? null}::timestamptz,
        ${windowMs}::int, ${extensionMs}::int) as answer`,
    );
    const [{ answer }] = resultRows<{ answer: DecideAnswer | string }>(result);
    // PGlite and node-postgres parse jsonb; a string would only come from a driver that does not.
    return typeof answer === "string" ? (JSON.parse(answer) as DecideAnswer) : answer;
  }

  async placeBid(user: User, input: BidInput): Promise<BidResult> {
    const decision = await this.counted(() =>
      this.decide(user, input.AuctionId, { kind: "bid", price: input.Price }, input.ConnectionId),
    );
    return { ...this.answer(decision), Price: input.Price };
  }

  /** POST /api/Bidding/MaxBid: sets (or raises) the person's maximum; the server bids for them at once. */
  async setMaxBid(user: User, input: MaxBidInput): Promise<MaxBidResult> {
    const decision = await this.counted(() =>
      this.decide(user, input.AuctionId, { kind: "max", maxPrice: input.MaxPrice }, input.ConnectionId),
    );
    return {
      ...this.answer(decision),
      MaxPrice: input.MaxPrice,
      Leading: decision.leader === user.utoken,
      Exceeded: decision.exceeded,
    };
  }

  /**
   * POST /api/Bidding/BuyNow: the auction ends at once at its buy-now price for this bidder, decided
   * in one call of auction_buy_now under the auction's row lock like a bid, so of two people confirming
   * at once exactly one buys and the other is told the auction has ended.
   */
  async buyNow(user: User, input: BuyNowInput): Promise<BidResult> {
    const decision = await this.counted(async () => {
      assertCompanyMayBid(user);
      let answer: BuyNowAnswer | undefined;
      for (let i = 0; answer === undefined || answer.refused === "start"; i++) {
        if (i === 3) throw new Error(`auction ${input.AuctionId}: its start keeps changing`);
        const start = await this.auctionStart(input.AuctionId, i > 0);
        if (start) await this.eligibility.assert(user, start);
        const now = this.clock.now();
        const result = await this.db.execute(
          sql`select auction_buy_now(${input.AuctionId}::int, ${user.id}::int, ${input.Price}::int,
            ${now.toISOString()}::timestamptz, ${start?.toISOString() ?? null}::timestamptz) as answer`,
        );
        const [row] = resultRows<{ answer: BuyNowAnswer | string }>(result);
        answer = typeof row.answer === "string" ? (JSON.parse(row.answer) as BuyNowAnswer) : row.answer;
      }
      const a = buyNowRefusalOf(answer);
      const state: LeadState = {
        startingPrice: a.startingPrice,
        currentPrice: a.currentPrice,
        bidCount: a.bidCount,
        leaderUserId: user.id,
        minIncrement: null,
      };
      const decision: Decision = {
        repeated: false,
        extended: false,
        offerId: input.AuctionId,
        state,
        end: new Date(a.end),
        leader: a.leaderUtoken,
        bids: [
          {
            userId: user.id,
            price: a.currentPrice,
            utoken: a.leaderUtoken,
            bn: a.bidCount,
            // The auction has ended: the one who led learns the result from the closer's e-mail and
            // the page, not as an outbid message inviting a bid.
            outbid: null,
          },
        ],
        exceeded: false,
        // Ended at its buy-now price, never below the reserve (staff cannot set it so).
        terms: {
          AuctionId: input.AuctionId,
          Reserve: a.reservePrice === null ? "none" : "met",
          BuyNowPrice: null,
          Unsold: false,
        },
      };
      return decision;
    });
    this.announce(decision, input.ConnectionId);
    this.onEndedNow();
    return { ...this.answer(decision), Price: input.Price };
  }

  /** The person's own maximum of an auction (null: none set). */
  async maxBidOf(userId: number, auctionId: number): Promise<MaxBidView> {
    const [row] = await this.db
      .select({ maxPrice: proxyBids.maxPrice, exceededAt: proxyBids.exceededAt })
      .from(proxyBids)
      .where(and(eq(proxyBids.offerId, auctionId), eq(proxyBids.userId, userId)));
    return { AuctionId: auctionId, MaxPrice: row?.maxPrice ?? null, Exceeded: Boolean(row?.exceededAt) };
  }

  private async counted(run: () => Promise<Decision>): Promise<Decision> {
    try {
      const decision = await run();
      for (let i = 0; i < decision.bids.length; i++) this.metrics?.bidAccepted();
      return decision;
    } catch (err) {
      // A refusal is an answer with an ErrorCode (too low, ended, not allowed…); a fault is not counted.
      if (err instanceof ApiError && err.status < 500) this.metrics?.bidRefused(err.code);
      throw err;
    }
  }

  private answer(result: Decision): AuctionAnswer {
    return {
      AuctionId: result.offerId,
      Repeated: result.repeated,
      CurrentPrice: result.state.currentPrice,
      BidCount: result.state.bidCount,
      UToken: result.leader,
      AuctionEnd: formatApiDateTime(result.end),
      AuctionEndUtc: result.end.toISOString(),
      Extended: result.extended,
      MinimumBid: minimumNextBid(result.state),
      ServerTime: this.clock.now().toISOString(),
    };
  }

  private async decide(
    user: User,
    auctionId: number,
    change: Change,
    connectionId: string | null | undefined,
  ): Promise<Decision> {
    assertCompanyMayBid(user);
    let answer: DecideAnswer | undefined;
    let checkedFor: number | undefined;
    let now = this.clock.now();
    for (let i = 0; answer === undefined || answer.refused === "start"; i++) {
      // The start moved between the look and the decision (staff changed the dates): look again.
      if (i === 3) throw new Error(`auction ${auctionId}: its start keeps changing`);
      const start = await this.auctionStart(auctionId, i > 0);
      if (start && checkedFor !== start.getTime()) {
        await this.eligibility.assert(user, start);
        checkedFor = start.getTime();
      }
      // Below a minimum this process already knows: auction_decide would refuse it with the same words.
      const minimum =
        change.kind === "bid"
          ? this.announcer.known?.tooLow(auctionId, user.utoken, change.price, now)
          : null;
      if (minimum != null) refusalOf({ refused: "tooLow", minimum });
      try {
        now = this.clock.now();
        answer = await this.call(user, auctionId, change, start, now);
      } catch (err) {
        // Two copies of one request raced: the loser finds the winner's bid on its next attempt.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    const result = decisionOf(auctionId, refusalOf(answer));
    if (!answer.refused && answer.notices.length) {
      await this.notices.queue(answer.notices, {
        id: auctionId,
        make: answer.make,
        model: answer.model,
        version: answer.version,
        currentPrice: answer.currentPrice,
        end: result.end,
        at: now,
      });
    }
    this.announce(result, connectionId);
    return result;
  }

  /** Tells the watchers of each accepted bid; the terms' change, if any, with the last of them. */
  private announce(result: Decision, connectionId: string | null | undefined) {
    result.bids.forEach((b, i) => {
      const after: LeadState = {
        ...result.state,
        currentPrice: b.price,
        bidCount: b.bn,
        leaderUserId: b.userId,
      };
      this.announcer.bidAccepted(
        {
          ai: result.offerId,
          cp: b.price,
          wh: b.utoken,
          bn: b.bn,
          ae: result.end.toISOString(),
          mb: minimumNextBid(after),
        },
        {
          outbidUserId: b.outbid?.userId ?? null,
          outbidPrice: b.outbid?.price ?? null,
          outbidMaxPrice: b.outbid?.maxPrice,
          connectionId: i === 0 ? (connectionId ?? undefined) : undefined,
          bidderUserId: b.userId,
          extended: i === 0 && result.extended,
          terms: i === result.bids.length - 1 ? (result.terms ?? undefined) : undefined,
        },
      );
    });
  }
}

/** The refusals a bid and buy now share: no such auction, not an auction, not started or over. */
function refuseByAuctionState(refused: "missing" | "notAnAuction" | "start" | "notStarted" | "ended"): never {
  switch (refused) {
    case "missing":
      throw notFound("Nie ma aukcji o podanym numerze.");
    case "notAnAuction":
    case "start":
      throw rejected(400, BidErrorCode.NotAnAuction, bidMessages.notAnAuction);
    case "notStarted":
      throw rejected(400, BidErrorCode.AuctionNotStarted, bidMessages.notStarted);
    case "ended":
      throw rejected(400, BidErrorCode.AuctionEnded, bidMessages.ended);
  }
}

/** A refusal of buy now as the API answers it; otherwise the purchase. */
function buyNowRefusalOf(answer: BuyNowAnswer) {
  switch (answer.refused) {
    case undefined:
      return answer;
    case "missing":
    case "notAnAuction":
    case "start":
    case "notStarted":
    case "ended":
      return refuseByAuctionState(answer.refused);
    case "buyNowClosed":
      throw rejected(400, BidErrorCode.BuyNowClosed, bidMessages.buyNowClosed);
    case "buyNowPrice":
      throw rejected(400, BidErrorCode.BuyNowPriceChanged, bidMessages.buyNowPrice(answer.price));
  }
}

/** A refusal of the decision as the API answers it; otherwise the decision. */
function refusalOf(answer: DecideAnswer) {
  switch (answer.refused) {
    case undefined:
      return answer;
    case "missing":
    case "notAnAuction":
    case "start":
    case "notStarted":
    case "ended":
      return refuseByAuctionState(answer.refused);
    case "tooLow":
      throw rejected(400, BidErrorCode.BidTooLow, bidMessages.tooLow(answer.minimum));
    case "maxTooLow":
      throw rejected(
        400,
        BidErrorCode.MaxBidTooLow,
        answer.leading ? bidMessages.maxBelowLead(answer.minimum) : bidMessages.maxTooLow(answer.minimum),
      );
  }
}

/** The decision as the answer and the watchers need it: each bid with its count and whom it outbid. */
function decisionOf(offerId: number, a: Extract<DecideAnswer, { refused?: undefined }>): Decision {
  const state: LeadState = {
    startingPrice: a.startingPrice,
    currentPrice: a.currentPrice,
    bidCount: a.bidCount,
    leaderUserId: a.leaderUserId,
    minIncrement: a.minIncrement,
  };
  const first = a.bidCount - a.bids.length;
  return {
    repeated: a.repeated,
    extended: a.end !== a.previousEnd,
    offerId,
    state,
    end: new Date(a.end),
    leader: a.bidCount > 0 ? a.leaderUtoken : null,
    // Someone whose maximum answered within this decision leads again: no alert for a lost lead.
    bids: a.bids.map((b, i) => ({
      userId: b.userId,
      price: b.price,
      utoken: b.utoken,
      bn: first + i + 1,
      outbid:
        b.loser !== null && b.loser !== a.leaderUserId
          ? {
              userId: b.loser,
              price: b.loserPrice,
              maxPrice: a.exceeded.find((p) => p.userId === b.loser)?.maxPrice,
            }
          : null,
    })),
    exceeded: a.ownExceeded,
    terms: termsChange(offerId, a),
  };
}

/**
 * The reserve and buy-now terms after the decision's bids, when they differ from those before: a bid
 * reached the reserve, or buy now closed. Null when nothing bidders may know changed.
 */
function termsChange(
  offerId: number,
  a: Extract<DecideAnswer, { refused?: undefined }>,
): AuctionTerms | null {
  if (!a.bids.length || (a.reservePrice === null && a.buyNowPrice === null)) return null;
  const of = (bidCount: number, currentPrice: number) =>
    auctionTermsOf({
      id: offerId,
      reservePrice: a.reservePrice,
      buyNowPrice: a.buyNowPrice,
      bidCount,
      currentPrice,
      ended: false,
      outcome: null,
    });
  const before = of(a.bidCount - a.bids.length, a.bids[0].loserPrice);
  const after = of(a.bidCount, a.currentPrice);
  if (before.Reserve === after.Reserve && before.BuyNowPrice === after.BuyNowPrice) return null;
  return after;
}
