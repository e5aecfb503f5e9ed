import { describe, expect, it } from "vitest";
import { MAKES } from "../server/seed/catalogue/models";
import { MAKE_SPELLINGS, resolveMake, unknownMakeMessage } from "./make-names";

describe("makes from the vocabulary", () => {
  it("maps spelling, case and everyday variants to the brand's own spelling", () => {
    const cases: [string, string][] = [
      ["volkswagen", "Volkswagen"],
      ["VOLKSWAGEN", "Volkswagen"],
      ["VW", "Volkswagen"],
      ["Mercedes", "Mercedes-Benz"],
      ["mercedes benz", "Mercedes-Benz"],
      ["Skoda", "Škoda"],
      ["ŠKODA", "Škoda"],
      ["Citroen", "Citroën"],
      ["alfa romeo", "Alfa Romeo"],
      ["Alfa", "Alfa Romeo"],
      ["LandRover", "Land Rover"],
      ["  bmw ", "BMW"],
    ];
    for (const [given, make] of cases) expect(resolveMake(given), given).toEqual({ make });
  });

  it("refuses an unknown make, suggesting the nearest one only when it is close", () => {
    expect(resolveMake("Wolkswagen")).toEqual({ make: null, suggestion: "Volkswagen" });
    expect(resolveMake("Toyta")).toEqual({ make: null, suggestion: "Toyota" });
    expect(resolveMake("<b>VW</b>")).toEqual({ make: null, suggestion: null });
    expect(resolveMake("Trabant")).toEqual({ make: null, suggestion: null });
    expect(resolveMake("")).toEqual({ make: null, suggestion: null });
    expect(unknownMakeMessage("Wolkswagen", "Volkswagen")).toBe(
      "nieznana marka „Wolkswagen”. Czy chodziło o „Volkswagen”? Markę spoza słownika najpierw dodaje administrator w panelu (Marki).",
    );
  });

  it("knows a make an administrator added, in its spelling", () => {
    expect(resolveMake("AIWAYS", ["Aiways"])).toEqual({ make: "Aiways" });
    expect(resolveMake("aiways")).toMatchObject({ make: null });
  });

  it("covers every make of the demo catalogue", () => {
    for (const { make } of MAKES) expect(resolveMake(make), make).toEqual({ make });
    expect(MAKE_SPELLINGS.length).toBeGreaterThanOrEqual(MAKES.length);
  });
});
