import { describe, expect, it } from "vitest";
import { shellOptions, showsMobileSearch } from "./handle";

describe("shellOptions", () => {
  it("shows the whole shell when no route says otherwise", () => {
    expect(shellOptions([{ handle: undefined }, { handle: {} }])).toEqual({
      bare: false,
      staff: false,
      filterButton: false,
      filterCount: 0,
    });
  });

  it("takes the filter count from the loader data of the route that shows the button", () => {
    const matches = [
      { handle: undefined },
      { handle: { filterButton: true }, loaderData: { activeFilters: 3 } },
    ];
    expect(shellOptions(matches)).toMatchObject({ filterButton: true, filterCount: 3 });
    expect(shellOptions([{ handle: { filterButton: true }, loaderData: {} }]).filterCount).toBe(0);
  });

  it("takes the deepest route's wish", () => {
    expect(shellOptions([{ handle: undefined }, { handle: { hideShell: true } }]).bare).toBe(true);
    expect(shellOptions([{ handle: { hideShell: true } }, { handle: { hideShell: false } }]).bare).toBe(
      false,
    );
    expect(shellOptions([{ handle: { filterButton: true } }]).filterButton).toBe(true);
  });

  it("makes the back-office bare and leaves out the public site's visitor side", () => {
    expect(shellOptions([{ handle: undefined }, { handle: { staff: true } }])).toMatchObject({
      bare: true,
      staff: true,
    });
  });
});

describe("showsMobileSearch", () => {
  it("is shown on home and on new and ex-lease detail addresses", () => {
    expect(showsMobileSearch("/")).toBe(true);
    expect(showsMobileSearch("/samochody-poleasingowe/skoda-octavia-id-12")).toBe(true);
    expect(showsMobileSearch("/nowe-samochody/audi-a4-id-3")).toBe(true);
  });

  it("is not shown on lists, auctions or other pages", () => {
    expect(showsMobileSearch("/samochody-poleasingowe")).toBe(false);
    expect(showsMobileSearch("/samochody-poleasingowe/")).toBe(false);
    expect(showsMobileSearch("/aukcje-samochodowe/bmw-x3-id-5")).toBe(false);
    expect(showsMobileSearch("/kontakt")).toBe(false);
  });
});
