import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AlertMatchCriteria,
  alertMatchesOffer,
  alertMatchKeys,
  MAX_KEYS_PER_ALERT,
  type OfferMatchFacts,
  offerProbeKeys,
  PRICE_BUCKET_BOUNDS,
  priceBucket,
} from "./match-keys";

const MAKES = ["Audi", "BMW", "Kia", "Škoda", "Toyota", "Volvo"];
const BODIES = ["sedan", "kombi", "suv", "van"];
const FUELS = ["PB", "ON", "EL", "HEV"];
const GEARS = ["manual", "automatic"];

const subset = (values: string[]) => fc.subarray(values);
const amount = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000_000 }));

const alertArb: fc.Arbitrary<AlertMatchCriteria> = fc
  .record({
    isCompany: fc.boolean(),
    financing: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
    a: amount,
    b: amount,
    makes: subset(MAKES),
    bodyTypes: subset(BODIES),
    fuelTypes: subset(FUELS),
    gearboxTypes: subset(GEARS),
  })
  .map(({ a, b, ...r }) => {
    const financing = !r.isCompany && r.financing === 1 ? 2 : r.financing;
    const [from, to] = financing === 0 ? [0, 0] : b > 0 && a > b ? [b, a] : [a, b];
    return { ...r, financing, priceFrom: from, priceTo: to };
  });

const offerArb = fc
  .record({
    make: fc.constantFrom(...MAKES),
    bodyType: fc.constantFrom(...BODIES),
    fuelType: fc.constantFrom(...FUELS),
    gearBoxType: fc.constantFrom(...GEARS),
    isAuction: fc.boolean(),
    cashNetto: fc.option(fc.integer({ min: 1000, max: 3_000_000 }), { nil: null }),
    installmentNetto: fc.option(fc.integer({ min: 300, max: 30_000 }), { nil: null }),
  })
  .map((o): OfferMatchFacts & { isAuction: boolean } => ({
    ...o,
    cashBrutto: o.cashNetto === null || o.isAuction ? null : Math.round(o.cashNetto * 1.23),
    installmentNetto: o.isAuction ? null : o.installmentNetto,
  }));

const intersects = (a: string[], b: string[]) => {
  const set = new Set(b);
  return a.some((k) => set.has(k));
};

describe("price buckets", () => {
  it("count the boundaries at or below an amount", () => {
    expect(priceBucket(0)).toBe(0);
    expect(priceBucket(99)).toBe(0);
    expect(priceBucket(100)).toBe(1);
    expect(priceBucket(PRICE_BUCKET_BOUNDS[5])).toBe(6);
    expect(priceBucket(PRICE_BUCKET_BOUNDS[5] - 1)).toBe(5);
    expect(priceBucket(999_999_999)).toBeLessThanOrEqual(PRICE_BUCKET_BOUNDS.length);
  });
});

describe("alert match keys", () => {
  it("every offer an alert matches shares at least one key with it (no match is missed)", () => {
    fc.assert(
      fc.property(alertArb, offerArb, (alert, offer) => {
        if (alertMatchesOffer(alert, offer)) {
          expect(intersects(alertMatchKeys(alert), offerProbeKeys(offer))).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("never stores more than the cap, however wide the alert", () => {
    fc.assert(
      fc.property(alertArb, (alert) => {
        const keys = alertMatchKeys(alert);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.length).toBeLessThanOrEqual(MAX_KEYS_PER_ALERT);
      }),
    );
  });

  it("keeps a narrow alert narrow: one make and a band give a few keys that other makes do not share", () => {
    const alert: AlertMatchCriteria = {
      isCompany: true,
      financing: 2,
      priceFrom: 80_000,
      priceTo: 120_000,
      makes: ["Audi"],
      bodyTypes: [],
      fuelTypes: [],
      gearboxTypes: [],
    };
    const keys = alertMatchKeys(alert);
    expect(keys.length).toBeLessThanOrEqual(4);
    expect(keys.every((k) => k.includes("|audi|*|*|*"))).toBe(true);
    const bmw: OfferMatchFacts = {
      make: "BMW",
      bodyType: "suv",
      fuelType: "PB",
      gearBoxType: "manual",
      cashNetto: 100_000,
      cashBrutto: 123_000,
      installmentNetto: 2000,
    };
    expect(intersects(keys, offerProbeKeys(bmw))).toBe(false);
    expect(intersects(keys, offerProbeKeys({ ...bmw, make: "audi" }))).toBe(true);
  });

  it("applies the exact rule: auctions for companies only, bounds inclusive, empty lists mean any", () => {
    const offer = {
      make: "Kia",
      bodyType: "suv",
      fuelType: "EL",
      gearBoxType: "automatic",
      cashNetto: 100_000,
      cashBrutto: 123_000,
      installmentNetto: 1500,
      isAuction: false,
    };
    const base: AlertMatchCriteria = {
      isCompany: false,
      financing: 2,
      priceFrom: 0,
      priceTo: 123_000,
      makes: [],
      bodyTypes: [],
      fuelTypes: [],
      gearboxTypes: [],
    };
    expect(alertMatchesOffer(base, offer)).toBe(true);
    expect(alertMatchesOffer({ ...base, priceTo: 122_999 }, offer)).toBe(false);
    expect(alertMatchesOffer({ ...base, isCompany: true, priceTo: 100_000 }, offer)).toBe(true);
    expect(alertMatchesOffer({ ...base, isCompany: true, financing: 1, priceTo: 1499 }, offer)).toBe(false);
    expect(alertMatchesOffer({ ...base, financing: 0, priceTo: 0 }, { ...offer, isAuction: true })).toBe(
      false,
    );
    expect(alertMatchesOffer({ ...base, makes: ["KIA"], fuelTypes: ["EL", "PB"] }, offer)).toBe(true);
    expect(alertMatchesOffer({ ...base, gearboxTypes: ["manual"] }, offer)).toBe(false);
  });
});
