import { describe, expect, it } from "vitest";
import { calculateLeasing, calculateRent } from "../calculator";
import { DEFAULT_CALCULATOR_PROPERTIES as P } from "../calculator-defaults";
import { headlineLeasing, headlineRent } from "../headline-price";
import {
  comparedFinancing,
  comparisonAddress,
  comparisonRow,
  countCars,
  equipmentRows,
  factRows,
  parseComparisonIds,
} from "./comparison";

describe("parseComparisonIds", () => {
  it("reads up to three distinct offer numbers in the address's order", () => {
    expect(parseComparisonIds("12,34,56")).toEqual({ ids: [12, 34, 56], invalid: 0, tooMany: false });
    expect(parseComparisonIds(" 7 , 3 ")).toEqual({ ids: [7, 3], invalid: 0, tooMany: false });
  });

  it("skips and counts what is not an offer number, never failing", () => {
    expect(parseComparisonIds("abc,-4,0,1.5,12")).toEqual({ ids: [12], invalid: 4, tooMany: false });
    expect(parseComparisonIds("5\u0000,6")).toEqual({ ids: [6], invalid: 1, tooMany: false });
    expect(parseComparisonIds("99999999999,2147483648,2147483647")).toEqual({
      ids: [2147483647],
      invalid: 2,
      tooMany: false,
    });
    expect(parseComparisonIds(null)).toEqual({ ids: [], invalid: 0, tooMany: false });
    expect(parseComparisonIds(",,")).toEqual({ ids: [], invalid: 0, tooMany: false });
  });

  it("drops repeated offers and keeps the first three of more", () => {
    expect(parseComparisonIds("4,4,5,4")).toEqual({ ids: [4, 5], invalid: 0, tooMany: false });
    expect(parseComparisonIds("1,2,3,4,5")).toEqual({ ids: [1, 2, 3], invalid: 0, tooMany: true });
    expect(parseComparisonIds("1,2,2,3")).toMatchObject({ ids: [1, 2, 3], tooMany: false });
  });

  it("round-trips through the comparison address", () => {
    expect(comparisonAddress([12, 34])).toBe("/porownanie?oferty=12,34");
    expect(comparisonAddress([])).toBe("/porownanie");
    expect(comparisonAddress([12, 34], { privateBuyer: true })).toBe(
      "/porownanie?oferty=12,34&isCompany=false",
    );
    const raw = new URL(`http://x${comparisonAddress([3, 1, 2])}`).searchParams.get("oferty");
    expect(parseComparisonIds(raw).ids).toEqual([3, 1, 2]);
  });
});

describe("difference marking", () => {
  it("marks a row whose values are not all the same", () => {
    expect(comparisonRow("Rok", ["2021", "2021", "2021"]).differs).toBe(false);
    expect(comparisonRow("Rok", ["2021", "2022", "2021"]).differs).toBe(true);
    expect(comparisonRow("Zasięg", ["400 km", null]).differs).toBe(true);
  });

  it("leaves out fact rows that no offer has", () => {
    const rows = factRows([
      ["Rok", ["2021", "2022"]],
      ["Zasięg", [null, null]],
      ["Kolor", ["", null]],
    ]);
    expect(rows.map((r) => r.label)).toEqual(["Rok"]);
  });

  it("lists every item of equipment once and marks the ones some cars lack", () => {
    const rows = equipmentRows([
      ["Klimatyzacja", "Nawigacja", "Hak"],
      ["klimatyzacja ", "Nawigacja"],
      ["Klimatyzacja", "Nawigacja", "Czujniki parkowania"],
    ]);
    expect(rows).toEqual([
      { item: "Czujniki parkowania", has: [false, false, true], differs: true },
      { item: "Hak", has: [true, false, false], differs: true },
      { item: "Klimatyzacja", has: [true, true, true], differs: false },
      { item: "Nawigacja", has: [true, true, true], differs: false },
    ]);
  });

  it("sorts equipment by Polish alphabet", () => {
    expect(equipmentRows([["Żaluzje", "Łopatki", "Lusterka", "Zestaw"]]).map((r) => r.item)).toEqual([
      "Lusterka",
      "Łopatki",
      "Zestaw",
      "Żaluzje",
    ]);
  });
});

describe("comparedFinancing", () => {
  const offer = {
    SaleType: "afterLease",
    IsLeasingAvailable: true,
    IsRentAvailable: true,
    TotalPriceNetto: 100_000,
    TotalPriceNettoDiscount: 90_000,
  };

  it("prices every car at the calculator's default terms (not at each car's lowest 'od')", () => {
    const f = comparedFinancing(offer, P);
    const L = P.Leasing;
    const leasing = calculateLeasing(
      {
        PriceNetto: 90_000,
        Period: L.DefaultPeriod,
        OwPercent: L.Ow.Default,
        RvPercent: L.Rv.Default,
        AdditionalServices: [],
        Insurance: "financed",
      },
      L,
      P.Insurance,
    );
    expect(f.leasing?.totalBrutto).toBe(leasing.TotalPriceBrutto);
    expect(f.leasing?.monthlyNetto).toBe(leasing.InstallmentPriceNetto);
    expect(f.leasing?.monthlyNetto).toBeGreaterThan(headlineLeasing(90_000, P));
    const R = P.LongTimeRent;
    const rent = calculateRent(
      {
        PriceNetto: 90_000,
        Period: R.DefaultPeriod,
        OwPercent: R.Ow.Default,
        Mileage: R.DefaultMileage,
        AdditionalServices: [],
        Insurance: "financed",
      },
      R,
      P.Insurance,
    );
    expect(f.rent?.totalBrutto).toBe(rent.TotalPriceBrutto);
    expect(f.rent?.monthlyNetto).toBe(rent.InstallmentPriceNetto);
    expect(f.rent?.monthlyNetto).toBeGreaterThan(headlineRent(90_000, P));
  });

  it("offers no financing the car does not have: auctions, no price, a way switched off", () => {
    expect(comparedFinancing({ ...offer, SaleType: "auction" }, P)).toEqual({ leasing: null, rent: null });
    expect(comparedFinancing({ ...offer, TotalPriceNetto: null, TotalPriceNettoDiscount: null }, P)).toEqual({
      leasing: null,
      rent: null,
    });
    const leasingOnly = comparedFinancing({ ...offer, IsRentAvailable: false }, P);
    expect(leasingOnly.rent).toBeNull();
    expect(leasingOnly.leasing).not.toBeNull();
  });
});

describe("countCars", () => {
  it("uses the Polish plural", () => {
    expect([1, 2, 3, 5, 12, 22].map(countCars)).toEqual([
      "1 samochód",
      "2 samochody",
      "3 samochody",
      "5 samochodów",
      "12 samochodów",
      "22 samochody",
    ]);
  });
});
