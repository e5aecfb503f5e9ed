import { describe, expect, it } from "vitest";
import {
  countOffers,
  formatApiDateTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatKm,
  formatNumber,
  formatPercent,
  formatPrice,
  formatTime,
  NOUNS,
  parseApiDateTime,
  pluralPl,
} from "./format";

// Byte-exact: "\u00a0" is the no-break space polish.md asks for between thousands and before units.
describe("Polish formats", () => {
  it("groups thousands with a no-break space, 4-digit numbers too, and rounds to whole numbers", () => {
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1_499)).toBe("1\u00a0499");
    expect(formatNumber(-1_499)).toBe("-1\u00a0499");
    expect(formatNumber(129_900)).toBe("129\u00a0900");
    expect(formatNumber(1_234_567.6)).toBe("1\u00a0234\u00a0568");
  });

  it("writes percentages with a decimal comma and the sign right after the number", () => {
    expect(formatPercent(118.19)).toBe("118,19%");
    expect(formatPercent(10)).toBe("10%");
    expect(formatPercent(2.5)).toBe("2,5%");
    expect(formatPercent(33.333333)).toBe("33,33%");
    expect(formatPercent(85.7, 2)).toBe("85,70%");
    expect(formatPercent(107.34, 2)).toBe("107,34%");
    expect(formatPercent(0)).toBe("0%");
  });

  it("writes prices in whole złoty with a no-break space before 'zł'", () => {
    expect(formatPrice(129_900)).toBe("129\u00a0900\u00a0zł");
    expect(formatPrice(1499.4)).toBe("1\u00a0499\u00a0zł");
    expect(formatPrice(999)).toBe("999\u00a0zł");
    expect(formatPrice(1)).toBe("1\u00a0zł");
  });

  it("writes kilometres like prices", () => {
    expect(formatKm(45_000)).toBe("45\u00a0000\u00a0km");
    expect(formatKm(450)).toBe("450\u00a0km");
  });

  it("writes dates, times and API dates in Polish time and reads API dates back", () => {
    const d = new Date("2020-09-24T19:50:00Z");
    expect(formatDate(d)).toBe("24.09.2020");
    expect(formatTime(d)).toBe("21:50");
    expect(formatDateTime(d)).toBe("24.09.2020, 21:50");
    expect(formatTime(new Date("2021-01-07T23:05:00Z"))).toBe("00:05");
    expect(formatApiDateTime(d)).toBe("2020-09-24 21:50:00");
    expect(parseApiDateTime("2020-09-24 21:50:00").toISOString()).toBe(d.toISOString());
    expect(parseApiDateTime("2021-01-07 10:00:00").toISOString()).toBe("2021-01-07T09:00:00.000Z");
  });

  it("chooses the Polish plural form: 1 / 2-4, 22-24 / 5-21, 25+", () => {
    expect([1, 2, 4, 5, 12, 14, 22, 25, 1000].map(countOffers)).toEqual([
      "1 oferta",
      "2 oferty",
      "4 oferty",
      "5 ofert",
      "12 ofert",
      "14 ofert",
      "22 oferty",
      "25 ofert",
      "1\u00a0000 ofert",
    ]);
    expect([1, 3, 12, 24, 36].map((n) => formatCount(n, NOUNS.month))).toEqual([
      "1 miesiąc",
      "3 miesiące",
      "12 miesięcy",
      "24 miesiące",
      "36 miesięcy",
    ]);
    expect([1, 2, 5].map((n) => formatCount(n, NOUNS.newOffer))).toEqual([
      "1 nowa oferta",
      "2 nowe oferty",
      "5 nowych ofert",
    ]);
    expect([1, 3, 60].map((n) => pluralPl(n, NOUNS.character))).toEqual(["znak", "znaki", "znaków"]);
    expect(pluralPl(1.5, NOUNS.offer)).toBe("oferty");
  });
});
