import { asc, eq, type SQL, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS, type Notifications, notificationUnsubscribePath } from "../../domain/account";
import { offerPath } from "../../domain/catalogue/offer-url";
import { carTitle } from "../../domain/vehicles";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { accountSettings, auctionBidNotices, auctionOutbidMails, offers, users } from "../db/schema/index";
import { type OutgoingMail, outboxInsert } from "../mail/outbox";
import { PeriodicJob } from "../periodic-job";
import type { MailService } from "../service-types";
import { maxExceededMail, outbidMail } from "./mails";

/**
 * Outbid e-mails are coalesced: at most one per auction and bidder in this interval (a bidding war
 * otherwise sends dozens)…
 */
export const OUTBID_MAIL_INTERVAL_MS = 5 * 60_000;
/** …except that the bidder always gets one in this last stretch before the auction's end. */
export const OUTBID_MAIL_FINAL_MS = 3 * 60_000;

/** One notice a bid decision wrote, with what its e-mail needs. */
export interface BidNotice {
  id: number;
  userId: number;
  kind: "outbid" | "exceeded";
  /** The person's bid that was outbid, or their maximum that was exceeded. */
  price: number;
  email: string | null;
  notifications: Partial<Notifications> | null;
  /** The owner's token of the one-click unsubscribe links (null: an account without settings). */
  unsubscribeToken: string | null;
}

/** The auction a batch of notices is about, as the decision left it. */
export interface NoticeAuction {
  id: number;
  make: string;
  model: string;
  version: string;
  currentPrice: number;
  end: Date;
  /** When the decision was made. */
  at: Date;
}

/**
 * Turns the notices of bid decisions into e-mails (ADR 053). The decision (the auction_decide function)
 * only records whom to tell, inside its own transaction; right after it the request queues the
 * e-mails here, and the sweep takes any a crash left behind. One statement deletes the notices and
 * queues their e-mails, each mail depending on its notice's deletion, so a notice is mailed once even
 * when the request and the sweep take it at the same moment.
 */
export class BidNoticeMailer {
  private readonly job: PeriodicJob<void>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    log: (msg: string, err?: unknown) => void,
  ) {
    this.job = new PeriodicJob({
      name: "powiadomienia o przelicytowaniu",
      everyMs: 60_000,
      run: () => this.sweep(),
      log,
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Queues the e-mails of one decision's notices (those whose owners want them) and deletes the notices. */
  async queue(notices: BidNotice[], auction: NoticeAuction): Promise<void> {
    if (!notices.length) return;
    const facts = {
      auctionId: auction.id,
      title: carTitle(auction),
      link: `${this.config.publicUrl}${offerPath("auction", auction.make, auction.model, auction.id)}`,
    };
    const at = sql`${auction.at.toISOString()}::timestamptz`;
    const parts: SQL[] = [
      sql`gone as (delete from ${auctionBidNotices} where id in (${sql.join(
        notices.map((n) => sql`${n.id}`),
        sql`, `,
      )}) returning id, offer_id, user_id)`,
    ];
    notices.forEach((n, i) => {
      const wants = { ...DEFAULT_NOTIFICATIONS, ...(n.notifications ?? {}) };
      if (!n.email || !wants.Outbid) return;
      const notice = sql`(select offer_id as id, user_id from gone where id = ${n.id})`;
      const unsubscribe = n.unsubscribeToken
        ? `${this.config.publicUrl}${notificationUnsubscribePath("Outbid", n.unsubscribeToken)}`
        : undefined;
      if (n.kind === "exceeded") {
        const mail = maxExceededMail(n.email, facts, n.price, auction.currentPrice, unsubscribe);
        parts.push(sql`${sql.raw(`mail${i}`)} as (${outboxInsert(mail, sql`${notice} as notice`)})`);
        return;
      }
      const mark = sql.raw(`mark${i}`);
      parts.push(sql`${mark} as (
        insert into ${auctionOutbidMails} (offer_id, user_id, sent_at)
        select id, user_id, ${at} from ${notice} as notice
        on conflict (offer_id, user_id) do update set sent_at = excluded.sent_at
          where ${auctionOutbidMails}.sent_at < ${outbidCutoff(auction).toISOString()}::timestamptz
        returning 1)`);
      const mail: OutgoingMail = outbidMail(n.email, facts, n.price, auction.currentPrice, unsubscribe);
      parts.push(sql`${sql.raw(`mail${i}`)} as (${outboxInsert(mail, mark)})`);
    });
    await this.db.execute(sql`with ${sql.join(parts, sql`, `)} select count(*) from gone`);
    if (parts.length > 1) this.mail.wake();
  }

  /** The notices left behind by a process that stopped between a decision and its e-mails. */
  async sweep(): Promise<void> {
    const rows = await this.db
      .select({
        id: auctionBidNotices.id,
        userId: auctionBidNotices.userId,
        kind: auctionBidNotices.kind,
        price: auctionBidNotices.price,
        email: users.email,
        notifications: accountSettings.notifications,
        unsubscribeToken: accountSettings.unsubscribeToken,
        offerId: auctionBidNotices.offerId,
        make: offers.make,
        model: offers.model,
        version: offers.version,
        currentPrice: auctionBidNotices.currentPrice,
        end: auctionBidNotices.auctionEnd,
        at: auctionBidNotices.createdAt,
      })
      .from(auctionBidNotices)
      .innerJoin(users, eq(users.id, auctionBidNotices.userId))
      .innerJoin(offers, eq(offers.id, auctionBidNotices.offerId))
      .leftJoin(accountSettings, eq(accountSettings.userId, auctionBidNotices.userId))
      .orderBy(asc(auctionBidNotices.id))
      .limit(500);
    // One decision's notices share the offer and the moment.
    const batches = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.offerId}@${r.at.getTime()}`;
      batches.set(key, [...(batches.get(key) ?? []), r]);
    }
    for (const batch of batches.values()) {
      const [first] = batch;
      await this.queue(
        batch.map((r) => ({ ...r, notifications: r.notifications as Partial<Notifications> | null })),
        { ...first, id: first.offerId },
      );
    }
  }
}

/**
 * An outbid e-mail goes only where the last one to that person is older than this: the coalescing
 * interval, or, once in the final stretch, the stretch's start.
 */
function outbidCutoff(a: Pick<NoticeAuction, "end" | "at">): Date {
  const inFinal = a.end.getTime() - a.at.getTime() <= OUTBID_MAIL_FINAL_MS;
  return new Date(
    Math.max(a.at.getTime() - OUTBID_MAIL_INTERVAL_MS, inFinal ? a.end.getTime() - OUTBID_MAIL_FINAL_MS : 0),
  );
}
