import { describe, expect, it } from "vitest";
import { describeBounds, summaryRows } from "./summary";
import { emptyCriteria } from "./wizard";

const names = {
  bodyType: (v: string) => ({ suv: "SUV", kombi: "Kombi" })[v] ?? v,
  fuelType: (v: string) => ({ EL: "Elektryczny" })[v] ?? v,
  gearboxType: (v: string) => ({ automatic: "Automatyczna" })[v] ?? v,
};

describe("alert summary", () => {
  it("says 'dowolny' wherever nothing is chosen", () => {
    const rows = summaryRows(emptyCriteria(), names);
    expect(rows.map((r) => r.value)).toEqual(Array(7).fill("dowolny"));
    expect(rows.map((r) => r.page)).toEqual([1, 1, 1, 2, 3, 3, 4]);
  });

  it("names the choices in Polish with prices as 129 900 zł", () => {
    const rows = summaryRows(
      {
        ...emptyCriteria(),
        buyerType: 1,
        financing: 2,
        priceFrom: "50000",
        priceTo: "129900",
        bodyTypes: ["suv", "kombi"],
        fuelTypes: ["EL"],
        makes: ["Audi", "Škoda"],
      },
      names,
    );
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(byKey).toEqual({
      buyer: "na firmę",
      financing: "zakup za gotówkę",
      price: "od 50\u00a0000\u00a0zł do 129\u00a0900\u00a0zł netto",
      body: "SUV, Kombi",
      fuel: "Elektryczny",
      gearbox: "dowolny",
      makes: "Audi, Škoda",
    });
  });

  it("describes instalments and private brutto prices", () => {
    expect(describeBounds({ ...emptyCriteria(), buyerType: 1, financing: 1, installmentTo: "1499" })).toBe(
      "do 1\u00a0499\u00a0zł netto/mies.",
    );
    expect(describeBounds({ ...emptyCriteria(), buyerType: 2, financing: 2, priceFrom: "30000" })).toBe(
      "od 30\u00a0000\u00a0zł brutto",
    );
  });
});
