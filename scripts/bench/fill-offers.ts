import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";

/**
 * Tops the offers table up to `target` rows with one INSERT … SELECT generate_series, for the
 * benchmarks only (the demo-data generator, `npm run seed -- --offers N`, makes the realistic
 * catalogue; this is the fallback when it is not at hand). Values are spread deterministically over
 * the filters' dimensions so every filter matches a realistic share of rows.
 */
export async function fillOffers(database: Database, target: number): Promise<number> {
  const rows = (await database.db.execute(sql`select count(*)::int as n from offers`)) as unknown as {
    rows: { n: number }[];
  };
  const have = rows.rows[0].n;
  if (have >= target) return have;
  const missing = target - have;
  await database.db.execute(sql`
    insert into offers (sale_type, make, model, version, body_type, fuel_type, gearbox_type, color, year, mileage,
      engine_capacity, power_hp, is_promoted, is_certified, is_rent_available, rent_price_netto, is_leasing_available,
      lease_price, is_cash_available, total_price_netto, total_price_brutto, total_price_netto_discount,
      total_price_brutto_discount, auction_start, auction_end, starting_price, current_price, published_at)
    select
      st, mk, md, 'wersja ' || (g % 4), bt, ft, case when g % 3 = 0 then 'M' else 'A' end,
      (array['biały','czarny','srebrny','niebieski','czerwony'])[1 + g % 5],
      case when st = 'new' then 2026 else 2016 + g % 9 end,
      case when st = 'new' then 10 else 5000 + ((g::bigint * 7919) % 200000)::int end,
      case when ft = 'EL' then 50 + g % 50 else 999 + (g % 20) * 100 end, 90 + g % 300,
      g % 17 = 0, st = 'afterLease' and g % 4 = 0,
      st <> 'auction', case when st <> 'auction' then price / 60 end,
      st <> 'auction', case when st <> 'auction' then price / 70 end,
      st <> 'auction', case when st <> 'auction' then price end,
      case when st <> 'auction' then round(price * 1.23)::int end,
      case when st <> 'auction' and g % 11 = 0 then price - 5000 end,
      case when st <> 'auction' and g % 11 = 0 then round((price - 5000) * 1.23)::int end,
      case when st = 'auction' then now() - ((g % 5) || ' days')::interval end,
      case when st = 'auction' then now() + ((g % 240) || ' hours')::interval end,
      case when st = 'auction' then price / 2 end,
      case when st = 'auction' and g % 2 = 0 then price / 2 + 1500 end,
      now() - ((g % 400) || ' days')::interval
    from (
      select g,
        case when g % 20 < 10 then 'new' when g % 20 < 17 then 'afterLease' else 'auction' end as st,
        (array['Audi','BMW','Citroen','Dacia','Fiat','Ford','Honda','Hyundai','Kia','Mazda','Mercedes-Benz',
               'Nissan','Opel','Peugeot','Renault','Seat','Skoda','Tesla','Toyota','Volkswagen','Volvo',
               'Cupra','Jeep','Lexus','Mini','Mitsubishi','Porsche','Suzuki'])[1 + (g * 31) % 28] as mk,
        'Model ' || ((g * 13) % 9) as md,
        (array['sedan','hatchback','kombi','suv','bus','van'])[1 + (g * 7) % 6] as bt,
        (array['PB','ON','HEV','EL','PHEV'])[1 + (g * 3) % 5] as ft,
        40000 + ((g::bigint * 104729) % 360000)::int as price
      from generate_series(${have + 1}::int, ${have + missing}::int) as g
    ) s`);
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only scans).
  await database.db.execute(sql`vacuum analyze offers`);
  return target;
}
