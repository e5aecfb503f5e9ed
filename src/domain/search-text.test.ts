import { describe, expect, it } from "vitest";
import { DOCUMENTS, documentByFileName } from "./documents";
import { makeSlug } from "./make-slug";
import { matchesQuery, normalizeForSearch } from "./search-text";

describe("normalizeForSearch / matchesQuery", () => {
  it("ignores case and Polish diacritics", () => {
    expect(normalizeForSearch("Dopłata  ŁÓDŹ źdźbło")).toBe("doplata lodz zdzblo");
    expect(matchesQuery("Jak uzyskać dopłatę do auta?", "DOPLATE")).toBe(true);
  });

  it("needs every word of the query, in any order", () => {
    expect(matchesQuery("Zwrot samochodu poleasingowego w ciągu 7 dni", "dni zwrot")).toBe(true);
    expect(matchesQuery("Zwrot samochodu poleasingowego w ciągu 7 dni", "zwrot aukcja")).toBe(false);
    expect(matchesQuery("cokolwiek", "   ")).toBe(true);
  });
});

describe("makeSlug", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(makeSlug("Alfa Romeo")).toBe("alfa-romeo");
    expect(makeSlug("AUDI")).toBe("audi");
    expect(makeSlug(" Land  Rover ")).toBe("land-rover");
  });
});

describe("documents", () => {
  it("finds a published document by its file name and nothing else", () => {
    expect(documentByFileName("regulamin-aukcji.pdf")).toBe(DOCUMENTS.auctionRules);
    expect(documentByFileName("regulamin-aukcji")).toBeUndefined();
    expect(documentByFileName("../etc/passwd")).toBeUndefined();
  });
});
