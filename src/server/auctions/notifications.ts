import { sql } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATIONS,
  notificationUnsubscribePath,
  type UnsubscribableNotification,
} from "../../domain/account";
import { eventCalendarPath, eventPath } from "../../domain/auctions/events";
import { offerPath } from "../../domain/catalogue/offer-url";
import { offerImageUrl } from "../../domain/images";
import { polishLocalTime, todayInPoland } from "../../domain/polish-time";
import { carTitle } from "../../domain/vehicles";
import { isGuid } from "../alerts/service";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, resultRows } from "../db/client";
import { type OutgoingMail, outboxInsert } from "../mail/outbox";
import { PeriodicJob } from "../periodic-job";
import type { MailService } from "../service-types";
import { companyStanding } from "./bid-eligibility";
import {
  eventReminderMail,
  favouriteEndsSoonMail,
  favouriteStartedMail,
  type MailedAuction,
  type MailedStanding,
  newAuctionsMail,
} from "./notification-mails";

/** A favourite auction's "ends soon" e-mail goes this long before its end (ADR 051). */
export const ENDS_SOON_MS = 60 * 60_000;
/** A start older than this is no news: no start e-mail (a server that was away, favourites of running auctions). */
export const START_NEWS_MS = 24 * 3_600_000;
/** The weekly new auctions go on Mondays at this hour, Polish time (ADR 051)… */
export const WEEKLY_HOUR = 8;
/** …or, after a server was away then, until this long after it; later that week's list is skipped. */
export const WEEKLY_CATCH_UP_MS = 24 * 3_600_000;
/** Most auctions one weekly e-mail lists, soonest start first; the rest are on the auctions' list. */
export const WEEKLY_MAX_AUCTIONS = 30;
/** Recipients per statement batch. */
const BATCH = 200;
const DAY_MS = 24 * 3_600_000;

type NoticeKind = "auctionStart" | "auctionEndsSoon" | "newAuctions" | "eventStart";

/** An auction event's reminder goes this long before its start (ADR 060). */
export const EVENT_REMINDER_MS = 24 * 3_600_000;

/** Adds `days` to a calendar date "2026-11-30". */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The latest Monday WEEKLY_HOUR:00 in Poland at or before `now`: its date and its moment. */
export function weeklySlot(now: Date): { monday: string; at: Date } {
  const today = todayInPoland(now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  let monday = addDays(today, -((weekday + 6) % 7));
  const hour = `T${String(WEEKLY_HOUR).padStart(2, "0")}:00`;
  let at = polishLocalTime(`${monday}${hour}`);
  if (at > now) {
    monday = addDays(monday, -7);
    at = polishLocalTime(`${monday}${hour}`);
  }
  return { monday, at };
}

/** An auction row as the queries below read it. */
interface AuctionRow {
  id: number;
  make: string;
  model: string;
  version: string;
  auction_start: Date | string;
  auction_end: Date | string;
  starting_price: number | null;
  current_price: number | null;
  bid_count: number;
  image_id: string | null;
}

const AUCTION_COLUMNS = sql`o.id, o.make, o.model, o.version, o.auction_start, o.auction_end,
  o.starting_price, o.current_price, o.bid_count,
  (select p.image_id from offer_photos p where p.offer_id = o.id order by p.position limit 1) as image_id`;

/** Written as literals so that the planner can use the partial index of the auctions still to close. */
const OPEN_AUCTION = sql`o.sale_type = 'auction' and not o.auction_settled and o.status = 'active'`;

/**
 * The e-mails a bidder's notification settings promise beyond outbid and won (ADR 051): a favourite
 * auction's start and its last hour ("AuctionStart"), and the weekly list of new auctions
 * ("NewAuctions"). Any server process may run a pass: each e-mail is queued in one statement with its
 * row in bidder_notice_mails, so it goes once per person and auction (or week) whatever runs when.
 */
export class BidderNotifications {
  private readonly job: PeriodicJob<unknown>;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly clock: Clock,
    log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.job = new PeriodicJob({
      name: "powiadomienia o aukcjach",
      everyMs: config.BIDDER_NOTICES_POLL_MS,
      run: () => this.sendDue(),
      log,
      passAgainIfWoken: false,
      // A test that moves the clock to an auction's start gets its e-mails at once.
      clock,
    });
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  /** One pass: every e-mail due at the clock's now. Answers how many were queued, by kind. */
  async sendDue(): Promise<{ favourites: number; weekly: number; events: number }> {
    const now = this.clock.now();
    const favourites = await this.favouriteNotices(now);
    const weekly = await this.weeklyNewAuctions(now);
    const events = await this.eventReminders(now);
    if (favourites + weekly + events) this.mail.wake();
    return { favourites, weekly, events };
  }

  /**
   * An auction event's reminder (ADR 060): from EVENT_REMINDER_MS before its start until the start,
   * once per person and event, to those who have any of its lots in their favourites and the
   * "AuctionStart" setting on. Its lots get no e-mail of their own at the start and in the last hour:
   * forty lots closing a minute apart would be forty e-mails.
   */
  private async eventReminders(now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const from = sql`${new Date(now.getTime() + EVENT_REMINDER_MS).toISOString()}::timestamptz`;
    let queued = 0;
    for (;;) {
      const rows = resultRows<{
        event_id: number;
        name: string;
        starts_at: Date | string;
        first_close_at: Date | string;
        interval_seconds: number;
        lots: number;
        user_id: number;
        email: string;
        token: string;
        favourites: { lotNumber: number; make: string; model: string; version: string }[];
      }>(
        await this.db.execute(sql`
          select e.id as event_id, e.name, e.starts_at, e.first_close_at, e.interval_seconds,
            (select count(*)::int from offers x where x.event_id = e.id and x.status = 'active') as lots,
            f.user_id, u.email, s.unsubscribe_token as token,
            jsonb_agg(jsonb_build_object('lotNumber', o.lot_number, 'make', o.make, 'model', o.model,
              'version', o.version) order by o.lot_number) as favourites
          from auction_events e
          join offers o on o.event_id = e.id and ${OPEN_AUCTION}
          join auction_favourites f on f.offer_id = o.id
          join users u on u.id = f.user_id and u.status <> 'blocked' and u.deleted_at is null
          join account_settings s on s.user_id = f.user_id
          where e.starts_at > ${at} and e.starts_at <= ${from}
            and coalesce((s.notifications->>'AuctionStart')::boolean, ${DEFAULT_NOTIFICATIONS.AuctionStart})
            and not exists (select 1 from bidder_notice_mails m
              where m.user_id = f.user_id and m.kind = 'eventStart' and m.subject = e.id::text)
          group by e.id, f.user_id, u.email, s.unsubscribe_token
          order by e.starts_at, e.id, f.user_id
          limit ${BATCH}`),
      );
      const publicUrl = this.config.publicUrl;
      for (const r of rows) {
        const mail = eventReminderMail(
          r.email,
          {
            name: r.name,
            startsAt: new Date(r.starts_at),
            firstCloseAt: new Date(r.first_close_at),
            intervalSeconds: r.interval_seconds,
            lots: r.lots,
            link: `${publicUrl}${eventPath(r.event_id)}`,
            calendarLink: `${publicUrl}${eventCalendarPath(r.event_id)}`,
            favourites: r.favourites.map((f) => ({ lotNumber: f.lotNumber, title: carTitle(f) })),
          },
          this.unsubscribeUrl("AuctionStart", r.token),
        );
        if (
          await this.queueOnce(
            { userId: r.user_id, kind: "eventStart", subject: String(r.event_id) },
            mail,
            now,
          )
        )
          queued++;
      }
      if (rows.length < BATCH) return queued;
    }
  }

  private auction(r: AuctionRow): MailedAuction {
    const publicUrl = this.config.publicUrl;
    return {
      auctionId: r.id,
      title: carTitle(r),
      link: `${publicUrl}${offerPath("auction", r.make, r.model, r.id)}`,
      photoUrl: r.image_id ? `${publicUrl}${offerImageUrl(r.image_id, "small")}` : null,
      start: new Date(r.auction_start),
      end: new Date(r.auction_end),
      startingPrice: r.starting_price ?? 0,
      currentPrice: r.current_price ?? r.starting_price ?? 0,
      bidCount: r.bid_count,
    };
  }

  /** Whether the person may bid, as the bid's own check says (a blocked account gets no e-mail at all). */
  private standing(u: {
    status: string;
    nip: string | null;
    reverification: Date | string | null;
  }): MailedStanding {
    const standing = companyStanding({
      status: u.status,
      nip: u.nip,
      reverificationRequestedAt: u.reverification ? new Date(u.reverification) : null,
    });
    return standing === "mayBid"
      ? { mayBid: true }
      : { mayBid: false, why: standing, settingsUrl: `${this.config.publicUrl}/ustawienia` };
  }

  private unsubscribeUrl(setting: UnsubscribableNotification, token: string): string {
    return `${this.config.publicUrl}${notificationUnsubscribePath(setting, token)}`;
  }

  /** Queues `mail` with its mark in one statement: nothing when the mark was there already. */
  private async queueOnce(
    mark: { userId: number; kind: NoticeKind; subject: string },
    mail: OutgoingMail,
    now: Date,
  ): Promise<boolean> {
    const rows = resultRows<{ id: number }>(
      await this.db.execute(sql`
        with mark as (
          insert into bidder_notice_mails (user_id, kind, subject, sent_at)
          values (${mark.userId}, ${mark.kind}, ${mark.subject}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning 1)
        ${outboxInsert(mail, sql`mark`)} returning id`),
    );
    return rows.length > 0;
  }

  /**
   * The favourites' e-mails due at `now`: the start of a running auction favourited before it started
   * (unless it started more than START_NEWS_MS ago or is already in its last hour), and the last hour
   * of one favourited before that hour began; only to people whose "AuctionStart" setting is on. A
   * blocked or deleted account gets none; one that may not bid yet is not invited to, but told what
   * to do first.
   */
  private async favouriteNotices(now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const soon = sql`${new Date(now.getTime() + ENDS_SOON_MS).toISOString()}::timestamptz`;
    const startNews = sql`${new Date(now.getTime() - START_NEWS_MS).toISOString()}::timestamptz`;
    let queued = 0;
    for (;;) {
      const rows = resultRows<
        AuctionRow & {
          user_id: number;
          email: string;
          token: string;
          kind: NoticeKind;
          status: string;
          nip: string | null;
          reverification: Date | string | null;
        }
      >(
        await this.db.execute(sql`
          select ${AUCTION_COLUMNS}, f.user_id, u.email, s.unsubscribe_token as token, n.kind,
            u.status, u.nip, u.reverification_requested_at as reverification
          from offers o
          join auction_favourites f on f.offer_id = o.id
          join users u on u.id = f.user_id and u.status <> 'blocked' and u.deleted_at is null
          join account_settings s on s.user_id = f.user_id
          cross join lateral (select case when o.auction_end <= ${soon} then 'auctionEndsSoon' else 'auctionStart' end as kind) n
          where ${OPEN_AUCTION} and o.event_id is null and o.auction_start <= ${at} and o.auction_end > ${at}
            and coalesce((s.notifications->>'AuctionStart')::boolean, ${DEFAULT_NOTIFICATIONS.AuctionStart})
            and case when n.kind = 'auctionStart'
              then o.auction_start > ${startNews} and f.created_at <= o.auction_start
              else f.created_at <= o.auction_end - make_interval(secs => ${ENDS_SOON_MS / 1000}) end
            and not exists (select 1 from bidder_notice_mails m
              where m.user_id = f.user_id and m.kind = n.kind and m.subject = o.id::text)
          order by o.auction_end, o.id, f.user_id
          limit ${BATCH}`),
      );
      for (const r of rows) {
        const auction = this.auction(r);
        const unsubscribe = this.unsubscribeUrl("AuctionStart", r.token);
        const standing = this.standing(r);
        const mail =
          r.kind === "auctionStart"
            ? favouriteStartedMail(r.email, auction, unsubscribe, standing)
            : favouriteEndsSoonMail(r.email, auction, unsubscribe, standing);
        if (await this.queueOnce({ userId: r.user_id, kind: r.kind, subject: String(r.id) }, mail, now))
          queued++;
      }
      if (rows.length < BATCH) return queued;
    }
  }

  /**
   * The weekly new auctions: from Monday WEEKLY_HOUR:00 (Polish time) for WEEKLY_CATCH_UP_MS, one
   * e-mail to each person whose "NewAuctions" setting is on, listing the auctions published in the
   * seven days before that Monday's hour that are still open; no e-mail when there are none.
   */
  private async weeklyNewAuctions(now: Date): Promise<number> {
    const slot = weeklySlot(now);
    if (now.getTime() - slot.at.getTime() >= WEEKLY_CATCH_UP_MS) return 0;
    const from = new Date(slot.at.getTime() - 7 * DAY_MS);
    const auctions = resultRows<AuctionRow>(
      await this.db.execute(sql`
        select ${AUCTION_COLUMNS} from offers o
        where ${OPEN_AUCTION} and o.auction_end > ${now.toISOString()}::timestamptz
          and o.published_at >= ${from.toISOString()}::timestamptz
          and o.published_at < ${slot.at.toISOString()}::timestamptz
        order by o.auction_start, o.id
        limit ${WEEKLY_MAX_AUCTIONS}`),
    ).map((r) => this.auction(r));
    if (!auctions.length) return 0;
    const listUrl = `${this.config.publicUrl}/aukcje-samochodowe`;
    let queued = 0;
    for (;;) {
      const people = resultRows<{ id: number; email: string; token: string }>(
        await this.db.execute(sql`
          select u.id, u.email, s.unsubscribe_token as token
          from users u join account_settings s on s.user_id = u.id
          where u.status <> 'blocked' and u.deleted_at is null and (s.notifications->>'NewAuctions')::boolean
            and not exists (select 1 from bidder_notice_mails m
              where m.user_id = u.id and m.kind = 'newAuctions' and m.subject = ${slot.monday})
          order by u.id
          limit ${BATCH}`),
      );
      for (const p of people) {
        const mail = newAuctionsMail(p.email, auctions, {
          unsubscribeUrl: this.unsubscribeUrl("NewAuctions", p.token),
          listUrl,
        });
        if (await this.queueOnce({ userId: p.id, kind: "newAuctions", subject: slot.monday }, mail, now))
          queued++;
      }
      if (people.length < BATCH) return queued;
    }
  }

  /** A setting's state for the unsubscribe page of its e-mails (nothing changes); null for an unknown token. */
  async settingByToken(token: string, setting: UnsubscribableNotification): Promise<boolean | null> {
    if (!isGuid(token)) return null;
    const rows = resultRows<{ on: boolean | null }>(
      await this.db.execute(sql`
        select (notifications->>${setting})::boolean as on from account_settings
        where unsubscribe_token = ${token}::uuid`),
    );
    if (!rows.length) return null;
    return rows[0].on ?? DEFAULT_NOTIFICATIONS[setting];
  }

  /**
   * The unsubscribe page's click (or a mail program's one-click POST): the setting is switched off.
   * Idempotent; false for an unknown token.
   */
  async switchOff(token: string, setting: UnsubscribableNotification): Promise<boolean> {
    if (!isGuid(token)) return false;
    const rows = resultRows<{ user_id: number }>(
      await this.db.execute(sql`
        update account_settings
        set notifications = notifications || jsonb_build_object(${setting}::text, false),
          updated_at = ${this.clock.now().toISOString()}::timestamptz
        where unsubscribe_token = ${token}::uuid
        returning user_id`),
    );
    return rows.length > 0;
  }
}
