import { describe, expect, it } from "vitest";
import { formatPln, keepNumbersTogether, pluralPl } from "./format";

describe("content formats", () => {
  it("writes whole złoty with a non-breaking space between thousands, also for 4 digits", () => {
    expect(formatPln(129_900)).toBe("129\u00a0900 zł");
    expect(formatPln(1_499)).toBe("1\u00a0499 zł");
    expect(formatPln(750)).toBe("750 zł");
  });

  it("chooses the Polish plural form", () => {
    expect([1, 2, 5, 12, 22, 25].map((n) => `${n} ${pluralPl(n, ["oferta", "oferty", "ofert"])}`)).toEqual([
      "1 oferta",
      "2 oferty",
      "5 ofert",
      "12 ofert",
      "22 oferty",
      "25 ofert",
    ]);
  });

  it("keeps numbers with their units on one line", () => {
    expect(keepNumbersTogether("do 300 km i 18 750 zł, 30 %")).toBe(
      "do 300\u00a0km i 18\u00a0750\u00a0zł, 30\u00a0%",
    );
    expect(keepNumbersTogether("w 2021 roku")).toBe("w 2021 roku");
  });
});
