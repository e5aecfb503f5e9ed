import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS, type Notifications } from "../../domain/account";
import { type AntiSniping, endAfterBid, minimumNextBid } from "../../domain/auctions/bidding";
import type {
  AuctionAnswer,
  BidInput,
  BidResult,
  MaxBidInput,
  MaxBidResult,
  MaxBidView,
} from "../../domain/auctions/dto";
import { BidErrorCode, bidMessages } from "../../domain/auctions/errors";
import {
  exceededMaxima,
  type LeadState,
  minimumMaximum,
  type PlannedBid,
  type ProxyMax,
  settle,
} from "../../domain/auctions/proxy";
import { offerPath } from "../../domain/catalogue/offer-url";
import { formatApiDateTime } from "../../domain/format";
import { carTitle } from "../../domain/vehicles";
import type { AccountService } from "../accounts/service";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, resultRows } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { accountSettings, auctionOutbidMails, bids, offers, proxyBids, users } from "../db/schema/index";
import { ApiError, notFound } from "../http/errors";
import { type OutgoingMail, outboxInsert } from "../mail/outbox";
import type { Metrics } from "../metrics";
import type { MailService } from "../service-types";
import type { AuctionAnnouncer } from "./announcements";
import { assertCompanyMayBid, BidEligibility } from "./bid-eligibility";
import { auctionOfferColumns } from "./live-state";
import { maxExceededMail, outbidMail } from "./mails";

type User = typeof users.$inferSelect;

/**
 * Outbid e-mails are coalesced: at most one per auction and bidder in this interval (a bidding war
 * otherwise sends dozens)…
 */
export const OUTBID_MAIL_INTERVAL_MS = 5 * 60_000;
/** …except that the bidder always gets one in this last stretch before the auction's end. */
export const OUTBID_MAIL_FINAL_MS = 3 * 60_000;

const rejected = (status: number, code: number, message: string) => new ApiError(status, code, message);

/** A live maximum as the decision reads it, with what its owner needs for a message. */
interface ProxyRow extends ProxyMax {
  utoken: string;
  email: string;
  notifications: Partial<Notifications> | null;
}

/** What a change asks for: a manual bid, or a new maximum. */
type Change = { kind: "bid"; price: number } | { kind: "max"; maxPrice: number };

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
  mailQueued: boolean;
  /** For a maximum: it can no longer bid (someone else's maximum is higher). */
  exceeded: boolean;
}

/**
 * Places bids and maximum offers (proxy bids, ADR 019), one auction's changes one after another, also
 * across several server processes, without holding a lock while this process works. Each attempt
 * reads the auction with its live maxima (one query), decides in TypeScript (the manual bid, then the
 * proxy answer of domain/auctions/proxy.ts), and writes with ONE statement that applies only if the
 * auction is still as read (compare-and-set on the bid count, which every accepted bid raises, and on
 * offers.proxy_version, which every change of a maximum raises; an auction's end moves only with a
 * bid and its prices are not edited): it updates the offer, inserts the bids, stores the maximum and
 * queues the e-mails together, or changes nothing. If another change came first, the attempt starts
 * again on the new state. So each accepted bid is checked against the price the previous one left,
 * the current price is always the highest accepted bid and the bid count the number of accepted bids.
 *
 * Why not SELECT … FOR UPDATE in a transaction: the row lock was then held across six round trips
 * to the database, each waiting for this process's event loop, which also writes every bid to
 * thousands of watching sockets; under load each bid waited for the previous bidders' stalls (in the
 * load run: bid answer p50 71 ms, p99 300 ms). Now the row is locked only inside one statement.
 *
 * A retried request (same person, auction and price) finds its bid already stored and is answered as
 * accepted without counting it again. The decision's clock is read for each attempt, and the write
 * also requires the end not to have passed, so a late bid is rejected.
 */
export class BiddingService {
  private readonly eligibility: BidEligibility;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    accounts: AccountService,
    /** Told of every accepted bid: the bidding hub's watchers (AuctionWatchers), nobody in scripts. */
    private readonly announcer: Pick<AuctionAnnouncer, "bidAccepted">,
    private readonly clock: Clock,
    private readonly metrics?: Pick<Metrics, "bidAccepted" | "bidRefused">,
  ) {
    this.eligibility = new BidEligibility(db, accounts, clock);
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

  /** What one decision reads: the auction's offer row, its top bidder (null: none yet), its live
   * maxima with their owners (a blocked or unverified owner's maximum bids no more), and whether this person already has an accepted bid of this price (a
   * retried request). */
  private async snapshot(userId: number, auctionId: number, price: number) {
    const [row] = await this.db
      .select({
        o: { ...auctionOfferColumns, proxyVersion: offers.proxyVersion },
        leader: { utoken: users.utoken, email: users.email, notifications: accountSettings.notifications },
        mine: sql<boolean>`exists (select 1 from ${bids} b where b.offer_id = ${offers.id} and b.user_id = ${userId} and b.price = ${price})`,
        maxima: sql<ProxyRow[]>`(select coalesce(json_agg(json_build_object('userId', p.user_id,
            'maxPrice', p.max_price, 'setSeq', p.set_seq, 'utoken', pu.utoken, 'email', pu.email,
            'notifications', ps.notifications)), '[]'::json)
          from ${proxyBids} p join ${users} pu on pu.id = p.user_id
          left join ${accountSettings} ps on ps.user_id = p.user_id
          where p.offer_id = ${offers.id} and p.exceeded_at is null
            and pu.status = 'active' and pu.reverification_requested_at is null)`,
      })
      .from(offers)
      .leftJoin(users, eq(users.id, offers.leaderUserId))
      .leftJoin(accountSettings, eq(accountSettings.userId, offers.leaderUserId))
      .where(eq(offers.id, auctionId));
    if (!row) return null;
    // PGlite parses json, node-postgres too; a string would only come from a driver that does not.
    const maxima = typeof row.maxima === "string" ? (JSON.parse(row.maxima) as ProxyRow[]) : row.maxima;
    return { ...row, maxima };
  }

  /**
   * One attempt: the decision on the state read now, or null when another change came first. Its
   * phases: the auction as read and checked, the change applied to it (a bid, or a new maximum), the
   * settled bids with whom each outbid, the e-mails that follow, and one conditional write.
   */
  private async attempt(
    user: User,
    auctionId: number,
    change: Change,
    checked: boolean,
  ): Promise<Decision | null> {
    const snap = await this.snapshot(user.id, auctionId, change.kind === "bid" ? change.price : -1);
    if (!snap) throw notFound("Nie ma aukcji o podanym numerze.");
    const { o } = snap;
    if (o.saleType !== "auction" || !o.auctionStart || !o.auctionEnd || o.startingPrice === null) {
      throw rejected(400, BidErrorCode.NotAnAuction, bidMessages.notAnAuction);
    }
    if (!checked) await this.eligibility.assert(user, o.auctionStart);
    const now = this.clock.now();
    const auction = {
      ...o,
      auctionStart: o.auctionStart,
      auctionEnd: o.auctionEnd,
      startingPrice: o.startingPrice,
    };
    const state = leadStateOf(auction);
    const unchanged: Decision = {
      repeated: true,
      extended: false,
      offerId: o.id,
      state,
      end: auction.auctionEnd,
      leader: o.bidCount > 0 ? (snap.leader?.utoken ?? null) : null,
      bids: [],
      mailQueued: false,
      exceeded: false,
    };

    // A retry of a bid that was accepted before (its answer was lost): answer it again, change nothing.
    if (change.kind === "bid" && snap.mine) return unchanged;
    assertOpen(auction, now);
    const proposal = proposeChange(user, change, state, snap.maxima, o.proxyVersion);
    if (!proposal) return { ...unchanged, exceeded: false };
    const { maxima, newMax } = proposal;

    const settled = settle(state, maxima, proposal.manual);
    const final = settled.state;
    const end = settled.bids.length
      ? endAfterBid(auction.auctionEnd, now, this.antiSniping)
      : auction.auctionEnd;
    const owners = ownersOf(user, state, snap.leader, maxima);
    const exceeded = exceededMaxima(final, maxima);
    const { planned, outbid } = planBids(state, final, settled.bids, exceeded, owners);
    const mails = this.mailsAfter(user, auction, final, exceeded, outbid, owners, now);
    const write = writeStatement({ user, auction, final, end, planned, newMax, exceeded, mails, now });
    const applied = resultRows<{ id: number }>(await this.db.execute(write));
    if (!applied.length) return null;
    return {
      repeated: false,
      extended: end.getTime() !== auction.auctionEnd.getTime(),
      offerId: o.id,
      state: final,
      end,
      leader: final.leaderUserId !== null ? (owners.get(final.leaderUserId)?.utoken ?? null) : null,
      bids: planned,
      mailQueued: mails.exceeded.length + mails.outbid.length > 0,
      exceeded: newMax !== null && exceeded.some((p) => p.userId === user.id),
    };
  }

  /**
   * E-mails: a maximum someone else went above (once per maximum), else a coalesced outbid e-mail.
   * The person making this change reads the answer instead.
   */
  private mailsAfter(
    user: User,
    o: CheckedAuction,
    final: LeadState,
    exceeded: ProxyMax[],
    outbid: Map<number, number>,
    owners: Owners,
    now: Date,
  ): PlannedMails {
    const facts = {
      auctionId: o.id,
      title: carTitle(o),
      link: `${this.config.publicUrl}${offerPath("auction", o.make, o.model, o.id)}`,
    };
    const exceededMails: OutgoingMail[] = [];
    for (const p of exceeded) {
      outbid.delete(p.userId);
      const who = owners.get(p.userId);
      if (p.userId === user.id || !who?.email || !who.wants.Outbid) continue;
      exceededMails.push(maxExceededMail(who.email, facts, p.maxPrice, final.currentPrice));
    }
    const outbidMails: Array<{ userId: number; mail: OutgoingMail }> = [];
    for (const [userId, price] of outbid) {
      const who = owners.get(userId);
      if (userId === user.id || !who?.email || !who.wants.Outbid) continue;
      outbidMails.push({ userId, mail: outbidMail(who.email, facts, price, final.currentPrice) });
    }
    // The last outbid e-mail is older than the interval, or older than the final stretch once in it.
    const inFinal = o.auctionEnd.getTime() - now.getTime() <= OUTBID_MAIL_FINAL_MS;
    const cutoff = new Date(
      Math.max(
        now.getTime() - OUTBID_MAIL_INTERVAL_MS,
        inFinal ? o.auctionEnd.getTime() - OUTBID_MAIL_FINAL_MS : 0,
      ),
    );
    return { exceeded: exceededMails, outbid: outbidMails, cutoff };
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
    // Each failed attempt means another change was accepted meanwhile (the price rose by at least one
    // step, or a maximum was set) or the auction ended: a fixed price is soon too low or late, so the
    // loop ends. The bound only guards against a fault.
    let result: Decision | null = null;
    for (let i = 0; !result; i++) {
      if (i === 1000) throw new Error(`bid on auction ${auctionId} not settled after 1000 attempts`);
      try {
        result = await this.attempt(user, auctionId, change, i > 0);
      } catch (err) {
        // Two copies of one request raced: the loser finds the winner's bid on its next attempt.
        if (!isUniqueViolation(err)) throw err;
      }
    }

    if (result.mailQueued) this.mail.wake();
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
        },
      );
    });
    return result;
  }
}

type Snapshot = NonNullable<Awaited<ReturnType<BiddingService["snapshot"]>>>;
/** An auction offer as an attempt reads it, its start, end and starting price known to be set. */
type CheckedAuction = Snapshot["o"] & { auctionStart: Date; auctionEnd: Date; startingPrice: number };
/** The people a decision may name or mail: bidders with a maximum, the previous leader, the bidder. */
type Owners = Map<number, { utoken: string; email: string | null; wants: Notifications }>;
interface PlannedMails {
  exceeded: OutgoingMail[];
  outbid: Array<{ userId: number; mail: OutgoingMail }>;
  /** An outbid e-mail goes only where the last one to that person is older than this. */
  cutoff: Date;
}

function leadStateOf(o: CheckedAuction): LeadState {
  return {
    startingPrice: o.startingPrice,
    currentPrice: o.bidCount > 0 && o.currentPrice !== null ? o.currentPrice : o.startingPrice,
    bidCount: o.bidCount,
    leaderUserId: o.bidCount > 0 ? o.leaderUserId : null,
    minIncrement: o.minIncrement,
  };
}

/** A change is taken only while the auction runs: started, not ended, not withdrawn. */
function assertOpen(o: CheckedAuction, now: Date) {
  if (o.status === "withdrawn") throw rejected(400, BidErrorCode.NotAnAuction, bidMessages.notAnAuction);
  if (now.getTime() < o.auctionStart.getTime()) {
    throw rejected(400, BidErrorCode.AuctionNotStarted, bidMessages.notStarted);
  }
  if (o.status !== "active" || now.getTime() >= o.auctionEnd.getTime()) {
    throw rejected(400, BidErrorCode.AuctionEnded, bidMessages.ended);
  }
}

/**
 * The change checked against the state and applied to the maxima: a manual bid at least the minimum
 * next bid, or the person's new maximum in place of their old one. Null: the same maximum again,
 * nothing to change.
 */
function proposeChange(
  user: User,
  change: Change,
  state: LeadState,
  maxima: ProxyRow[],
  proxyVersion: number,
): { maxima: ProxyRow[]; manual: PlannedBid | null; newMax: ProxyRow | null } | null {
  if (change.kind === "bid") {
    const minimum = minimumNextBid(state);
    if (change.price < minimum) throw rejected(400, BidErrorCode.BidTooLow, bidMessages.tooLow(minimum));
    return { maxima, manual: { userId: user.id, price: change.price }, newMax: null };
  }
  const own = maxima.find((p) => p.userId === user.id);
  if (own?.maxPrice === change.maxPrice) return null;
  const lowest = minimumMaximum(state, user.id);
  if (change.maxPrice < lowest) {
    throw rejected(
      400,
      BidErrorCode.MaxBidTooLow,
      state.leaderUserId === user.id ? bidMessages.maxBelowLead(lowest) : bidMessages.maxTooLow(lowest),
    );
  }
  const newMax: ProxyRow = {
    userId: user.id,
    maxPrice: change.maxPrice,
    setSeq: proxyVersion + 1,
    utoken: user.utoken,
    email: user.email,
    notifications: null,
  };
  return { maxima: [...maxima.filter((p) => p.userId !== user.id), newMax], manual: null, newMax };
}

function ownersOf(user: User, state: LeadState, leader: Snapshot["leader"], maxima: ProxyRow[]): Owners {
  const owners: Owners = new Map();
  const wants = (n: Partial<Notifications> | null | undefined) => ({
    ...DEFAULT_NOTIFICATIONS,
    ...(n ?? {}),
  });
  for (const p of maxima)
    owners.set(p.userId, { utoken: p.utoken, email: p.email, wants: wants(p.notifications) });
  if (state.leaderUserId !== null && leader?.utoken) {
    owners.set(state.leaderUserId, {
      utoken: leader.utoken,
      email: leader.email,
      wants: wants(leader.notifications),
    });
  }
  owners.set(user.id, { utoken: user.utoken, email: user.email, wants: DEFAULT_NOTIFICATIONS });
  return owners;
}

/** Each bid in order, with whom it outbid (for the live alert), and who was outbid in the end (for e-mail). */
function planBids(
  state: LeadState,
  final: LeadState,
  settledBids: PlannedBid[],
  exceeded: ProxyMax[],
  owners: Owners,
): { planned: Decision["bids"]; outbid: Map<number, number> } {
  let previous = state;
  const planned: Decision["bids"] = [];
  const outbid = new Map<number, number>();
  for (const b of settledBids) {
    const loser =
      previous.leaderUserId !== null && previous.leaderUserId !== b.userId ? previous.leaderUserId : null;
    if (loser !== null) outbid.set(loser, previous.currentPrice);
    planned.push({
      ...b,
      utoken: owners.get(b.userId)?.utoken ?? "",
      bn: previous.bidCount + 1,
      // Someone whose maximum answered within this decision leads again: no alert for a lost lead.
      outbid:
        loser !== null && loser !== final.leaderUserId
          ? {
              userId: loser,
              price: previous.currentPrice,
              maxPrice: exceeded.find((p) => p.userId === loser)?.maxPrice,
            }
          : null,
    });
    previous = {
      ...previous,
      currentPrice: b.price,
      bidCount: previous.bidCount + 1,
      leaderUserId: b.userId,
    };
  }
  outbid.delete(final.leaderUserId ?? -1);
  return { planned, outbid };
}

/**
 * The decision's ONE statement: the offer updated only if it is still as read (bid count, proxy
 * version, active, not ended), and with it the bids, the new maximum, the exceeded marks and the
 * e-mails, each depending on that update; answers the offer's id, or no row when another change came first.
 */
function writeStatement(d: {
  user: User;
  auction: CheckedAuction;
  final: LeadState;
  end: Date;
  planned: Decision["bids"];
  newMax: ProxyRow | null;
  exceeded: ProxyMax[];
  mails: PlannedMails;
  now: Date;
}) {
  const { user, auction: o, final, end, planned, newMax, exceeded, mails } = d;
  // A new maximum of this person is stored with its state by the upsert below; every other is marked here.
  const exceededOthers = exceeded.filter((p) => !(newMax && p.userId === user.id)).map((p) => p.userId);
  const nowSql = sql`${d.now.toISOString()}::timestamptz`;
  const parts = [
    sql`applied as (
        update ${offers} set current_price = ${final.currentPrice}, bid_count = ${final.bidCount},
          leader_user_id = ${final.leaderUserId}, auction_end = ${end.toISOString()}::timestamptz,
          updated_at = ${nowSql}, proxy_version = proxy_version + ${newMax ? 1 : 0}
        where id = ${o.id} and bid_count = ${o.bidCount} and proxy_version = ${o.proxyVersion}
          and status = 'active' and auction_end > ${nowSql}
        returning id)`,
  ];
  if (planned.length) {
    const rows = sql.join(
      planned.map((b) => sql`(${b.userId}::int, ${b.price}::int)`),
      sql`, `,
    );
    parts.push(sql`bid as (
        insert into ${bids} (offer_id, user_id, price, created_at)
        select applied.id, v.user_id, v.price, ${nowSql} from applied, (values ${rows}) as v(user_id, price))`);
  }
  if (newMax) {
    const gone = exceeded.some((p) => p.userId === user.id);
    parts.push(sql`setmax as (
        insert into ${proxyBids} (offer_id, user_id, max_price, set_seq, set_at, exceeded_at)
        select id, ${user.id}, ${newMax.maxPrice}, ${newMax.setSeq}, ${nowSql}, ${gone ? nowSql : null}::timestamptz
        from applied
        on conflict (offer_id, user_id) do update set max_price = excluded.max_price,
          set_seq = excluded.set_seq, set_at = excluded.set_at, exceeded_at = excluded.exceeded_at)`);
  }
  if (exceededOthers.length) {
    parts.push(sql`exceeded as (
        update ${proxyBids} set exceeded_at = ${nowSql}
        where offer_id = (select id from applied) and user_id in (${sql.join(
          exceededOthers.map((id) => sql`${id}`),
          sql`, `,
        )}))`);
  }
  mails.exceeded.forEach((mail, i) => {
    parts.push(sql`${sql.raw(`xmail${i}`)} as (${outboxInsert(mail, sql`applied`)})`);
  });
  mails.outbid.forEach(({ userId, mail }, i) => {
    const mark = sql.raw(`omark${i}`);
    parts.push(sql`${mark} as (
        insert into ${auctionOutbidMails} (offer_id, user_id, sent_at)
        select id, ${userId}, ${nowSql} from applied
        on conflict (offer_id, user_id) do update set sent_at = excluded.sent_at
          where ${auctionOutbidMails}.sent_at < ${mails.cutoff.toISOString()}::timestamptz
        returning 1)`);
    parts.push(sql`${sql.raw(`omail${i}`)} as (${outboxInsert(mail, sql`${mark}`)})`);
  });
  return sql`with ${sql.join(parts, sql`, `)} select id from applied`;
}
