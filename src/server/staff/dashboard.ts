import { type SQL, sql } from "drizzle-orm";
import { startOfPolishDay } from "../../domain/polish-time";
import {
  addDays,
  CONTACT_BUCKETS,
  type ContactBucket,
  type Dashboard,
  daysOf,
  LEAD_SOURCES,
  type LeadSource,
  monthsOf,
} from "../../domain/staff/dashboard";
import { LEAD_PROMISE_HOURS } from "../../domain/staff/lead-states";
import { type Db, resultRows } from "../db/client";

const WARSAW = sql.raw(`'Europe/Warsaw'`);
const dayOf = (column: SQL) => sql`to_char(${column} at time zone ${WARSAW}, 'YYYY-MM-DD')`;
const monthOf = (column: SQL) => sql`to_char(${column} at time zone ${WARSAW}, 'YYYY-MM')`;

type Bounds = { from: SQL; to: SQL };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** Leads per Polish day and source (ad click ids first, then a campaign name, else none). */
async function leadsByDay(db: Db, b: Bounds, days: string[]) {
  const found = await rows<{ day: string; source: LeadSource; n: number }>(
    db,
    sql`select ${dayOf(sql`created_at`)} as day,
        case when ads_click_id is not null then 'ads' when click_id is not null then 'click'
          when campaign_id is not null then 'campaign' else 'direct' end as source,
        count(*)::int as n
      from leads where created_at >= ${b.from} and created_at < ${b.to}
      group by 1, 2`,
  );
  const byDay = new Map(days.map((day) => [day, Object.fromEntries(LEAD_SOURCES.map((s) => [s, 0]))]));
  for (const r of found) {
    const day = byDay.get(r.day);
    if (day) day[r.source] = Number(r.n);
  }
  return days.map((day) => ({ day, sources: byDay.get(day) as Record<LeadSource, number> }));
}

async function leadsByCampaign(db: Db, b: Bounds) {
  const found = await rows<{ campaign: string | null; n: number }>(
    db,
    sql`select campaign_id as campaign, count(*)::int as n
      from leads where created_at >= ${b.from} and created_at < ${b.to}
      group by 1 order by 2 desc, 1 nulls last`,
  );
  return found.map((r) => ({ campaign: r.campaign, leads: Number(r.n) }));
}

/**
 * The leads of the range by how long their first contact took; those never contacted are past the
 * promise or still within it at `now`.
 */
async function firstContact(db: Db, b: Bounds, now: Date) {
  const promise = sql.raw(`interval '${LEAD_PROMISE_HOURS} hours'`);
  const found = await rows<{ bucket: ContactBucket; n: number }>(
    db,
    sql`select case
          when contacted_at is null then
            case when created_at + ${promise} < ${now.toISOString()}::timestamptz then 'late' else 'waiting' end
          when contacted_at - created_at <= interval '1 hour' then 'h1'
          when contacted_at - created_at <= interval '2 hours' then 'h2'
          when contacted_at - created_at <= ${promise} then 'h4'
          when contacted_at - created_at <= interval '8 hours' then 'h8'
          when contacted_at - created_at <= interval '24 hours' then 'h24'
          else 'more' end as bucket,
        count(*)::int as n
      from leads where created_at >= ${b.from} and created_at < ${b.to}
      group by 1`,
  );
  const buckets = Object.fromEntries(CONTACT_BUCKETS.map((k) => [k, 0])) as Record<ContactBucket, number>;
  for (const r of found) buckets[r.bucket] = Number(r.n);
  return buckets;
}

/** Leads per month of their arrival, and those about a car that was then sold. */
async function conversions(db: Db, b: Bounds, months: string[]) {
  const found = await rows<{ month: string; leads: number; sold: number }>(
    db,
    sql`select ${monthOf(sql`l.created_at`)} as month, count(*)::int as leads,
        count(*) filter (where o.status = 'sold')::int as sold
      from leads l left join offers o on o.id = l.auction_id
      where l.created_at >= ${b.from} and l.created_at < ${b.to}
      group by 1`,
  );
  const by = new Map(found.map((r) => [r.month, r]));
  return months.map((month) => ({
    month,
    leads: Number(by.get(month)?.leads ?? 0),
    sold: Number(by.get(month)?.sold ?? 0),
  }));
}

/**
 * Auctions per month of their end: sold (confirmed), waiting for the decision (a winner to confirm, or
 * a highest bid below the reserve to accept or refuse), not sold; cancelled ones aside.
 */
async function sellThrough(db: Db, b: Bounds, months: string[]) {
  const found = await rows<{ month: string; sold: number; pending: number; unsold: number }>(
    db,
    sql`select ${monthOf(sql`ended_at`)} as month,
        count(*) filter (where outcome = 'confirmed')::int as sold,
        count(*) filter (where (outcome = 'pending' and winner_user_id is not null) or outcome = 'unsold')::int as pending,
        count(*) filter (where outcome = 'released' or (outcome = 'pending' and winner_user_id is null))::int as unsold
      from auction_settlements
      where ended_at >= ${b.from} and ended_at < ${b.to} and outcome <> 'cancelled'
      group by 1`,
  );
  const by = new Map(found.map((r) => [r.month, r]));
  return months.map((month) => {
    const r = by.get(month);
    return {
      month,
      sold: Number(r?.sold ?? 0),
      pending: Number(r?.pending ?? 0),
      unsold: Number(r?.unsold ?? 0),
    };
  });
}

/**
 * The auctions that ended with a bid, per month: the final price against the reserve (the seller's
 * minimum, ADR 056) or, for an auction without one, against its starting price.
 */
async function prices(db: Db, b: Bounds, months: string[]) {
  const found = await rows<{
    month: string;
    auctions: number;
    with_reserve: number;
    reserve_met: number;
    reference: string;
    final: string;
  }>(
    db,
    sql`select ${monthOf(sql`s.ended_at`)} as month, count(*)::int as auctions,
        count(o.reserve_price)::int as with_reserve,
        count(*) filter (where s.final_price >= o.reserve_price)::int as reserve_met,
        sum(coalesce(o.reserve_price, o.starting_price))::bigint as reference, sum(s.final_price)::bigint as final
      from auction_settlements s join offers o on o.id = s.offer_id
      where s.ended_at >= ${b.from} and s.ended_at < ${b.to} and s.outcome <> 'cancelled'
        and s.final_price is not null and o.starting_price is not null
      group by 1`,
  );
  const by = new Map(found.map((r) => [r.month, r]));
  return months.map((month) => {
    const r = by.get(month);
    return {
      month,
      auctions: Number(r?.auctions ?? 0),
      withReserve: Number(r?.with_reserve ?? 0),
      reserveMet: Number(r?.reserve_met ?? 0),
      reference: Number(r?.reference ?? 0),
      final: Number(r?.final ?? 0),
    };
  });
}

/** The dashboard's figures for the Polish days `from`..`to` (both included), at `now`. */
export async function dashboard(db: Db, range: { from: string; to: string }, now: Date): Promise<Dashboard> {
  const b: Bounds = {
    from: sql`${startOfPolishDay(range.from).toISOString()}::timestamptz`,
    to: sql`${startOfPolishDay(addDays(range.to, 1)).toISOString()}::timestamptz`,
  };
  const months = monthsOf(range.from, range.to);
  const [byDay, byCampaign, contact, conv, sell, price] = await Promise.all([
    leadsByDay(db, b, daysOf(range.from, range.to)),
    leadsByCampaign(db, b),
    firstContact(db, b, now),
    conversions(db, b, months),
    sellThrough(db, b, months),
    prices(db, b, months),
  ]);
  return {
    from: range.from,
    to: range.to,
    leadsByDay: byDay,
    leadsByCampaign: byCampaign,
    firstContact: contact,
    conversions: conv,
    sellThrough: sell,
    prices: price,
  };
}
