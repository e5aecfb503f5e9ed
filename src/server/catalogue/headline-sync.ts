import { sql } from "drizzle-orm";
import { headlineInstalments } from "../../domain/headline-price";
import type { Db } from "../db/client";
import { calculatorPropertiesForPricing } from "../leads/calculator-store";

interface Row {
  id: number;
  total_price_netto: number | null;
  total_price_netto_discount: number | null;
  is_leasing_available: boolean;
  is_rent_available: boolean;
  lease_price: number | null;
  lease_price_discount: number | null;
  rent_price_netto: number | null;
  rent_price_netto_discount: number | null;
}

const BATCH = 5_000;

/**
 * Brings the stored "od" instalments of new and ex-lease offers in line with the calculator settings
 * in force (ADR 020): on every start, so a database priced before ADR 020 or under settings the
 * company has since edited shows the calculator's numbers in tiles, filters, sorting and alert
 * e-mails. Only rows whose numbers differ are written (the 0011 triggers then refresh the page
 * cache). Offers without a net price keep the fleet's instalment. Answers how many offers changed.
 */
export async function syncHeadlineInstalments(db: Db): Promise<number> {
  const props = await calculatorPropertiesForPricing(db);
  const result = await db.execute(sql`
    select id, total_price_netto, total_price_netto_discount, is_leasing_available, is_rent_available,
           lease_price, lease_price_discount, rent_price_netto, rent_price_netto_discount
    from offers where sale_type <> 'auction' and total_price_netto is not null`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const changed = rows.flatMap((r) => {
    const h = headlineInstalments(
      {
        totalPriceNetto: r.total_price_netto,
        totalPriceNettoDiscount: r.total_price_netto_discount,
        isLeasingAvailable: r.is_leasing_available,
        isRentAvailable: r.is_rent_available,
      },
      props,
    );
    const same =
      h.leasePrice === r.lease_price &&
      h.leasePriceDiscount === r.lease_price_discount &&
      h.rentPriceNetto === r.rent_price_netto &&
      h.rentPriceNettoDiscount === r.rent_price_netto_discount;
    return same ? [] : [{ id: r.id, ...h }];
  });
  for (let i = 0; i < changed.length; i += BATCH) {
    const json = JSON.stringify(changed.slice(i, i + BATCH));
    await db.execute(sql`
      update offers o set lease_price = n."leasePrice", lease_price_discount = n."leasePriceDiscount",
        rent_price_netto = n."rentPriceNetto", rent_price_netto_discount = n."rentPriceNettoDiscount"
      from jsonb_to_recordset(${json}::jsonb) as n(id int, "leasePrice" int, "leasePriceDiscount" int,
        "rentPriceNetto" int, "rentPriceNettoDiscount" int)
      where o.id = n.id`);
  }
  return changed.length;
}
