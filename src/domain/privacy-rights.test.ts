import { describe, expect, it } from "vitest";
import { oneMonthAfter } from "./privacy-rights";

describe("the one-month deadline of a request (art. 12(3) RODO)", () => {
  it("is the same day of the next month, or its last day when that month is shorter", () => {
    const at = (iso: string) => oneMonthAfter(new Date(iso)).toISOString();
    expect(at("2026-11-28T09:15:00Z")).toBe("2026-12-28T09:15:00.000Z");
    expect(at("2026-12-31T10:00:00Z")).toBe("2027-01-31T10:00:00.000Z");
    expect(at("2027-01-31T10:00:00Z")).toBe("2027-02-28T10:00:00.000Z");
    expect(at("2028-01-31T10:00:00Z")).toBe("2028-02-29T10:00:00.000Z");
    expect(at("2027-03-31T10:00:00Z")).toBe("2027-04-30T10:00:00.000Z");
  });
});
