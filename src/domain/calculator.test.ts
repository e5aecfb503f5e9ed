import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availablePeriods,
  calculateLeasing,
  calculateRent,
  checkLeasingInput,
  checkRentInput,
  type LeasingInput,
  pmt,
  type RentInput,
  rentResidualPercent,
} from "./calculator";
import { DEFAULT_CALCULATOR_PROPERTIES as P } from "./calculator-defaults";

/**
 * Reference annuities computed outside this code base by scripts/reference/leasing-reference.py:
 * month-by-month balance simulation in 50-digit decimals, bisecting the payment until the balance
 * after the last month equals the residual value (what a spreadsheet's
 * PMT(rate/12; n; -(price - ow); rv) returns). Ow and Rv amounts are whole złoty, half up.
 */
// biome-ignore format: one reference case per line reads as a table
const LEASING_REFERENCE = [
  { price: 100000, period: 36, owPercent: 10, rvPercent: 20, rate: 7.9, annuity: 2321.9844, financing: 2322, totalFeesPercent: 113.59 },
  { price: 129900, period: 48, owPercent: 0, rvPercent: 1, rate: 7.9, annuity: 3142.0449, financing: 3142, totalFeesPercent: 117.1 },
  { price: 250000, period: 60, owPercent: 45, rvPercent: 30, rate: 7.9, annuity: 1758.0356, financing: 1758, totalFeesPercent: 117.19 },
  { price: 89000, period: 24, owPercent: 20, rvPercent: 50, rate: 7.9, annuity: 1499.3096, financing: 1499, totalFeesPercent: 110.43 },
  { price: 350000, period: 84, owPercent: 15, rvPercent: 10, rate: 7.9, annuity: 4308.7321, financing: 4309, totalFeesPercent: 128.41 },
  { price: 200000, period: 48, owPercent: 10, rvPercent: 20, rate: 0, annuity: 2916.6667, financing: 2917, totalFeesPercent: 100 },
];

const leasing = (over: Partial<LeasingInput> = {}): LeasingInput => ({
  PriceNetto: 100_000,
  Period: 36,
  OwPercent: 10,
  RvPercent: 20,
  AdditionalServices: [],
  Insurance: "outside",
  ...over,
});
const rent = (over: Partial<RentInput> = {}): RentInput => ({
  PriceNetto: 100_000,
  Period: 36,
  OwPercent: 0,
  Mileage: 20_000,
  AdditionalServices: [],
  Insurance: "financed",
  ...over,
});

describe("leasing against independent reference values", () => {
  for (const c of LEASING_REFERENCE) {
    it(`${c.price} zł, ${c.period} mies., Ow ${c.owPercent}%, Rv ${c.rvPercent}%, ${c.rate}%`, () => {
      const ow = Math.round((c.price * c.owPercent) / 100);
      const rv = Math.round((c.price * c.rvPercent) / 100);
      expect(pmt(c.rate / 100 / 12, c.period, c.price - ow, rv)).toBeCloseTo(c.annuity, 3);
      const props = { ...P.Leasing, AnnualRatePercent: c.rate };
      const r = calculateLeasing(
        leasing({ PriceNetto: c.price, Period: c.period, OwPercent: c.owPercent, RvPercent: c.rvPercent }),
        props,
        P.Insurance,
      );
      expect(r.FinancingNetto).toBe(c.financing);
      expect(r.TotalFeesPercent).toBe(c.totalFeesPercent);
      expect(r.Ow).toBe(ow);
      expect(r.Rv).toBe(rv);
    });
  }

  it("adds services and insurance to the instalment, rounding once at the end", () => {
    // annuity 2321.9844 + GAP 45 + assistance 19 + financed insurance 100000 * 1% / 12 = 83.3333
    const r = calculateLeasing(
      leasing({ AdditionalServices: ["gap", "assistance"], Insurance: "financed" }),
      P.Leasing,
      P.Insurance,
    );
    expect(r.InstallmentPriceNetto).toBe(2469); // 2469.3177
    expect(r.InsuranceNetto).toBe(83);
    // outside insurance: 250 zł a year = 20.8333 a month
    expect(calculateLeasing(leasing(), P.Leasing, P.Insurance).InstallmentPriceNetto).toBe(2343); // 2342.8177
  });

  it("totals brutto: own contribution, instalments and buyout with 23% VAT", () => {
    const r = calculateLeasing(leasing(), P.Leasing, P.Insurance);
    // (10000 + 36 * (2321.9844 + 20.8333) + 20000) * 1.23 = 140 644.6...
    expect(r.TotalPriceBrutto).toBe(Math.round((10000 + 36 * (2321.98443 + 250 / 12) + 20000) * 1.23));
  });
});

describe("long-term rent", () => {
  it("residual value falls with the period and the yearly mileage, down to its floor", () => {
    // 54 - 6 * 3 years - 2.5 * 2 = 31%
    expect(rentResidualPercent(36, 20_000, P.LongTimeRent.Residual)).toBe(31);
    expect(rentResidualPercent(24, 10_000, P.LongTimeRent.Residual)).toBe(39.5);
    expect(rentResidualPercent(84, 40_000, P.LongTimeRent.Residual)).toBe(5);
  });

  it("hand-computed case: 100 000 zł, 36 months, 20 000 km, no Ow, financed insurance", () => {
    // rv 31 000; depreciation (100000 - 31000) / 36 = 1916.6667;
    // cost of money (100000 + 31000) / 2 * 8.5% / 12 = 463.9583; insurance 83.3333 -> 2463.9583
    const r = calculateRent(rent(), P.LongTimeRent, P.Insurance);
    expect(r.Rv).toBe(31_000);
    expect(r.FinancingNetto).toBe(2381); // 2380.625
    expect(r.InstallmentPriceNetto).toBe(2464);
    expect(r.TotalFeesPercent).toBe(85.7); // 36 * 2380.625 / 100000
  });

  it("adds chosen services at their monthly prices; outside insurance costs 250 zł a year", () => {
    const base = calculateRent(rent({ Insurance: "outside" }), P.LongTimeRent, P.Insurance);
    const withServices = calculateRent(
      rent({ Insurance: "outside", AdditionalServices: ["serwis", "opony"] }),
      P.LongTimeRent,
      P.Insurance,
    );
    expect(base.InsuranceNetto).toBe(21);
    expect(base.InstallmentPriceNetto).toBe(Math.round(2380.625 + 250 / 12));
    expect(withServices.InstallmentPriceNetto).toBe(Math.round(2380.625 + 250 / 12 + 149 + 89));
  });
});

describe("invariants (property tests)", () => {
  const periods = P.Leasing.Periods;
  const price = fc.integer({ min: P.MinPriceNetto, max: P.MaxPriceNetto });
  const ow = fc.integer({ min: 0, max: 45 });
  const rv = fc.integer({ min: P.Leasing.Rv.Min, max: P.Leasing.Rv.Max });
  /** The monthly instalment of leasing or rent at the base terms with these changed. */
  const leasingInstalment = (over: Partial<LeasingInput>) =>
    calculateLeasing(leasing(over), P.Leasing, P.Insurance).InstallmentPriceNetto;
  const rentInstalment = (over: Partial<RentInput>) =>
    calculateRent(rent(over), P.LongTimeRent, P.Insurance).InstallmentPriceNetto;
  const insurance = fc.constantFrom<"financed" | "outside">("financed", "outside");

  it("leasing: a longer period never raises the instalment", () => {
    fc.assert(
      fc.property(
        price,
        ow,
        rv,
        fc.integer({ min: 0, max: periods.length - 2 }),
        insurance,
        (p, o, r, i, ins) => {
          const a = leasingInstalment({
            PriceNetto: p,
            OwPercent: o,
            RvPercent: r,
            Period: periods[i],
            Insurance: ins,
          });
          const b = leasingInstalment({
            PriceNetto: p,
            OwPercent: o,
            RvPercent: r,
            Period: periods[i + 1],
            Insurance: ins,
          });
          expect(b).toBeLessThanOrEqual(a);
        },
      ),
    );
  });

  it("leasing: a larger Rv never raises the instalment", () => {
    fc.assert(
      fc.property(price, ow, rv, rv, fc.constantFrom(...periods), (p, o, r1, r2, n) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        const a = leasingInstalment({ PriceNetto: p, OwPercent: o, RvPercent: lo, Period: n });
        const b = leasingInstalment({ PriceNetto: p, OwPercent: o, RvPercent: hi, Period: n });
        expect(b).toBeLessThanOrEqual(a);
      }),
    );
  });

  it("leasing and rent: every Ow from 0 to 45% is accepted and a larger Ow never raises the instalment", () => {
    fc.assert(
      fc.property(price, ow, ow, rv, fc.constantFrom(...periods), (p, o1, o2, r, n) => {
        const [lo, hi] = o1 <= o2 ? [o1, o2] : [o2, o1];
        for (const o of [lo, hi]) {
          expect(
            checkLeasingInput(leasing({ PriceNetto: p, OwPercent: o, RvPercent: r, Period: n }), P, 84),
          ).toBeNull();
          expect(checkRentInput(rent({ PriceNetto: p, OwPercent: o, Period: n }), P, 84)).toBeNull();
        }
        const a = leasingInstalment({ PriceNetto: p, OwPercent: lo, RvPercent: r, Period: n });
        const b = leasingInstalment({ PriceNetto: p, OwPercent: hi, RvPercent: r, Period: n });
        expect(b).toBeLessThanOrEqual(a);
        const c = rentInstalment({ PriceNetto: p, OwPercent: lo, Period: n });
        const d = rentInstalment({ PriceNetto: p, OwPercent: hi, Period: n });
        expect(d).toBeLessThanOrEqual(c);
      }),
    );
  });

  it("rent: a longer period never raises the instalment; a higher mileage never lowers it", () => {
    const km = P.LongTimeRent.MileageLimits;
    fc.assert(
      fc.property(
        price,
        ow,
        fc.integer({ min: 0, max: periods.length - 2 }),
        fc.integer({ min: 0, max: km.length - 2 }),
        (p, o, i, k) => {
          const base = rentInstalment({ PriceNetto: p, OwPercent: o, Period: periods[i], Mileage: km[k] });
          const longer = rentInstalment({
            PriceNetto: p,
            OwPercent: o,
            Period: periods[i + 1],
            Mileage: km[k],
          });
          const farther = rentInstalment({
            PriceNetto: p,
            OwPercent: o,
            Period: periods[i],
            Mileage: km[k + 1],
          });
          expect(longer).toBeLessThanOrEqual(base);
          expect(farther).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });

  it("the instalment is always a positive whole number of złoty", () => {
    fc.assert(
      fc.property(price, ow, rv, fc.constantFrom(...periods), insurance, (p, o, r, n, ins) => {
        const x = leasingInstalment({ PriceNetto: p, OwPercent: o, RvPercent: r, Period: n, Insurance: ins });
        expect(Number.isInteger(x)).toBe(true);
        expect(x).toBeGreaterThan(0);
      }),
    );
  });
});

describe("input checks name the field and never clamp", () => {
  it("offers periods up to the spec's maximum of 80 months and refuses one above an offer's maximum", () => {
    expect(availablePeriods(P.Leasing.Periods, 80)).toEqual([24, 36, 48, 60, 72, 80]);
    expect(availablePeriods(P.LongTimeRent.Periods, 80)).toEqual([24, 36, 48, 60, 72, 80]);
    expect(checkLeasingInput(leasing({ Period: 80 }), P, 80)).toBeNull();
    expect(checkLeasingInput(leasing({ Period: 80 }), P, 72)).toEqual({
      field: "Period",
      message: "dostępne okresy to 24, 36, 48, 60, 72 miesięcy",
    });
  });
  it("refuses Ow and Rv outside the ranges or off the step", () => {
    expect(checkLeasingInput(leasing({ OwPercent: 46 }), P, 80)?.field).toBe("OwPercent");
    expect(checkLeasingInput(leasing({ OwPercent: -1 }), P, 80)?.field).toBe("OwPercent");
    expect(checkLeasingInput(leasing({ OwPercent: 10.5 }), P, 80)?.field).toBe("OwPercent");
    expect(checkLeasingInput(leasing({ RvPercent: 0 }), P, 80)?.field).toBe("RvPercent");
    expect(checkLeasingInput(leasing({ RvPercent: 51 }), P, 80)?.field).toBe("RvPercent");
  });
  it("refuses a price outside the range, an unknown service and a mileage limit not offered", () => {
    expect(checkLeasingInput(leasing({ PriceNetto: -5 }), P, 80)?.field).toBe("Price");
    expect(checkLeasingInput(leasing({ AdditionalServices: ["serwis"] }), P, 80)).toEqual({
      field: "AdditionalServices",
      message: "nieznana usługa „serwis”",
    });
    expect(checkRentInput(rent({ Mileage: 12_345 }), P, 80)?.field).toBe("Mileage");
    expect(checkRentInput(rent({ AdditionalServices: ["serwis", "serwis"] }), P, 80)?.field).toBe(
      "AdditionalServices",
    );
  });
});
