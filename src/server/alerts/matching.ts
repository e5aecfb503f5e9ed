import { sql } from "drizzle-orm";
import { type OfferMatchFacts, offerProbeKeys } from "../../domain/alerts/match-keys";
import { VAT_RATE } from "../../domain/vehicles";
import { type Db, resultRows, type Tx } from "../db/client";

/**
 * Matching a changed offer against the active alerts: the offer's facts are read by its primary key,
 * then ONE statement finds the matching alerts through the index table car_alert_keys and records the
 * matches (see src/domain/alerts/match-keys.ts for the keys, migration 0009 for the table).
 */

export type MatchReason = "published" | "priceDrop";

/** An offer's prices before a price drop, as the lists show them (null: none of that kind). */
export interface PreviousPrices {
  cashNetto: number | null;
  cashBrutto: number | null;
  installmentNetto: number | null;
}

export interface OfferFacts extends OfferMatchFacts {
  id: number;
  isAuction: boolean;
}

const VAT = 1 + VAT_RATE;

/** Columns of an offer's matching facts (alias o), shared by matching and the digest. */
export const FACTS_COLUMNS =
  sql.raw(`o.id, o.make, o.body_type, o.fuel_type, o.gearbox_type, o.sale_type = 'auction' as is_auction,
  case when o.sale_type = 'auction' then coalesce(o.current_price, o.starting_price)
       when o.is_cash_available then coalesce(o.total_price_netto_discount, o.total_price_netto) end as cash_netto,
  case when o.sale_type <> 'auction' and o.is_cash_available
       then coalesce(o.total_price_brutto_discount, o.total_price_brutto,
                     round(coalesce(o.total_price_netto_discount, o.total_price_netto) * ${VAT})::int) end as cash_brutto,
  case when o.sale_type <> 'auction' then least(
       case when o.is_rent_available then coalesce(o.rent_price_netto_discount, o.rent_price_netto) end,
       case when o.is_leasing_available then coalesce(o.lease_price_discount, o.lease_price) end) end as installment_netto`);

export interface FactsRow {
  id: number;
  make: string;
  body_type: string;
  fuel_type: string;
  gearbox_type: string;
  is_auction: boolean;
  cash_netto: number | null;
  cash_brutto: number | null;
  installment_netto: number | null;
}

export const factsFromRow = (r: FactsRow): OfferFacts => ({
  id: r.id,
  make: r.make,
  bodyType: r.body_type,
  fuelType: r.fuel_type,
  gearBoxType: r.gearbox_type,
  isAuction: r.is_auction,
  cashNetto: r.cash_netto,
  cashBrutto: r.cash_brutto,
  installmentNetto: r.installment_netto,
});

/**
 * The offer's prices as the lists show them (spec section 9): company cash netto (an auction's
 * current or starting price), private cash brutto (not for auctions: those are for entrepreneurs
 * only), and the lowest monthly instalment netto of rent or leasing. Discounted prices win. Null when
 * the offer cannot be matched (gone, or an auction that has ended).
 */
export async function offerFacts(db: Db | Tx, offerId: number, now: Date): Promise<OfferFacts | null> {
  const rows = resultRows<FactsRow>(
    await db.execute(sql`
      select ${FACTS_COLUMNS}
      from offers o
      where o.id = ${offerId} and o.status = 'active'
        and (o.sale_type <> 'auction' or o.auction_end > ${now.toISOString()}::timestamptz)`),
  );
  return rows[0] ? factsFromRow(rows[0]) : null;
}

/**
 * The alerts an offer meets: the offer's probe keys looked up in car_alert_keys (an index-only scan of
 * its covering index), the price bound checked on the key row, the alert's own criteria read only for
 * keys that were coarsened. The probe key's prefix says which price it looks at (n company cash
 * netto, b private cash brutto, r instalment; '*' none). The "no earlier match at this price or
 * lower" condition makes a republish or a price rise news to no one; it reads this offer's earlier
 * matches once (index on offer_id) rather than probing the matches table for every candidate, which
 * on a large table cost several times the lookup itself. Yields (alert_id, price): the price the alert
 * looks at, or for an alert with no way of paying the one its buyer type sees first.
 */
export function matchingAlerts(o: OfferFacts) {
  const mode = sql`split_part(p.key, ':', 1)`;
  // The candidates are a materialized CTE so that the key lookup drives the query: joined directly
  // with the earlier matches, the planner may prefer walking every earlier match first.
  return sql`
    with candidates as materialized (
      select k.alert_id as id,
        case ${mode} when 'n' then ${o.cashNetto}::int when 'b' then ${o.cashBrutto}::int
             when 'r' then ${o.installmentNetto}::int
             else case when k.is_company then coalesce(${o.cashNetto}::int, ${o.installmentNetto}::int, 0)
                       else coalesce(${o.cashBrutto}::int, ${o.installmentNetto}::int, ${o.cashNetto}::int, 0) end
        end as price
      from unnest(${sql.param(offerProbeKeys(o))}::text[]) as p(key)
      join car_alert_keys k on k.key = p.key
      cross join lateral (select case ${mode} when 'n' then ${o.cashNetto}::int when 'b' then ${o.cashBrutto}::int
        when 'r' then ${o.installmentNetto}::int end as amount) x
      where (k.price_from = 0 or x.amount >= k.price_from)
        and (k.price_to = 0 or x.amount <= k.price_to)
        and (not ${o.isAuction}::boolean or k.is_company)
        and (k.exact or exists (select 1 from car_alerts a where a.id = k.alert_id
          and (cardinality(a.makes_lower) = 0 or ${o.make.trim().toLowerCase()} = any(a.makes_lower))
          and (cardinality(a.body_types) = 0 or ${o.bodyType} = any(a.body_types))
          and (cardinality(a.fuel_types) = 0 or ${o.fuelType} = any(a.fuel_types))
          and (cardinality(a.gearbox_types) = 0 or ${o.gearBoxType} = any(a.gearbox_types))))),
    earlier as (
      select alert_id, min(price) as best from car_alert_matches
      where offer_id = ${o.id} group by alert_id)
    select c.id as alert_id, c.price
    from candidates c left join earlier e on e.alert_id = c.id
    where e.best is null or e.best > c.price`;
}

/**
 * Sequential scans are turned off for the rest of the caller's transaction: the planner cannot know
 * how few key rows each probe key finds and may otherwise choose to read the whole key table. Call
 * inside a transaction.
 */
async function preferIndex(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`set local enable_seqscan = off`);
}

/** The ids of the alerts an offer matches (the lookup alone; nothing is written). */
export async function findMatchingAlerts(tx: Db | Tx, o: OfferFacts): Promise<number[]> {
  await preferIndex(tx);
  return resultRows<{ alert_id: number }>(await tx.execute(matchingAlerts(o))).map((r) => r.alert_id);
}

/**
 * Records a match for every active alert the offer meets, in one statement, with a price drop's
 * previous prices. Returns the ids of the alerts matched. Call inside a transaction (with the job's
 * "done" mark).
 */
export async function matchOffer(
  tx: Db | Tx,
  o: OfferFacts,
  reason: MatchReason,
  previous: PreviousPrices | null = null,
): Promise<number[]> {
  await preferIndex(tx);
  const rows = resultRows<{ alert_id: number }>(
    await tx.execute(sql`
      insert into car_alert_matches (alert_id, offer_id, price, reason,
        previous_cash_netto, previous_cash_brutto, previous_installment_netto)
      select m.alert_id, ${o.id}, m.price, ${reason}, ${previous?.cashNetto ?? null}::int,
        ${previous?.cashBrutto ?? null}::int, ${previous?.installmentNetto ?? null}::int
      from (${matchingAlerts(o)}) m
      on conflict do nothing
      returning alert_id`),
  );
  return rows.map((r) => r.alert_id);
}
