import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS, type Notifications } from "../../domain/account";
import { type AntiSniping, endAfterBid, minimumNextBid } from "../../domain/auctions/bidding";
import { BidErrorCode, bidMessages } from "../../domain/auctions/errors";
import type { BidMessage } from "../../domain/auctions/live-store";
import { offerPath } from "../../domain/catalogue/offer-url";
import type { AccountService } from "../accounts/service";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accountSettings, bids, offers, users } from "../db/schema/index";
import { ApiError, notFound } from "../http/errors";
import type { MailService } from "../services";
import { auctionOfferColumns } from "./live-state";
import { outbidMail } from "./mails";

type User = typeof users.$inferSelect;

/** Where accepted bids are announced (the live hub subscribes; without a hub nothing listens). */
export interface BidPublisher {
  bidAccepted(
    message: BidMessage,
    extras: {
      outbidUserId: number | null;
      outbidPrice: number | null;
      connectionId?: string;
      bidderUserId: number;
      /** The bid moved the auction's end (anti-sniping). */
      extended: boolean;
    },
  ): void;
}

export interface BidInput {
  AuctionId: number;
  Price: number;
  ConnectionId?: string | null;
}

export interface BidResult {
  AuctionId: number;
  Price: number;
  /** True: this exact bid (same person, auction, price) had already been accepted; nothing changed. */
  Repeated: boolean;
  CurrentPrice: number;
  BidCount: number;
  UToken: string | null;
  AuctionEnd: string;
  /** True when this bid moved the end (anti-sniping). */
  Extended: boolean;
  MinimumBid: number;
  ServerTime: string;
}

/** How long a person's positive eligibility check is reused (see assertMayBid). */
export const ELIGIBILITY_CACHE_MS = 15_000;

const rejected = (status: number, code: number, message: string) => new ApiError(status, code, message);

/**
 * Places bids. Every bid on one auction runs in a transaction that first locks the auction's offer row
 * (SELECT … FOR UPDATE), so bids on one auction are applied one after another even across several
 * server processes: each accepted bid is checked against the price the previous one left, the current
 * price is always the highest accepted bid and the bid count the number of accepted bids. A retried
 * request (same person, auction and price) finds its bid already stored and is answered as accepted
 * without counting it again. The clock of the decision is read after the lock is held, so a bid that
 * waited for the lock past the end is rejected.
 */
export class BiddingService {
  publisher: BidPublisher = { bidAccepted: () => {} };

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly accounts: AccountService,
  ) {}

  get antiSniping(): AntiSniping {
    return {
      windowMs: this.config.ANTI_SNIPING_WINDOW_SECONDS * 1000,
      extensionMs: this.config.ANTI_SNIPING_EXTENSION_SECONDS * 1000,
    };
  }

  /** Who may bid: a verified company account (NIP) with the current rules accepted and a full profile. */
  /**
   * Who may bid: a verified company account (NIP) with the current rules accepted and a full profile.
   * A positive answer of the accounts area is reused for ELIGIBILITY_CACHE_MS per person: a bidder
   * sends many bids in a minute, and rules or a profile change far more rarely than that.
   */
  async assertMayBid(user: User): Promise<void> {
    if (user.status !== "active" || !user.nip) {
      throw rejected(403, BidErrorCode.BidNotAllowed, bidMessages.notAllowed);
    }
    const until = this.eligible.get(user.id);
    if (until && until > Date.now()) return;
    await this.accounts.assertCanBid(user.id);
    if (this.eligible.size > 10_000) this.eligible.clear();
    this.eligible.set(user.id, Date.now() + ELIGIBILITY_CACHE_MS);
  }

  private readonly eligible = new Map<number, number>();

  /**
   * A cheap answer before taking the lock, for the most common rejection under load: prices only
   * rise, so a price below the minimum on a committed snapshot is still too low under the lock. A
   * retry of an accepted bid is recognised first (it may be below the minimum by now).
   */
  private async rejectEarlyIfTooLow(userId: number, input: BidInput): Promise<void> {
    const [o] = await this.db
      .select({
        saleType: offers.saleType,
        startingPrice: offers.startingPrice,
        currentPrice: offers.currentPrice,
        bidCount: offers.bidCount,
        mine: sql<number>`(select count(*)::int from ${bids} b where b.offer_id = ${input.AuctionId} and b.user_id = ${userId} and b.price = ${input.Price})`,
      })
      .from(offers)
      .where(eq(offers.id, input.AuctionId));
    if (o?.saleType !== "auction" || o.startingPrice === null || o.mine > 0) return;
    const current = o.bidCount > 0 && o.currentPrice !== null ? o.currentPrice : o.startingPrice;
    const minimum = minimumNextBid({
      startingPrice: o.startingPrice,
      currentPrice: current,
      bidCount: o.bidCount,
    });
    if (input.Price < minimum) throw rejected(400, BidErrorCode.BidTooLow, bidMessages.tooLow(minimum));
  }

  async placeBid(user: User, input: BidInput): Promise<BidResult> {
    await this.assertMayBid(user);
    await this.rejectEarlyIfTooLow(user.id, input);
    let outbid: { userId: number; email: string; price: number } | null = null;
    let mailQueued = false;

    const result = await this.db.transaction(async (tx) => {
      const [o] = await tx
        .select(auctionOfferColumns)
        .from(offers)
        .where(eq(offers.id, input.AuctionId))
        .for("update");
      if (!o) throw notFound("Nie ma aukcji o podanym numerze.");
      if (o.saleType !== "auction" || !o.auctionStart || !o.auctionEnd || o.startingPrice === null) {
        throw rejected(400, BidErrorCode.NotAnAuction, bidMessages.notAnAuction);
      }
      const now = new Date();
      const current = o.bidCount > 0 && o.currentPrice !== null ? o.currentPrice : o.startingPrice;
      const leaderUToken = async (id: number | null) =>
        id === null
          ? null
          : ((await tx.select({ u: users.utoken }).from(users).where(eq(users.id, id)))[0]?.u ?? null);

      // A retry of a bid that was accepted before (its answer was lost): answer it again, change nothing.
      const [already] = await tx
        .select({ id: bids.id })
        .from(bids)
        .where(and(eq(bids.offerId, o.id), eq(bids.userId, user.id), eq(bids.price, input.Price)))
        .limit(1);
      if (already) {
        return {
          repeated: true,
          extended: false,
          offer: o,
          price: current,
          count: o.bidCount,
          end: o.auctionEnd,
          leader: await leaderUToken(o.leaderUserId),
          now,
        };
      }

      if (o.status === "withdrawn") throw rejected(400, BidErrorCode.NotAnAuction, bidMessages.notAnAuction);
      if (now.getTime() < o.auctionStart.getTime()) {
        throw rejected(400, BidErrorCode.AuctionNotStarted, bidMessages.notStarted);
      }
      if (o.status !== "active" || now.getTime() >= o.auctionEnd.getTime()) {
        throw rejected(400, BidErrorCode.AuctionEnded, bidMessages.ended);
      }
      const minimum = minimumNextBid({
        startingPrice: o.startingPrice,
        currentPrice: current,
        bidCount: o.bidCount,
      });
      if (input.Price < minimum) throw rejected(400, BidErrorCode.BidTooLow, bidMessages.tooLow(minimum));

      const end = endAfterBid(o.auctionEnd, now, this.antiSniping);
      await tx.insert(bids).values({ offerId: o.id, userId: user.id, price: input.Price, createdAt: now });
      await tx
        .update(offers)
        .set({
          currentPrice: input.Price,
          bidCount: sql`${offers.bidCount} + 1`,
          leaderUserId: user.id,
          auctionEnd: end,
          updatedAt: now,
        })
        .where(eq(offers.id, o.id));

      if (o.leaderUserId !== null && o.leaderUserId !== user.id && o.bidCount > 0) {
        const [prev] = await tx
          .select({ email: users.email, notifications: accountSettings.notifications })
          .from(users)
          .leftJoin(accountSettings, eq(accountSettings.userId, users.id))
          .where(eq(users.id, o.leaderUserId));
        outbid = { userId: o.leaderUserId, email: prev?.email ?? "", price: current };
        const wants: Notifications = { ...DEFAULT_NOTIFICATIONS, ...(prev?.notifications ?? {}) };
        if (prev && wants.Outbid) {
          const title = [o.make, o.model, o.version].filter(Boolean).join(" ");
          await this.mail.enqueue(
            tx,
            outbidMail(
              prev.email,
              {
                auctionId: o.id,
                title,
                link: `${this.config.publicUrl}${offerPath("auction", o.make, o.model, o.id)}`,
              },
              current,
              input.Price,
            ),
          );
          mailQueued = true;
        }
      }
      return {
        repeated: false,
        extended: end.getTime() !== o.auctionEnd.getTime(),
        offer: o,
        price: input.Price,
        count: o.bidCount + 1,
        end,
        leader: user.utoken,
        now,
      };
    });

    if (mailQueued) this.mail.wake();
    const minimumBid = minimumNextBid({
      startingPrice: result.offer.startingPrice ?? 0,
      currentPrice: result.price,
      bidCount: result.count,
    });
    if (!result.repeated) {
      const o = outbid as { userId: number; price: number } | null;
      this.publisher.bidAccepted(
        {
          ai: result.offer.id,
          cp: result.price,
          wh: user.utoken,
          bn: result.count,
          ae: result.end.toISOString(),
          mb: minimumBid,
        },
        {
          outbidUserId: o?.userId ?? null,
          outbidPrice: o?.price ?? null,
          connectionId: input.ConnectionId ?? undefined,
          bidderUserId: user.id,
          extended: result.extended,
        },
      );
    }
    return {
      AuctionId: result.offer.id,
      Price: input.Price,
      Repeated: result.repeated,
      CurrentPrice: result.price,
      BidCount: result.count,
      UToken: result.leader,
      AuctionEnd: result.end.toISOString(),
      Extended: result.extended,
      MinimumBid: minimumBid,
      ServerTime: new Date().toISOString(),
    };
  }
}
