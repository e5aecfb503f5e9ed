import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateSubsidy, readSubsidyForm, SUBSIDY_RULES, validateSubsidyInput } from "./subsidy";

describe("calculateSubsidy (spec section 9)", () => {
  it("gives a passenger car 18 750 zł below 15 000 km a year and 27 000 zł from 15 000 km", () => {
    expect(calculateSubsidy({ category: "M1", price: 180_000, yearlyMileageKm: 14_999 }).amount).toBe(18_750);
    const high = calculateSubsidy({ category: "M1", price: 180_000, yearlyMileageKm: 15_000 });
    expect(high.amount).toBe(27_000);
    expect(high.highMileage).toBe(true);
  });

  it("never pays more than the price of the vehicle", () => {
    const r = calculateSubsidy({ category: "M1", price: 12_000, yearlyMileageKm: 30_000 });
    expect(r.amount).toBe(12_000);
    expect(r.capped).toBe(true);
  });

  it("gives a delivery vehicle 20% up to 50 000 zł, or 30% up to 70 000 zł from 20 000 km a year", () => {
    expect(calculateSubsidy({ category: "N1", price: 150_000, yearlyMileageKm: 19_999 }).amount).toBe(30_000);
    expect(calculateSubsidy({ category: "N1", price: 300_000, yearlyMileageKm: 10_000 })).toMatchObject({
      amount: 50_000,
      capped: true,
    });
    expect(calculateSubsidy({ category: "N1", price: 150_000, yearlyMileageKm: 20_000 }).amount).toBe(45_000);
    expect(calculateSubsidy({ category: "N1", price: 300_000, yearlyMileageKm: 40_000 }).amount).toBe(70_000);
  });

  it("gives an L-category vehicle 30% up to 4 000 zł, whatever the mileage", () => {
    expect(calculateSubsidy({ category: "L", price: 10_000, yearlyMileageKm: 0 }).amount).toBe(3_000);
    expect(calculateSubsidy({ category: "L", price: 20_000, yearlyMileageKm: 50_000 }).amount).toBe(4_000);
  });

  it("rounds a share down to whole złoty", () => {
    expect(calculateSubsidy({ category: "N1", price: 100_003, yearlyMileageKm: 0 }).amount).toBe(20_000);
  });

  it("stays within the cap and the price for any valid input", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("M1" as const, "N1" as const, "L" as const),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (category, price, yearlyMileageKm) => {
          const { amount } = calculateSubsidy({ category, price, yearlyMileageKm });
          const cap = { M1: 27_000, N1: SUBSIDY_RULES.N1.capHighMileage, L: SUBSIDY_RULES.L.cap }[category];
          return Number.isInteger(amount) && amount >= 0 && amount <= price && amount <= cap;
        },
      ),
    );
  });
});

describe("validateSubsidyInput", () => {
  it("accepts a whole price and mileage", () => {
    expect(validateSubsidyInput({ category: "N1", price: 120_000, yearlyMileageKm: 0 })).toEqual({});
  });

  it("names each wrong field in Polish", () => {
    const e = validateSubsidyInput({ category: "X", price: 0, yearlyMileageKm: -1 });
    expect(e.category).toBe("Wybierz kategorię pojazdu");
    expect(e.price).toMatch(/cenę/);
    expect(e.yearlyMileageKm).toMatch(/przebieg/);
    expect(validateSubsidyInput({ category: "M1", price: Number.NaN, yearlyMileageKm: 1.5 })).toMatchObject({
      price: expect.any(String),
      yearlyMileageKm: expect.any(String),
    });
    expect(
      validateSubsidyInput({ category: "M1", price: 6_000_000, yearlyMileageKm: 600_000 }),
    ).toMatchObject({
      price: "Cena nie może przekraczać 5 000 000 zł",
      yearlyMileageKm: "Roczny przebieg nie może przekraczać 500 000 km",
    });
  });
});

describe("readSubsidyForm", () => {
  it("takes amounts typed with spaces and units", () => {
    expect(readSubsidyForm({ category: "M1", price: "180 000 zł", yearlyMileageKm: "15 000 km" })).toEqual({
      value: { category: "M1", price: 180_000, yearlyMileageKm: 15_000 },
      error: {},
    });
  });
  it("names every field to fix", () => {
    expect(readSubsidyForm({ price: "12,5" }).error).toEqual({
      category: "Wybierz kategorię pojazdu",
      price: "Podaj cenę pojazdu w pełnych złotych, większą od zera",
      yearlyMileageKm: "Podaj roczny przebieg w pełnych kilometrach (0 lub więcej)",
    });
  });
});
