import { describe, expect, it } from "vitest";
import { startOfPolishDay, todayInPoland } from "../polish-time";
import { isPdf } from "./documents";

describe("a document version's day", () => {
  it("begins at midnight in Poland, in winter and in summer time", () => {
    expect(startOfPolishDay("2027-01-15").toISOString()).toBe("2027-01-14T23:00:00.000Z");
    expect(startOfPolishDay("2027-07-01").toISOString()).toBe("2027-06-30T22:00:00.000Z");
  });

  it("is today as Poland counts it, also just after midnight there", () => {
    expect(todayInPoland(new Date("2026-11-25T23:30:00Z"))).toBe("2026-11-26");
  });
});

describe("an uploaded PDF", () => {
  it("is recognised by its first bytes", () => {
    expect(isPdf(new TextEncoder().encode("%PDF-1.7\n..."))).toBe(true);
    expect(isPdf(new TextEncoder().encode("<html>"))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});
