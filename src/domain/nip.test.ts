import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNip, isValidNip, normalizeNip } from "./nip";

/** Builds a valid NIP from 9 digits by computing the checksum, or null when the remainder is 10. */
function withChecksum(nine: number[]): string | null {
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const c = nine.reduce((a, d, i) => a + d * w[i], 0) % 11;
  return c === 10 ? null : [...nine, c].join("");
}

describe("NIP checksum", () => {
  it("accepts real-format numbers and their typed variants", () => {
    expect(isValidNip("1234563218")).toBe(true);
    expect(isValidNip("123-456-32-18")).toBe(true);
    expect(isValidNip("PL 123 456 32 18")).toBe(true);
    expect(isValidNip("5260250274")).toBe(true); // Ministry of Finance's own NIP
  });

  it("rejects a wrong check digit, wrong length and letters", () => {
    expect(isValidNip("1234563219")).toBe(false);
    expect(isValidNip("123456321")).toBe(false);
    expect(isValidNip("12345632189")).toBe(false);
    expect(isValidNip("12345632a8")).toBe(false);
    expect(isValidNip("")).toBe(false);
  });

  it("accepts every number built with the checksum and rejects every other last digit", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (nine) => {
        const nip = withChecksum(nine);
        if (nip === null) {
          for (let d = 0; d <= 9; d++) expect(isValidNip(nine.join("") + d)).toBe(false);
          return;
        }
        expect(isValidNip(nip)).toBe(true);
        const wrong = (Number(nip[9]) + 1 + Math.floor(Math.random() * 9)) % 10;
        expect(isValidNip(nip.slice(0, 9) + wrong)).toBe(false);
      }),
    );
  });

  it("normalizes and formats", () => {
    expect(normalizeNip(" pl123-456-32-18 ")).toBe("1234563218");
    expect(formatNip("1234563218")).toBe("123-456-32-18");
  });
});
