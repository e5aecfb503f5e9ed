import { describe, expect, it } from "vitest";
import { parseActiveFiltersCount } from "./mobile-filters";

describe("parseActiveFiltersCount", () => {
  it("reads the count the list screen stored", () => {
    expect(parseActiveFiltersCount("3")).toBe(3);
    expect(parseActiveFiltersCount("12")).toBe(12);
  });

  it("shows no count for nothing stored, zero or garbage", () => {
    for (const raw of [null, undefined, "", "0", "-2", "1.5", "abc"])
      expect(parseActiveFiltersCount(raw)).toBe(0);
  });
});
