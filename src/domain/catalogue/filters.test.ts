import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OfferFilterSchema } from "./filter-schema";
import { activeFilterCount, defaultFilter, filterFromQuery, filterToQuery } from "./filters";

describe("filter in the URL query", () => {
  it("reads the spec's comma-separated keys and repeated keys alike", () => {
    const f = filterFromQuery(
      new URLSearchParams(
        "makes=Audi,BMW&makes=Kia&bodyType=suv&isCompany=false&financialMethod=cash&selectedSortingValue=2&priceTo=90000&page=3",
      ),
    );
    expect(f.Makes).toEqual(["Audi", "BMW", "Kia"]);
    expect(f.BodyTypes).toEqual(["suv"]);
    expect(f.IsCompany).toBe(false);
    expect(f.FinancialMethod).toBe("cash");
    expect(f.SelectedSortingValue).toBe(2);
    expect(f.PriceTo).toBe(90_000);
    expect(f.Page).toBe(3);
  });

  it("ignores what it cannot read instead of failing", () => {
    const f = filterFromQuery(
      new URLSearchParams(
        "page=-4&priceFrom=abc&priceTo=-5&mileageTo=-1&selectedSortingValue=77&financialMethod=x&yearFrom=1",
      ),
    );
    expect(f.Page).toBe(1);
    expect(f.PriceFrom).toBeUndefined();
    // Below what the value can be: no filter (a negative price filtered everything out, unseen).
    expect(f.PriceTo).toBeUndefined();
    expect(f.MileageTo).toBeUndefined();
    expect(f.YearFrom).toBeUndefined();
    expect(f.SelectedSortingValue).toBe(4);
    expect(f.FinancialMethod).toBe("all");
  });

  it("keeps what the path implies out of the query and the count", () => {
    const base = { SaleTypes: ["new" as const], BodyTypes: ["suv"] };
    const f = filterFromQuery(new URLSearchParams("bodyType=kombi&makes=Audi"), base);
    expect(f.BodyTypes).toEqual(["suv", "kombi"]);
    expect(filterToQuery(f, base).toString()).toBe("makes=Audi&bodyType=kombi");
    expect(activeFilterCount(f, base)).toBe(2);
  });

  it("counts a price range once and ignores sorting and buyer type", () => {
    const f = defaultFilter({
      PriceFrom: 1,
      PriceTo: 5,
      Makes: ["Audi", "Kia"],
      SelectedSortingValue: 3,
      IsCompany: false,
    });
    expect(activeFilterCount(f)).toBe(3);
  });

  it("round-trips any valid filter through the URL", () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(
        fc.record({
          Makes: fc.uniqueArray(word, { maxLength: 3 }),
          BodyTypes: fc.uniqueArray(word, { maxLength: 3 }),
          PriceFrom: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
          YearTo: fc.option(fc.integer({ min: 1900, max: 2100 }), { nil: undefined }),
          IsCompany: fc.boolean(),
          FinancialMethod: fc.constantFrom("all", "installment", "cash"),
          SelectedSortingValue: fc.constantFrom(0, 1, 2, 3, 4),
          Page: fc.integer({ min: 1, max: 500 }),
        }),
        (partial) => {
          const f = OfferFilterSchema.parse(partial);
          expect(filterFromQuery(filterToQuery(f))).toEqual(f);
        },
      ),
    );
  });
});
