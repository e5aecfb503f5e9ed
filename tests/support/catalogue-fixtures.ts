import crypto from "node:crypto";
import sharp from "sharp";
import type { Db } from "../../src/server/db/client";
import { images, offerPhotos, offers, offerTexts, priceHistory } from "../../src/server/db/schema/core";

/** An offers row with its texts (written to offer_texts). */
type NewOffer = typeof offers.$inferInsert & { description: string; equipment: string[] };

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A plain offer with every required column; tests override what they look at. */
export function offerRow(over: Partial<NewOffer> = {}): NewOffer {
  return {
    saleType: "new",
    make: "Toyota",
    model: "Corolla",
    version: "1.8 Hybrid Comfort",
    bodyType: "hatchback",
    fuelType: "HEV",
    gearBoxType: "automatic",
    color: "biały",
    year: 2026,
    mileage: 10,
    engineCapacity: 1798,
    powerHp: 140,
    equipment: ["Klimatyzacja automatyczna", "Kamera cofania"],
    description: "Samochód fabrycznie nowy, dostępny od ręki.",
    isRentAvailable: true,
    rentPriceNetto: 1499,
    isLeasingAvailable: true,
    leasePrice: 1299,
    isCashAvailable: true,
    totalPriceNetto: 105_610,
    totalPriceBrutto: 129_900,
    ...over,
  };
}

/** New and ex-lease cars of the small catalogue, in the order their ids follow. */
function carsOnSale(): NewOffer[] {
  return [
    offerRow({ make: "Toyota", model: "Corolla", version: "1.8 Hybrid Comfort", isPromoted: true }),
    offerRow({
      make: "Toyota",
      model: "Corolla",
      version: "2.0 Hybrid Executive",
      totalPriceNetto: 130_000,
      totalPriceBrutto: 159_900,
      leasePrice: 1699,
    }),
    offerRow({
      make: "Audi",
      model: "A4",
      version: "40 TDI quattro",
      bodyType: "kombi",
      fuelType: "ON",
      totalPriceNetto: 180_000,
      totalPriceBrutto: 221_400,
      totalPriceNettoDiscount: 170_000,
      totalPriceBruttoDiscount: 209_100,
      rentPriceNetto: 2899,
      leasePrice: 2599,
      isCertified: false,
      marketingLabels: [{ Text: "Dostępny od ręki", Color: "#047857" }],
      specialPromotions: [
        { Text: "Opony zimowe gratis", TextColor: "#ffffff", BackgroundColor: "#b91c1c", PhotoLink: null },
      ],
    }),
    offerRow({
      make: "Tesla",
      model: "Model 3",
      version: "Long Range",
      bodyType: "sedan",
      fuelType: "EL",
      engineCapacity: 75,
      vehicleRange: 602,
      leasePrice: 2999,
      rentPriceNetto: 3299,
      totalPriceNetto: 190_000,
      totalPriceBrutto: 233_700,
    }),
    offerRow({
      saleType: "afterLease",
      make: "Skoda",
      model: "Octavia",
      version: "2.0 TDI Style",
      bodyType: "kombi",
      fuelType: "ON",
      gearBoxType: "manual",
      year: 2022,
      mileage: 84_000,
      isCertified: true,
      isRentAvailable: false,
      rentPriceNetto: null,
      leasePrice: 990,
      totalPriceNetto: 65_000,
      totalPriceBrutto: 79_950,
      plateNumber: "WX 12345",
    }),
    offerRow({
      saleType: "afterLease",
      make: "Kia",
      model: "e-Niro",
      version: "64 kWh",
      bodyType: "suv",
      fuelType: "EL",
      year: 2021,
      mileage: 61_000,
      engineCapacity: 64,
      vehicleRange: 455,
      reservation: true,
      isPicturePreviewOnly: true,
      isRentAvailable: false,
      rentPriceNetto: null,
      isLeasingAvailable: false,
      leasePrice: null,
      totalPriceNetto: 80_000,
      totalPriceBrutto: 98_400,
    }),
  ];
}

/** A running, an upcoming and an ended auction, timed from now. */
function auctionOffers(now: Date): NewOffer[] {
  return [
    offerRow({
      saleType: "auction",
      make: "Volkswagen",
      model: "Passat",
      version: "2.0 TDI Business",
      bodyType: "kombi",
      fuelType: "ON",
      year: 2020,
      mileage: 150_000,
      isRentAvailable: false,
      rentPriceNetto: null,
      isLeasingAvailable: false,
      leasePrice: null,
      isCashAvailable: false,
      totalPriceNetto: null,
      totalPriceBrutto: null,
      auctionStart: new Date(now.getTime() - DAY),
      auctionEnd: new Date(now.getTime() + 5 * HOUR),
      startingPrice: 40_000,
      currentPrice: 42_500,
      bidCount: 3,
    }),
    offerRow({
      saleType: "auction",
      make: "Ford",
      model: "Transit",
      version: "2.0 EcoBlue L2H2",
      bodyType: "bus",
      fuelType: "ON",
      gearBoxType: "manual",
      year: 2019,
      mileage: 190_000,
      isRentAvailable: false,
      rentPriceNetto: null,
      isLeasingAvailable: false,
      leasePrice: null,
      isCashAvailable: false,
      totalPriceNetto: null,
      totalPriceBrutto: null,
      auctionStart: new Date(now.getTime() + 2 * DAY),
      auctionEnd: new Date(now.getTime() + 4 * DAY),
      startingPrice: 35_000,
    }),
    offerRow({
      saleType: "auction",
      make: "Opel",
      model: "Astra",
      version: "1.5 CDTI",
      year: 2018,
      mileage: 170_000,
      isCashAvailable: false,
      auctionStart: new Date(now.getTime() - 3 * DAY),
      auctionEnd: new Date(now.getTime() - DAY),
      startingPrice: 20_000,
      currentPrice: 26_000,
    }),
  ];
}

/** A small catalogue covering each sale type, the filters and sorting, inserted into a fresh database. */
export async function insertCatalogue(db: Db, now = new Date()) {
  const rows: NewOffer[] = [
    ...carsOnSale(),
    ...auctionOffers(now),
    offerRow({ make: "BMW", model: "X5", status: "sold" }),
  ];
  const returned = {
    id: offers.id,
    make: offers.make,
    model: offers.model,
    saleType: offers.saleType,
    status: offers.status,
  };
  const inserted: { id: number; make: string; model: string; saleType: string; status: string }[] = [];
  for (const { description, equipment, ...row } of rows) {
    const [r] = await db.insert(offers).values(row).returning(returned);
    await db.insert(offerTexts).values({ offerId: r.id, description, equipment });
    inserted.push(r);
  }
  const byName = (make: string) => inserted.find((r) => r.make === make) as (typeof inserted)[number];

  // The Audi was cut from 221 400 to 209 100 brutto; 30 days before the cut it also cost 215 000.
  const audi = byName("Audi");
  await db.insert(priceHistory).values([
    {
      offerId: audi.id,
      changedAt: new Date(now.getTime() - 60 * DAY),
      totalPriceNetto: 180_000,
      totalPriceBrutto: 221_400,
    },
    {
      offerId: audi.id,
      changedAt: new Date(now.getTime() - 20 * DAY),
      totalPriceNetto: 174_800,
      totalPriceBrutto: 215_000,
    },
    {
      offerId: audi.id,
      changedAt: new Date(now.getTime() - 2 * DAY),
      totalPriceNetto: 170_000,
      totalPriceBrutto: 209_100,
    },
  ]);

  // Two photos for the Skoda, drawn here so the detail answer carries real image sizes.
  const skoda = byName("Skoda");
  for (const [position, colour] of [
    [0, "#1652c8"],
    [1, "#f59e0b"],
  ] as const) {
    const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const id = crypto.createHash("sha256").update(data).digest("hex");
    await db
      .insert(images)
      .values({ id, contentType: "image/jpeg", width: 1200, height: 800, data })
      .onConflictDoNothing();
    await db.insert(offerPhotos).values({ offerId: skoda.id, imageId: id, position });
  }
  return { ids: Object.fromEntries(inserted.map((r) => [r.make, r.id])) as Record<string, number> };
}
