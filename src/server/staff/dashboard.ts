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
  TOP_OFFERS,
} from "../../domain/staff/dashboard";
import { LEAD_PROMISE_HOURS } from "../../domain/staff/lead-states";
import { carTitle } from "../../domain/vehicles";
import { type Db, resultRows } from "../db/client";

const WARSAW = sql.raw(`'Europe/Warsaw'`);
const monthOf = (column: SQL) => sql`to_char(${column} at time zone ${WARSAW}, 'YYYY-MM')`;

type Bounds = { from: SQL; to: SQL };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

type LeadFigures = Pick<Dashboard, "leadsByDay" | "leadsByCampaign" | "firstContact" | "conversions">;

/**
 * The leads' four charts from one pass over the range's leads (grouping sets): per Polish day and
 * source (ad click ids first, then a campaign name, else none), per campaign, per time to the first
 * contact (those never contacted past the promise or still within it at `now`), and per month with
 * those about a car that was then sold.
 */
async function leadFigures(
  db: Db,
  b: Bounds,
  now: Date,
  days: string[],
  months: string[],
): Promise<LeadFigures> {
  const promise = sql.raw(`interval '${LEAD_PROMISE_HOURS} hours'`);
  const query = sql`select grouping(day, source, campaign, bucket, month)::int as g, day::text as day, source,
        campaign, bucket, to_char(month, 'YYYY-MM') as month,
        count(*)::int as n, count(*) filter (where sold)::int as sold
      from (
        select (l.created_at at time zone ${WARSAW})::date as day,
          date_trunc('month', l.created_at at time zone ${WARSAW}) as month,
          case when l.ads_click_id is not null then 'ads' when l.click_id is not null then 'click'
            when l.campaign_id is not null then 'campaign' else 'direct' end as source,
          l.campaign_id as campaign,
          case
            when l.contacted_at is null then
              case when l.created_at + ${promise} < ${now.toISOString()}::timestamptz then 'late' else 'waiting' end
            when l.contacted_at - l.created_at <= interval '1 hour' then 'h1'
            when l.contacted_at - l.created_at <= interval '2 hours' then 'h2'
            when l.contacted_at - l.created_at <= ${promise} then 'h4'
            when l.contacted_at - l.created_at <= interval '8 hours' then 'h8'
            when l.contacted_at - l.created_at <= interval '24 hours' then 'h24'
            else 'more' end as bucket,
          l.auction_id in (select id from offers where status = 'sold') as sold
        from leads l where l.created_at >= ${b.from} and l.created_at < ${b.to}
      ) x
      group by grouping sets ((day, source), (campaign), (bucket), (month))`;
  // Memory enough for the four groupings to be hashed in one pass (a year of leads sorted on disk
  // four times took three times as long); for this statement only.
  const found = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return resultRows<{
      g: number;
      day: string | null;
      source: LeadSource | null;
      campaign: string | null;
      bucket: ContactBucket | null;
      month: string | null;
      n: number;
      sold: number;
    }>(await tx.execute(query));
  });
  // grouping() sets a bit for each column a row is not grouped by (day is the highest, month the lowest).
  const only = (columns: number) => found.filter((r) => Number(r.g) === 0b11111 - columns);
  const byDay = new Map(days.map((day) => [day, Object.fromEntries(LEAD_SOURCES.map((s) => [s, 0]))]));
  for (const r of only(0b11000)) {
    const day = byDay.get(r.day ?? "");
    if (day && r.source) day[r.source] = Number(r.n);
  }
  const firstContact = Object.fromEntries(CONTACT_BUCKETS.map((k) => [k, 0])) as Record<
    ContactBucket,
    number
  >;
  for (const r of only(0b00010)) if (r.bucket) firstContact[r.bucket] = Number(r.n);
  const perMonth = new Map(only(0b00001).map((r) => [r.month, r]));
  return {
    leadsByDay: days.map((day) => ({ day, sources: byDay.get(day) as Record<LeadSource, number> })),
    leadsByCampaign: only(0b00100)
      .map((r) => ({ campaign: r.campaign, leads: Number(r.n) }))
      .sort(
        (a, c) =>
          c.leads - a.leads ||
          (a.campaign === null ? 1 : c.campaign === null ? -1 : a.campaign.localeCompare(c.campaign)),
      ),
    firstContact,
    conversions: months.map((month) => ({
      month,
      leads: Number(perMonth.get(month)?.n ?? 0),
      sold: Number(perMonth.get(month)?.sold ?? 0),
    })),
  };
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
      from auction_settlements s join offers o on o.id = s.offer_id and o.sale_type = 'auction'
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

/**
 * Visits of the offers' pages (offer_visits, ADR 065): per Polish day of the range, and the offers
 * most visited in it. The table is one row per offer and day, read by its day index.
 */
async function visits(db: Db, range: { from: string; to: string }, days: string[]) {
  const [perDay, top] = await Promise.all([
    rows<{ day: string; visits: number }>(
      db,
      sql`select day::text as day, sum(visits)::int as visits from offer_visits
        where day >= ${range.from}::date and day <= ${range.to}::date group by day`,
    ),
    rows<{
      id: number;
      visits: number;
      make: string;
      model: string;
      version: string;
      sale_type: string;
    }>(
      db,
      sql`select t.id, t.visits, o.make, o.model, o.version, o.sale_type
        from (select offer_id as id, sum(visits)::int as visits from offer_visits
          where day >= ${range.from}::date and day <= ${range.to}::date
          group by offer_id order by 2 desc, 1 limit ${TOP_OFFERS}) t
        join offers o on o.id = t.id order by t.visits desc, t.id`,
    ),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.visits)]));
  return {
    visitsByDay: days.map((day) => ({ day, visits: byDay.get(day) ?? 0 })),
    topOffers: top.map((r) => ({
      id: Number(r.id),
      title: carTitle(r),
      saleType: r.sale_type,
      visits: Number(r.visits),
    })),
  };
}

/** The dashboard's figures for the Polish days `from`..`to` (both included), at `now`. */
export async function dashboard(db: Db, range: { from: string; to: string }, now: Date): Promise<Dashboard> {
  const b: Bounds = {
    from: sql`${startOfPolishDay(range.from).toISOString()}::timestamptz`,
    to: sql`${startOfPolishDay(addDays(range.to, 1)).toISOString()}::timestamptz`,
  };
  const months = monthsOf(range.from, range.to);
  const days = daysOf(range.from, range.to);
  const [leads, sell, price, visited] = await Promise.all([
    leadFigures(db, b, now, days, months),
    sellThrough(db, b, months),
    prices(db, b, months),
    visits(db, range, days),
  ]);
  return { from: range.from, to: range.to, ...leads, sellThrough: sell, prices: price, ...visited };
}
