import { describe, expect, it } from "vitest";
import { auctionPhase, countdownText, formatRemaining } from "./auction-state";
import { idFromSlug, offerPath } from "./offer-url";

const DAY = 86_400_000;

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
