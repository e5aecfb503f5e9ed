import type { CalculatorProperties } from "../../../domain/calculator";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../../domain/calculator-defaults";
import { headlineLeasing, headlineRent } from "../../../domain/headline-price";
import { COLORS, type SaleType, toBrutto } from "../../../domain/vehicles";
import type { offers, SpecialPromotion } from "../../db/schema/index";
import { PHOTO_VIEWS, type PhotoView } from "../drawing/car-drawing";
import { MAKES, type MakeDef, type ModelDef, type VersionDef } from "./models";
import { Random } from "./random";
import { description, equipmentFor, marketingLabels, plateNumber, vin } from "./texts";

/**
 * The demo catalogue as plain data, computed from (seed, now, count) only: the same inputs give the
 * same offers, byte for byte. Offers are produced one at a time (a generator), so 100 000 of them
 * never sit in memory together. Offer i draws from its own random stream, and auction timing from a
 * counter of auctions, so every auction state appears even in a small catalogue.
 */

export type OfferRow = typeof offers.$inferInsert & { id: number };
/** The offer's long texts (table offer_texts); the seeder writes them with the offer's id. */
export interface OfferTextsRow {
  description: string;
  equipment: string[];
}

export interface PriceHistoryRow {
  changedAt: Date;
  totalPriceNetto: number | null;
  totalPriceBrutto: number | null;
  rentPriceNetto: number | null;
  leasePrice: number | null;
}

export interface GeneratedBid {
  /** Index into the demo bidders (0-based). */
  bidder: number;
  price: number;
  at: Date;
}

export interface GeneratedOffer {
  offer: OfferRow;
  texts: OfferTextsRow;
  /** Views of the photos, in display order; the first is the main photo. */
  photos: PhotoView[];
  paint: string;
  priceHistory: PriceHistoryRow[];
  bids: GeneratedBid[];
}

export type AuctionPhase = "upcoming" | "running" | "ending" | "ended";

/** Badges of special promotions (drawn images, see promo-badges.ts); the seeder gives their addresses. */
export const PROMOTION_BADGES = ["gift", "tyre", "shield", "fuel"] as const;
export type PromotionBadge = (typeof PROMOTION_BADGES)[number];

export interface GenerateOptions {
  offers: number;
  seed: number;
  now: Date;
  /** Addresses of the promotion badge images; without them PhotoLink stays null. */
  badgeUrls?: Partial<Record<PromotionBadge, string>>;
  /** The calculator settings the "od" instalments are computed with (ADR 020); the defaults without. */
  calculator?: CalculatorProperties;
}

/** How many demo bidders the auctions' bids are spread over. */
export const DEMO_BIDDERS = 12;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** The phase cycle of auctions: every state appears within the first eight auctions. */
const PHASES: AuctionPhase[] = [
  "running",
  "ending",
  "upcoming",
  "ended",
  "running",
  "upcoming",
  "ending",
  "running",
];

const PROMOTIONS: (Omit<SpecialPromotion, "PhotoLink"> & { badge: PromotionBadge })[] = [
  { Text: "Opony zimowe gratis", TextColor: "#ffffff", BackgroundColor: "#0f3f9e", badge: "tyre" },
  { Text: "Karta paliwowa 500 zł", TextColor: "#1f2937", BackgroundColor: "#fde68a", badge: "fuel" },
  {
    Text: "Ubezpieczenie na pierwszy rok w cenie",
    TextColor: "#ffffff",
    BackgroundColor: "#047857",
    badge: "shield",
  },
  { Text: "Karta podarunkowa 500 zł", TextColor: "#ffffff", BackgroundColor: "#b91c1c", badge: "gift" },
];

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Estimated market value (netto) of a used car: yearly depreciation plus a mileage correction. */
export function usedValue(listNetto: number, age: number, mileage: number): number {
  const byAge = 0.84 * 0.88 ** Math.max(0, age - 1);
  const byMileage = 1 - Math.min(0.25, (mileage / 1000) * 0.0012);
  return roundTo(Math.max(0.18, byAge * byMileage) * listNetto, 100);
}

/** Monthly netto instalments: leasing (60 months, 10% down, 20% residual) and rent (with services). */

function pickModel(rnd: Random, saleType: SaleType): { make: MakeDef; model: ModelDef; version: VersionDef } {
  const make = rnd.weighted(MAKES, (m) => m.weight);
  // Electric cars are a bigger share of new offers than of returned leases, as on the market.
  const model = rnd.weighted(make.models, (m) =>
    m.versions.some((v) => v.fuel === "EL") ? (saleType === "new" ? 1.3 : 0.7) : 1,
  );
  return { make, model, version: rnd.pick(model.versions) };
}

function auctionTimes(rnd: Random, phase: AuctionPhase, now: number): { start: number; end: number } {
  const minutes = (ms: number) => Math.round(ms / MINUTE) * MINUTE;
  switch (phase) {
    case "upcoming": {
      const start = minutes(now + rnd.range(1 * HOUR, 6 * DAY));
      return { start, end: minutes(start + rnd.range(2 * DAY, 5 * DAY)) };
    }
    case "running":
      return {
        start: minutes(now - rnd.range(1 * HOUR, 4 * DAY)),
        end: minutes(now + rnd.range(13 * HOUR, 5 * DAY)),
      };
    case "ending":
      return {
        start: minutes(now - rnd.range(1 * DAY, 5 * DAY)),
        end: minutes(now + rnd.range(15 * MINUTE, 11 * HOUR)),
      };
    case "ended": {
      const end = minutes(now - rnd.range(1 * HOUR, 20 * DAY));
      return { start: minutes(end - rnd.range(2 * DAY, 5 * DAY)), end };
    }
  }
}

/** Whole złoty bids climbing from the starting price to the final price, spread over the auction's time. */
function auctionBids(
  rnd: Random,
  start: number,
  last: number,
  from: number,
  to: number,
  count: number,
): GeneratedBid[] {
  const bids: GeneratedBid[] = [];
  let previousBidder = -1;
  for (let i = 1; i <= count; i++) {
    const price = i === count ? to : roundTo(from + ((to - from) * i) / count, 100);
    let bidder = rnd.int(0, DEMO_BIDDERS - 1);
    if (bidder === previousBidder) bidder = (bidder + 1) % DEMO_BIDDERS;
    previousBidder = bidder;
    bids.push({ bidder, price, at: new Date(start + ((last - start) * i) / (count + 1)) });
  }
  return bids;
}

/**
 * The price and auction columns before the sale type fills them in. Every row carries every column:
 * bulk inserts leave a column missing in one row NULL, not default.
 */
const NO_PRICES_YET = {
  isRentAvailable: false,
  rentPriceNetto: null,
  rentPriceNettoDiscount: null,
  isLeasingAvailable: false,
  leasePrice: null,
  leasePriceDiscount: null,
  isCashAvailable: false,
  totalPriceNetto: null,
  totalPriceNettoDiscount: null,
  totalPriceBrutto: null,
  totalPriceBruttoDiscount: null,
  auctionStart: null,
  auctionEnd: null,
  startingPrice: null,
  currentPrice: null,
  bidCount: 0,
  leaderUserId: null,
} satisfies Partial<OfferRow>;

/**
 * An auction's terms: its times by phase, a starting price under the market value, and bids up
 * towards it for a running or ended auction (the random draws in the catalogue's fixed order).
 */
function auctionTerms(
  rnd: Random,
  offer: OfferRow,
  priceNetto: number,
  phase: AuctionPhase,
  now: number,
): GeneratedBid[] {
  const { start, end } = auctionTimes(rnd, phase, now);
  // Cash only; TotalPrice* hold the estimated market value the auction prices are compared with.
  offer.totalPriceNetto = priceNetto;
  offer.totalPriceBrutto = toBrutto(priceNetto);
  offer.auctionStart = new Date(start);
  offer.auctionEnd = new Date(end);
  offer.startingPrice = roundTo(priceNetto * rnd.range(0.72, 0.82), 500);
  offer.currentPrice = offer.startingPrice;
  offer.publishedAt = new Date(Math.min(start, now) - rnd.int(1, 7) * DAY);
  const hasBids = phase !== "upcoming" && rnd.chance(phase === "ended" ? 0.75 : 0.85);
  if (hasBids) {
    // Auctions usually end 5-10% under market value; a running one is on its way there.
    const finalShare = rnd.range(0.9, 0.95);
    const progress = phase === "ended" ? 1 : phase === "ending" ? rnd.range(0.7, 1) : rnd.range(0.3, 0.8);
    const target = roundTo(
      offer.startingPrice + (priceNetto * finalShare - offer.startingPrice) * progress,
      100,
    );
    const count = rnd.int(1, 14);
    const lastBidAt = Math.min(end, now) - rnd.range(1, 60) * MINUTE;
    const bids = auctionBids(
      rnd,
      start,
      Math.max(lastBidAt, start + MINUTE),
      offer.startingPrice,
      Math.max(target, offer.startingPrice + 100 * count),
      count,
    );
    offer.currentPrice = bids[bids.length - 1].price;
    offer.bidCount = bids.length;
    return bids;
  }
  return [];
}

/**
 * A car for sale: cash, leasing and rent prices with their instalments, and a price history with a
 * recent or older cut for some offers (the random draws in the catalogue's fixed order).
 */
function salePrices(
  rnd: Random,
  offer: OfferRow,
  priceNetto: number,
  isNew: boolean,
  now: number,
  calculator: CalculatorProperties,
): PriceHistoryRow[] {
  const priceHistory: PriceHistoryRow[] = [];
  const leasing = rnd.chance(isNew ? 0.95 : 0.9);
  const rent = rnd.chance(isNew ? 0.85 : 0.3);
  offer.isCashAvailable = true;
  offer.totalPriceNetto = priceNetto;
  offer.totalPriceBrutto = toBrutto(priceNetto);
  offer.isLeasingAvailable = leasing;
  offer.leasePrice = leasing ? headlineLeasing(priceNetto, calculator) : null;
  offer.isRentAvailable = rent;
  offer.rentPriceNetto = rent ? headlineRent(priceNetto, calculator) : null;

  const discounted = rnd.chance(0.3);
  // A cut within the last 30 days for most discounted offers (the "lowest price" hint shows), older otherwise.
  const cutAt = discounted ? now - (rnd.chance(0.7) ? rnd.range(1, 29) : rnd.range(31, 90)) * DAY : null;
  const published = cutAt ? cutAt - rnd.range(10, 60) * DAY : now - rnd.range(0, 120) * DAY;
  offer.publishedAt = new Date(Math.round(published / MINUTE) * MINUTE);
  // Every instalment of the history is the calculator's for that snapshot's price (ADR 020).
  const snapshot = (factor: number, at: number): PriceHistoryRow => {
    const net = roundTo(priceNetto * factor, 100);
    return {
      changedAt: new Date(Math.round(at / MINUTE) * MINUTE),
      totalPriceNetto: net,
      totalPriceBrutto: toBrutto(net),
      rentPriceNetto: rent ? headlineRent(net, calculator) : null,
      leasePrice: leasing ? headlineLeasing(net, calculator) : null,
    };
  };
  priceHistory.push(snapshot(1, published));
  if (cutAt) {
    const cut = rnd.range(0.03, 0.12);
    // Some offers had a short promotion before the cut, so the 30-day lowest price is not the list price.
    if (rnd.chance(0.3) && cutAt - published > 8 * DAY) {
      const promoAt = cutAt - rnd.range(5, Math.min(25, (cutAt - published) / DAY - 2)) * DAY;
      priceHistory.push(snapshot(1 - cut * rnd.range(0.3, 0.8), promoAt));
      priceHistory.push(snapshot(1, promoAt + rnd.range(2, 4) * DAY));
    }
    const after = snapshot(1 - cut, cutAt);
    priceHistory.push(after);
    offer.totalPriceNettoDiscount = after.totalPriceNetto;
    offer.totalPriceBruttoDiscount = after.totalPriceBrutto;
    offer.leasePriceDiscount = after.leasePrice;
    offer.rentPriceNettoDiscount = after.rentPriceNetto;
  }
  return priceHistory;
}

export function* generateOffers(opts: GenerateOptions): Generator<GeneratedOffer> {
  const calculator = opts.calculator ?? DEFAULT_CALCULATOR_PROPERTIES;
  const now = opts.now.getTime();
  const nowYear = opts.now.getUTCFullYear();
  const saleRandom = new Random(opts.seed, 0x5a1e);
  let auctions = 0;
  for (let i = 1; i <= opts.offers; i++) {
    const rnd = new Random(opts.seed, i);
    const u = saleRandom.next();
    const saleType: SaleType = u < 0.4 ? "new" : u < 0.76 ? "afterLease" : "auction";
    const { make, model, version } = pickModel(rnd, saleType);
    const isNew = saleType === "new";
    const colour = rnd.weighted(COLORS, (c) =>
      ["biały", "czarny", "srebrny", "szary", "grafitowy"].includes(c.name) ? 3 : 1,
    );

    const drawnAge = isNew
      ? rnd.chance(0.25)
        ? 1
        : 0
      : saleType === "afterLease"
        ? rnd.int(1, 6)
        : rnd.int(2, 8);
    // Never older than the model itself (a 2018 Volvo EX30 was once shown); an ex-lease or auction car
    // of a model newer than its usual age is as old as the model allows, at least a year.
    const year = Math.min(Math.max(nowYear - drawnAge, model.since ?? 0), isNew ? nowYear : nowYear - 1);
    const age = nowYear - year;
    const yearlyKm =
      model.body === "van" || model.body === "bus" ? rnd.range(25000, 45000) : rnd.range(12000, 35000);
    const mileage = isNew ? rnd.int(0, 50) : Math.round(Math.max(age - rnd.range(0.1, 0.6), 0.5) * yearlyKm);

    const options = 1 + rnd.range(0, 0.12);
    const listNetto = roundTo(version.priceNetto * options * (age === 1 && isNew ? 0.95 : 1), 100);
    const priceNetto = isNew ? listNetto : usedValue(listNetto, age, mileage);

    const isCertified = saleType === "afterLease" && rnd.chance(0.35);
    // Drawn in this order (seats, plate, VIN, equipment) so a seed keeps giving the same catalogue.
    const seats = model.body === "van" ? 3 : model.body === "bus" ? rnd.pick([7, 8, 9]) : 5;
    const plate = isNew ? null : plateNumber(rnd);
    const vinNumber = vin(rnd, make.wmi, year);
    const equipment = equipmentFor(rnd, {
      body: model.body,
      fuel: version.fuel,
      gearbox: version.gearbox,
      version: version.name,
      priceNetto: listNetto,
    });
    const offer: OfferRow = {
      id: i,
      saleType,
      make: make.make,
      model: model.model,
      version: version.name,
      bodyType: model.body,
      fuelType: version.fuel,
      gearBoxType: version.gearbox,
      color: colour.name,
      year,
      mileage,
      engineCapacity: version.engine,
      powerHp: version.powerHp,
      vehicleRange: version.fuel === "EL" ? (version.rangeKm ?? null) : null,
      doors: model.body === "van" ? 4 : 5,
      seats,
      plateNumber: plate,
      vin: vinNumber,
      isCertified,
      reservation: saleType !== "auction" && rnd.chance(0.05),
      isPromoted: rnd.chance(0.1),
      isPicturePreviewOnly: isNew && rnd.chance(0.2),
      movePhoto: false,
      specialPromotions: [],
      marketingLabels: [],
      ...NO_PRICES_YET,
      status: "active",
    };
    const texts: OfferTextsRow = {
      description: description(rnd, {
        saleType,
        make: make.make,
        model: model.model,
        version: version.name,
        body: model.body,
        fuel: version.fuel,
        gearbox: version.gearbox,
        engine: version.engine,
        powerHp: version.powerHp,
        range: offer.vehicleRange,
        year,
        mileage,
        isCertified,
      }),
      equipment,
    };
    if (rnd.chance(0.3)) {
      offer.marketingLabels = marketingLabels(rnd, saleType, year, nowYear, mileage < age * 15000);
    }
    if (saleType !== "auction" && rnd.chance(0.12)) {
      const { badge, ...promotion } = rnd.pick(PROMOTIONS);
      offer.specialPromotions = [{ ...promotion, PhotoLink: opts.badgeUrls?.[badge] ?? null }];
    }

    let priceHistory: PriceHistoryRow[] = [];
    let bids: GeneratedBid[] = [];
    if (saleType === "auction") {
      const phase = PHASES[auctions++ % PHASES.length];
      bids = auctionTerms(rnd, offer, priceNetto, phase, now);
    } else {
      priceHistory = salePrices(rnd, offer, priceNetto, isNew, now, calculator);
    }
    offer.createdAt = offer.publishedAt;
    offer.updatedAt = priceHistory.length
      ? priceHistory[priceHistory.length - 1].changedAt
      : offer.publishedAt;

    const photoCount = offer.isPicturePreviewOnly ? 3 : rnd.int(3, 5);
    yield { offer, texts, photos: PHOTO_VIEWS.slice(0, photoCount), paint: colour.hex, priceHistory, bids };
  }
}
