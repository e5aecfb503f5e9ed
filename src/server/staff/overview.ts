import { sql } from "drizzle-orm";
import { startOfPolishDay, todayInPoland } from "../../domain/polish-time";
import { addDays } from "../../domain/staff/dashboard";
import { type Db, resultRows } from "../db/client";
import { users } from "../db/schema/index";
import { AWAITING_VERIFICATION } from "./bidders";

/** The panel's start page: today at a glance, days in Polish time. */
export interface PanelOverview {
  leadsToday: { question: number; selfFinancing: number; callBack: number };
  /** Auctions running now, and how many of them end within the next hour. */
  liveAuctions: number;
  endingWithinHour: number;
  /** Ended auctions whose sale staff have not yet confirmed nor released. */
  auctionsToDecide: number;
  /** Bidder accounts registered in the last 7 days, and companies waiting for verification. */
  newAccounts: number;
  awaitingVerification: number;
  chatsToday: number;
  /** Average rating of the chats rated in the last 30 days (1–5), null when none. */
  chatRating: number | null;
  chatRatings: number;
  activeAlerts: number;
  /** Erasures people asked for and staff have not yet completed, and the nearest deadline (ADR 052). */
  privacyRequests: number;
  privacyDue: Date | null;
}

export async function panelOverview(db: Db, now: Date): Promise<PanelOverview> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Today in Poland as a range of instants: the indexes on created_at answer it (a cast of each row's
  // time to a Polish date read every lead of the kind, 13 ms each among 50 000).
  const day = todayInPoland(now);
  const today = sql`created_at >= ${startOfPolishDay(day).toISOString()}::timestamptz
    and created_at < ${startOfPolishDay(addDays(day, 1)).toISOString()}::timestamptz`;
  const [row] = resultRows<Record<string, string | number | Date | null>>(
    await db.execute(sql`
      select
        (select count(*) from leads where kind = 'question'
           and ${today}) as question,
        (select count(*) from leads where kind = 'selfFinancing'
           and ${today}) as self_financing,
        (select count(*) from leads where kind = 'callBack'
           and ${today}) as call_back,
        (select count(*) from offers where sale_type = 'auction' and status = 'active'
           and auction_start <= ${at} and auction_end > ${at}) as live,
        (select count(*) from offers where sale_type = 'auction' and status = 'active'
           and auction_start <= ${at} and auction_end > ${at}
           and auction_end <= ${at} + interval '1 hour') as ending,
        (select count(*) from auction_settlements where outcome in ('pending', 'unsold')) as to_decide,
        (select count(*) from users where created_at > ${at} - interval '7 days') as new_accounts,
        (select count(*) from ${users} where ${AWAITING_VERIFICATION}) as awaiting,
        (select count(*) from chats where ${today}) as chats,
        (select avg(rating)::float8 from chats where rating is not null
           and created_at > ${at} - interval '30 days') as rating,
        (select count(*) from chats where rating is not null
           and created_at > ${at} - interval '30 days') as ratings,
        (select count(*) from car_alerts where status = 'active') as alerts,
        (select count(*) from privacy_requests
           where erasure_requested_at is not null and completed_at is null) as privacy_open,
        (select min(due_at) from privacy_requests
           where erasure_requested_at is not null and completed_at is null) as privacy_due
    `),
  );
  const n = (v: string | number | Date | null) => Number(v ?? 0);
  return {
    leadsToday: {
      question: n(row.question),
      selfFinancing: n(row.self_financing),
      callBack: n(row.call_back),
    },
    liveAuctions: n(row.live),
    endingWithinHour: n(row.ending),
    auctionsToDecide: n(row.to_decide),
    newAccounts: n(row.new_accounts),
    awaitingVerification: n(row.awaiting),
    chatsToday: n(row.chats),
    chatRating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    chatRatings: n(row.ratings),
    activeAlerts: n(row.alerts),
    privacyRequests: n(row.privacy_open),
    privacyDue: row.privacy_due === null ? null : new Date(row.privacy_due),
  };
}
