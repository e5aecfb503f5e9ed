import { describe, expect, it } from "vitest";
import { antiSnipingText } from "./anti-sniping-text";

describe("anti-sniping text", () => {
  it("says the configured window and extension in Polish words", () => {
    expect(antiSnipingText(120, 120)).toBe(
      "Oferta złożona w ostatnich 2 minutach przed końcem przedłuża aukcję do 2 minut od tej oferty.",
    );
    expect(antiSnipingText(60, 300)).toBe(
      "Oferta złożona w ostatniej minucie przed końcem przedłuża aukcję do 5 minut od tej oferty.",
    );
    expect(antiSnipingText(90, 60)).toBe(
      "Oferta złożona w ostatnich 90 sekundach przed końcem przedłuża aukcję do 1 minuty od tej oferty.",
    );
    expect(antiSnipingText(30, 45)).toBe(
      "Oferta złożona w ostatnich 30 sekundach przed końcem przedłuża aukcję do 45 sekund od tej oferty.",
    );
    expect(antiSnipingText(0, 120)).toMatch(/nie przedłużają/);
  });
});
