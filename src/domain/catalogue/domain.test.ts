import { describe, expect, it } from "vitest";
import { auctionPhase, countdownText, formatRemaining } from "./auction-state";
import { countOffers, formatApiDateTime, formatDateTime, formatPrice, parseApiDateTime } from "./format";
import { idFromSlug, offerPath } from "./offer-url";

const DAY = 86_400_000;

describe("Polish formats", () => {
  it("writes prices with a non-breaking space and whole złoty", () => {
    expect(formatPrice(129_900)).toBe("129\u00a0900\u00a0zł");
    expect(formatPrice(1499.4)).toBe("1\u00a0499\u00a0zł");
    expect(formatPrice(999)).toBe("999\u00a0zł");
  });
  it("chooses the plural form", () => {
    expect([1, 2, 5, 12, 22, 1000].map(countOffers)).toEqual([
      "1 oferta",
      "2 oferty",
      "5 ofert",
      "12 ofert",
      "22 oferty",
      "1\u00a0000 ofert",
    ]);
  });
  it("writes API and display dates in Polish time and reads them back", () => {
    const d = new Date("2020-09-24T19:50:00Z");
    expect(formatApiDateTime(d)).toBe("2020-09-24 21:50:00");
    expect(formatDateTime(d)).toBe("24.09.2020, 21:50");
    expect(parseApiDateTime("2020-09-24 21:50:00").toISOString()).toBe(d.toISOString());
    expect(parseApiDateTime("2021-01-07 10:00:00").toISOString()).toBe("2021-01-07T09:00:00.000Z");
  });
});

describe("auction states", () => {
  const start = new Date("2026-01-10T10:00:00Z");
  const end = new Date("2026-01-12T10:00:00Z");
  it("is upcoming, running, ending under 12 hours, then ended", () => {
    expect(auctionPhase(start, end, new Date("2026-01-09T10:00:00Z"))).toBe("upcoming");
    expect(auctionPhase(start, end, new Date("2026-01-11T10:00:00Z"))).toBe("running");
    expect(auctionPhase(start, end, new Date("2026-01-11T22:00:01Z"))).toBe("ending");
    expect(auctionPhase(start, end, end)).toBe("ended");
  });
  it("words the countdown as the spec does", () => {
    const fmt = (d: Date) => d.toISOString();
    expect(countdownText(start, end, new Date("2026-01-12T07:58:55Z"), fmt)).toEqual({
      phase: "ending",
      lead: "do końca aukcji pozostało",
      value: "2 h 01 m 05 s",
    });
    expect(countdownText(start, end, new Date("2026-01-09T10:00:00Z"), fmt).lead).toBe(
      "aukcja rozpocznie się za",
    );
    expect(countdownText(start, end, new Date("2026-02-01T00:00:00Z"), fmt)).toMatchObject({
      lead: "aukcja zakończona",
      value: end.toISOString(),
    });
    expect(formatRemaining(DAY + 5000)).toBe("1 d 0 h 00 m 05 s");
  });
});

describe("offer URLs", () => {
  it("builds the canonical path and reads the id back", () => {
    expect(offerPath("new", "Škoda", "Octavia Combi", 42)).toBe("/nowe-samochody/skoda-octavia-combi-id-42");
    expect(offerPath("auction", "Alfa Romeo", "Giulia", 7)).toBe(
      "/aukcje-samochodowe/alfa-romeo-giulia-id-7",
    );
    expect(idFromSlug("skoda-octavia-combi-id-42")).toBe(42);
    expect(idFromSlug("id-42")).toBe(42);
    expect(idFromSlug("skoda-octavia")).toBeNull();
    expect(idFromSlug("x-id-0")).toBeNull();
  });
});
