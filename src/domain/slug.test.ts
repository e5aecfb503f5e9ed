import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  makePath,
  makeSlug,
  modelListPath,
  offerPath,
  offerSlug,
  parseOfferPath,
  slugify,
  transliterate,
} from "./slug";

describe("transliterate", () => {
  it("turns every Polish letter into ASCII", () => {
    expect(transliterate("ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ")).toBe("acelnoszz ACELNOSZZ");
    expect(transliterate("Škoda Citroën")).toBe("Skoda Citroen");
  });
});

describe("makeSlug", () => {
  it("is lower-case with spaces turned to hyphens (spec: /marki/{make})", () => {
    expect(makeSlug("AUDI")).toBe("audi");
    expect(makeSlug("MERCEDES-BENZ")).toBe("mercedes-benz");
    expect(makeSlug("Land Rover")).toBe("land-rover");
    expect(makeSlug("Alfa Romeo")).toBe("alfa-romeo");
    expect(makeSlug("Škoda")).toBe("skoda");
    expect(makePath("Mercedes-Benz")).toBe("/marki/mercedes-benz");
  });
});

describe("offer addresses", () => {
  it("builds the detail path of each sale type", () => {
    expect(offerPath({ saleType: "new", make: "Toyota", model: "Corolla", id: 12 })).toBe(
      "/nowe-samochody/toyota-corolla-id-12",
    );
    expect(offerPath({ saleType: "afterLease", make: "Škoda", model: "Octavia Combi", id: 7 })).toBe(
      "/samochody-poleasingowe/skoda-octavia-combi-id-7",
    );
    expect(offerPath({ saleType: "auction", make: "Mercedes-Benz", model: "Klasa E", id: 3 })).toBe(
      "/aukcje-samochodowe/mercedes-benz-klasa-e-id-3",
    );
  });

  it("transliterates and collapses punctuation", () => {
    expect(offerSlug("Citroën", "ë-C4  X")).toBe("citroen-e-c4-x");
    expect(modelListPath("Volkswagen", "ID.4")).toBe("/volkswagen-id-4");
    expect(slugify("  --Łódź!!  ")).toBe("lodz");
  });

  it("reads a detail path back, whatever the slug", () => {
    expect(parseOfferPath("/nowe-samochody/toyota-corolla-id-12")).toEqual({
      saleType: "new",
      slug: "toyota-corolla",
      id: 12,
    });
    expect(parseOfferPath("/aukcje-samochodowe/zly-slug-id-3")?.id).toBe(3);
    expect(parseOfferPath("/samochody-poleasingowe/id-5")).toEqual({
      saleType: "afterLease",
      slug: "",
      id: 5,
    });
    expect(parseOfferPath("/inne/toyota-id-1")).toBeNull();
    expect(parseOfferPath("/nowe-samochody/toyota-corolla")).toBeNull();
    expect(parseOfferPath("/nowe-samochody/toyota-id-0")).toBeNull();
  });

  it("round-trips any make and model through path and parse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("new", "afterLease", "auction" as const),
        fc.string(),
        fc.string(),
        fc.integer({ min: 1, max: 999_999_999 }),
        (saleType, make, model, id) => {
          const path = offerPath({ saleType, make, model, id });
          expect(path).toMatch(/^\/[a-z-]+\/([a-z0-9-]+-)?id-\d+$/);
          expect(parseOfferPath(path)).toEqual({ saleType, slug: offerSlug(make, model), id });
        },
      ),
    );
  });
});
