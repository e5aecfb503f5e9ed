import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCLAIMER_LENGTH, shorten } from "./disclaimer";

describe("disclaimer shortening (spec section 5: 306 short, 751 long)", () => {
  it("keeps a text that fits and cuts a longer one at a word with an ellipsis", () => {
    expect(shorten("Krótki tekst.", 306)).toBe("Krótki tekst.");
    const long = "Administratorem danych jest spółka. ".repeat(30);
    const s = shorten(long, DISCLAIMER_LENGTH.short);
    expect(s.length).toBeLessThanOrEqual(306);
    expect(s.endsWith("…")).toBe(true);
    expect(long.startsWith(s.slice(0, -1))).toBe(true);
    expect(s.at(-2)).not.toBe(" ");
  });
  it("never exceeds the limit, for any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.constantFrom(306, 751), (text, max) => {
        expect(shorten(text, max).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
