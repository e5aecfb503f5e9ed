import { describe, expect, it } from "vitest";
import { lastPriceCut, lowestPriceBefore } from "../../../domain/price-history";
import { offerPath } from "../../../domain/slug";
import {
  BODY_TYPES,
  FUEL_TYPES,
  isBodyType,
  isFuelType,
  isGearBoxType,
  NEW_CAR_MAX_MILEAGE_KM,
  type SaleType,
  toBrutto,
} from "../../../domain/vehicles";
import { PHOTO_VIEWS } from "../drawing/car-drawing";
import { type GeneratedOffer, generateOffers } from "./generate";
import { MAKES } from "./models";

const now = new Date("2026-11-21T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const all = (n: number, seed = 7, at = now) => [...generateOffers({ offers: n, seed, now: at })];
const catalogue = all(2000);
const of = (type: SaleType) => catalogue.filter((g) => g.offer.saleType === type);

describe("determinism", () => {
  it("gives the same catalogue for the same seed and moment", () => {
    expect(JSON.stringify(all(400, 42))).toBe(JSON.stringify(all(400, 42)));
  });

  it("gives another catalogue for another seed", () => {
    const a = all(50, 1).map((g) => `${g.offer.make} ${g.offer.model} ${g.offer.totalPriceNetto}`);
    const b = all(50, 2).map((g) => `${g.offer.make} ${g.offer.model} ${g.offer.totalPriceNetto}`);
    expect(a).not.toEqual(b);
  });

  it("keeps the first offers when the catalogue grows", () => {
    expect(JSON.stringify(all(100, 9))).toBe(JSON.stringify(all(300, 9).slice(0, 100)));
  });
});

describe("coverage of the default 400 offers", () => {
  const small = all(400, 20261121);
  it("spans at least 28 makes, every body type, every fuel and all sale types", () => {
    expect(new Set(small.map((g) => g.offer.make)).size).toBeGreaterThanOrEqual(28);
    expect(new Set(small.map((g) => g.offer.bodyType))).toEqual(new Set(BODY_TYPES.map((b) => b.value)));
    expect(new Set(small.map((g) => g.offer.fuelType))).toEqual(new Set(FUEL_TYPES.map((f) => f.value)));
    for (const type of ["new", "afterLease", "auction"] as const) {
      expect(small.filter((g) => g.offer.saleType === type).length).toBeGreaterThan(40);
    }
    expect(
      small.filter((g) => g.offer.saleType === "new" && g.offer.fuelType === "EL").length,
    ).toBeGreaterThan(10);
  });

  it("has several new models offered in more than one version", () => {
    const versions = new Map<string, Set<string>>();
    for (const g of small.filter((x) => x.offer.saleType === "new")) {
      const key = `${g.offer.make} ${g.offer.model}`;
      versions.set(key, (versions.get(key) ?? new Set()).add(g.offer.version!));
    }
    expect([...versions.values()].filter((v) => v.size > 1).length).toBeGreaterThanOrEqual(5);
  });

  it("has certified, reserved, promoted and preview-photo offers, labels and promotions", () => {
    const count = (f: (g: GeneratedOffer) => boolean) => small.filter(f).length;
    expect(count((g) => !!g.offer.isCertified)).toBeGreaterThan(10);
    expect(count((g) => !!g.offer.reservation)).toBeGreaterThan(3);
    expect(count((g) => !!g.offer.isPromoted)).toBeGreaterThan(10);
    expect(count((g) => !!g.offer.isPicturePreviewOnly)).toBeGreaterThan(10);
    expect(count((g) => (g.offer.marketingLabels ?? []).length > 0)).toBeGreaterThan(40);
    expect(count((g) => (g.offer.specialPromotions ?? []).length > 0)).toBeGreaterThan(10);
  });
});

describe("consistency invariants: names, prices, ages and history", () => {
  it("uses the shared vocabulary and real makes", () => {
    const makes = new Set(MAKES.map((m) => m.make));
    for (const { offer, texts } of catalogue) {
      expect(isBodyType(offer.bodyType)).toBe(true);
      expect(isFuelType(offer.fuelType)).toBe(true);
      expect(isGearBoxType(offer.gearBoxType)).toBe(true);
      expect(makes.has(offer.make)).toBe(true);
      expect(texts.description.length).toBeGreaterThan(100);
      expect(texts.equipment.length).toBeGreaterThanOrEqual(10);
      expect(offer.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(
        offerPath({ saleType: offer.saleType, make: offer.make, model: offer.model, id: offer.id }),
      ).toMatch(/^\/(nowe-samochody|samochody-poleasingowe|aukcje-samochodowe)\/[a-z0-9-]+-id-\d+$/);
    }
  });

  it("adds 23% VAT to every cash price and keeps discounts under prices", () => {
    for (const { offer } of catalogue) {
      expect(offer.totalPriceBrutto).toBe(toBrutto(offer.totalPriceNetto!));
      if (offer.totalPriceNettoDiscount != null) {
        expect(offer.totalPriceBruttoDiscount).toBe(toBrutto(offer.totalPriceNettoDiscount));
        expect(offer.totalPriceNettoDiscount).toBeLessThan(offer.totalPriceNetto!);
        if (offer.leasePrice) expect(offer.leasePriceDiscount).toBeLessThan(offer.leasePrice);
        if (offer.rentPriceNetto) expect(offer.rentPriceNettoDiscount).toBeLessThan(offer.rentPriceNetto);
      } else {
        expect(offer.totalPriceBruttoDiscount ?? null).toBeNull();
        expect(offer.leasePriceDiscount ?? null).toBeNull();
        expect(offer.rentPriceNettoDiscount ?? null).toBeNull();
      }
      expect(offer.isRentAvailable ? offer.rentPriceNetto! > 0 : offer.rentPriceNetto == null).toBe(true);
      expect(offer.isLeasingAvailable ? offer.leasePrice! > 0 : offer.leasePrice == null).toBe(true);
    }
  });

  it("makes new cars new and ex-lease cars used, with mileage growing with age", () => {
    const year = now.getUTCFullYear();
    for (const { offer } of of("new")) {
      expect([year, year - 1]).toContain(offer.year);
      expect(offer.mileage).toBeLessThanOrEqual(NEW_CAR_MAX_MILEAGE_KM);
      expect(offer.plateNumber ?? null).toBeNull();
      expect(offer.isCertified).toBe(false);
      expect(offer.isCashAvailable || offer.isLeasingAvailable || offer.isRentAvailable).toBe(true);
    }
    for (const { offer } of [...of("afterLease"), ...of("auction")]) {
      const age = year - offer.year;
      expect(age).toBeGreaterThanOrEqual(1);
      expect(offer.mileage).toBeGreaterThanOrEqual(age * 3000);
      expect(offer.mileage).toBeLessThanOrEqual(age * 50000);
      expect(offer.plateNumber).toMatch(/^[A-Z]{2} [0-9]{3}[0-9A-Z]{2}$/);
    }
    // Older cars cost less than new ones of the same version, on average.
    const avg = (list: GeneratedOffer[]) =>
      list.reduce((s, g) => s + g.offer.totalPriceNetto!, 0) / list.length;
    expect(avg(of("afterLease"))).toBeLessThan(avg(of("new")));
  });

  it("gives electric cars a range and a battery in kWh, and others neither", () => {
    for (const { offer } of catalogue) {
      if (offer.fuelType === "EL") {
        expect(offer.vehicleRange).toBeGreaterThan(150);
        expect(offer.engineCapacity).toBeGreaterThanOrEqual(20);
        expect(offer.engineCapacity).toBeLessThanOrEqual(120);
      } else {
        expect(offer.vehicleRange ?? null).toBeNull();
        expect(offer.engineCapacity).toBeGreaterThan(900);
      }
    }
  });

  it("records price history ending at the current price, with cuts inside the last 30 days", () => {
    let recentCuts = 0;
    let promotionsBeforeCut = 0;
    for (const g of [...of("new"), ...of("afterLease")]) {
      const h = g.priceHistory;
      expect(h.length).toBeGreaterThan(0);
      expect(h[0].changedAt.getTime()).toBe(g.offer.publishedAt!.getTime());
      for (let i = 1; i < h.length; i++)
        expect(h[i].changedAt.getTime()).toBeGreaterThan(h[i - 1].changedAt.getTime());
      const last = h[h.length - 1];
      expect(last.totalPriceNetto).toBe(g.offer.totalPriceNettoDiscount ?? g.offer.totalPriceNetto);
      expect(last.totalPriceBrutto).toBe(toBrutto(last.totalPriceNetto!));
      expect(last.changedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const points = h.map((p) => ({ changedAt: p.changedAt, price: p.totalPriceNetto }));
      const cut = lastPriceCut(points);
      expect(cut !== null).toBe(g.offer.totalPriceNettoDiscount != null);
      if (cut) {
        const lowest = lowestPriceBefore(points, cut)!;
        expect(lowest).toBeGreaterThan(g.offer.totalPriceNettoDiscount!);
        expect(lowest).toBeLessThanOrEqual(g.offer.totalPriceNetto!);
        if (now.getTime() - cut.getTime() < 30 * DAY) recentCuts++;
        if (lowest < g.offer.totalPriceNetto!) promotionsBeforeCut++;
      }
    }
    expect(recentCuts).toBeGreaterThan(50);
    expect(promotionsBeforeCut).toBeGreaterThan(10);
  });
});

describe("consistency invariants: auctions and photos", () => {
  it("spreads auctions around the seeding moment: upcoming, running, ending within 12 h, ended", () => {
    const phase = (g: GeneratedOffer) => {
      const start = g.offer.auctionStart!.getTime();
      const end = g.offer.auctionEnd!.getTime();
      expect(end).toBeGreaterThan(start);
      if (start > now.getTime()) return "upcoming";
      if (end <= now.getTime()) return "ended";
      return end - now.getTime() < 12 * HOUR ? "ending" : "running";
    };
    const auctions = of("auction");
    expect(new Set(auctions.slice(0, 8).map(phase))).toEqual(
      new Set(["upcoming", "running", "ending", "ended"]),
    );
    for (const p of ["upcoming", "running", "ending", "ended"]) {
      expect(auctions.filter((g) => phase(g) === p).length).toBeGreaterThan(auctions.length / 10);
    }
    for (const g of auctions) {
      const { offer, bids } = g;
      expect(offer.isCashAvailable ?? false).toBe(false);
      expect(offer.startingPrice).toBeLessThan(offer.totalPriceNetto!);
      expect(offer.currentPrice).toBeGreaterThanOrEqual(offer.startingPrice!);
      expect(offer.currentPrice).toBeLessThan(offer.totalPriceNetto!);
      expect(offer.bidCount ?? 0).toBe(bids.length);
      if (phase(g) === "upcoming") expect(bids).toEqual([]);
      let previous = offer.startingPrice!;
      for (const b of bids) {
        expect(b.price).toBeGreaterThan(previous);
        previous = b.price;
        expect(b.at.getTime()).toBeGreaterThanOrEqual(offer.auctionStart!.getTime());
        expect(b.at.getTime()).toBeLessThanOrEqual(Math.min(offer.auctionEnd!.getTime(), now.getTime()));
      }
      if (bids.length) expect(offer.currentPrice).toBe(bids[bids.length - 1].price);
      if (phase(g) === "ended" && bids.length) {
        // Spec section 9: auction prices are usually 5-10% under market.
        const share = offer.currentPrice! / offer.totalPriceNetto!;
        expect(share).toBeGreaterThanOrEqual(0.88);
        expect(share).toBeLessThanOrEqual(0.96);
      }
    }
  });

  it("gives each offer 3 to 5 photo views, 3 for preview-photo offers", () => {
    for (const g of catalogue) {
      expect(g.photos.length).toBeGreaterThanOrEqual(3);
      expect(g.photos.length).toBeLessThanOrEqual(5);
      expect(g.photos).toEqual(PHOTO_VIEWS.slice(0, g.photos.length));
      if (g.offer.isPicturePreviewOnly) expect(g.photos.length).toBe(3);
    }
  });
});

describe("model years (a 2018 Volvo EX30)", () => {
  it("never makes a car older than its model", () => {
    const since = new Map(
      MAKES.flatMap((m) =>
        m.models.filter((x) => x.since).map((x) => [`${x.make} ${x.model}`, x.since as number]),
      ),
    );
    expect(since.get("Volvo EX30")).toBe(2023);
    const checked = catalogue.filter((g) => since.has(`${g.offer.make} ${g.offer.model}`));
    expect(checked.length).toBeGreaterThan(100);
    for (const g of checked)
      expect(g.offer.year).toBeGreaterThanOrEqual(since.get(`${g.offer.make} ${g.offer.model}`)!);
    // Ex-lease and auction cars stay at least a year old.
    for (const g of catalogue.filter((x) => x.offer.saleType !== "new"))
      expect(g.offer.year).toBeLessThan(2026);
  });
});
