import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { offers } from "../../src/server/db/schema/index";

export type OfferInput = Partial<typeof offers.$inferInsert>;

/** Inserts one offer with sensible defaults (a company can buy it for cash, rent or lease it). */
export async function insertOffer(db: Db, o: OfferInput = {}): Promise<number> {
  const netto = o.totalPriceNetto ?? 120_000;
  const [row] = await db
    .insert(offers)
    .values({
      saleType: "afterLease",
      make: "Audi",
      model: "A4",
      version: "2.0 TDI",
      bodyType: "kombi",
      fuelType: "ON",
      gearBoxType: "automatic",
      color: "czarny",
      year: 2022,
      mileage: 45_000,
      engineCapacity: 1968,
      powerHp: 150,
      isCashAvailable: true,
      totalPriceNetto: netto,
      totalPriceBrutto: Math.round(netto * 1.23),
      isLeasingAvailable: true,
      leasePrice: 2_100,
      isRentAvailable: true,
      rentPriceNetto: 2_400,
      ...o,
    })
    .returning({ id: offers.id });
  return row.id;
}

export async function setOfferPrice(db: Db, id: number, netto: number): Promise<void> {
  await db
    .update(offers)
    .set({ totalPriceNetto: netto, totalPriceBrutto: Math.round(netto * 1.23) })
    .where(eq(offers.id, id));
}
