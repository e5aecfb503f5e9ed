import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../format";
import {
  amountMessages,
  checkBid,
  checkMaxBid,
  parseAmount,
  UNUSUAL_AMOUNT_FACTOR,
  unusualAmount,
} from "./bid-form";

describe("an amount as people type and paste it", () => {
  it.each([
    ["40500", 40_500],
    ["40 500", 40_500],
    [" 40 500 ", 40_500],
    ["40\u00a0500\u00a0zł", 40_500],
    ["12 500,00 zł", 12_500],
    ["12 500,00 ZŁ", 12_500],
    ["12500 PLN", 12_500],
    ["12.500", 12_500],
    ["1.250.000,00", 1_250_000],
    ["31 750,0", 31_750],
    ["31750.00", 31_750],
  ])("reads %j as %d zł", (typed, amount) => {
    expect(parseAmount(typed)).toBe(amount);
  });

  it.each([
    ["32000.5"],
    ["32 000,50 zł"],
    ["12,5"],
    ["-5000"],
    ["1e9"],
    ["0"],
    ["abc"],
    [""],
    ["12\u0000500"],
    ["40 500 euro"],
    ["99999999999999999999"],
  ])("refuses %j rather than guess", (typed) => {
    expect(parseAmount(typed)).toBeNull();
  });

  it("never reads a formatted price as more than it says (grosze are never taken for złoty)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (amount) => {
        const shown = formatPrice(amount);
        expect(parseAmount(shown)).toBe(amount);
        expect(parseAmount(`${shown.replace(/\s*zł$/, "")},00 zł`)).toBe(amount);
      }),
    );
  });
});

describe("the bid box's check", () => {
  it("asks about an amount far above the minimum, and only about such", () => {
    expect(unusualAmount(1_250_000, 31_750, "Licytuj")).toBe(
      `${formatPrice(1_250_000)} to ponad dwa razy więcej niż minimalna kolejna oferta (${formatPrice(31_750)}). Jeśli to nie pomyłka, kliknij „Licytuj” jeszcze raz.`,
    );
    expect(unusualAmount(31_750 * UNUSUAL_AMOUNT_FACTOR, 31_750, "Licytuj")).not.toBeNull();
    expect(unusualAmount(31_750 * UNUSUAL_AMOUNT_FACTOR - 1, 31_750, "Licytuj")).toBeNull();
  });

  it("refuses what it cannot read, and says how to write it", () => {
    expect(checkBid("32000.5", 31_750)).toEqual({ error: { Price: amountMessages.bid } });
    expect(checkBid("12 500,00 zł", 31_750).error?.Price).toMatch(/^Oferta jest za niska/);
    expect(checkMaxBid("-5000")).toEqual({ error: { MaxPrice: amountMessages.max } });
    expect(checkMaxBid("27 600,00 zł")).toEqual({ value: { MaxPrice: 27_600 } });
  });
});
