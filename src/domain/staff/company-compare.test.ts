import { describe, expect, it } from "vitest";
import { companyText, sameCompanyText } from "./company-compare";

describe("comparing a company's typed data with the VAT register", () => {
  it("reads capitals and spelled-out legal forms as the abbreviations people type", () => {
    expect(
      sameCompanyText(
        "Transport Nowak sp. z o.o.",
        "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
      ),
    ).toBe(true);
    expect(sameCompanyText("Hurtownia Kowalski Sp.J.", "HURTOWNIA KOWALSKI SPÓŁKA JAWNA")).toBe(true);
    expect(sameCompanyText("Auto-Flota S.A.", "AUTO-FLOTA SPÓŁKA AKCYJNA")).toBe(true);
    expect(sameCompanyText("„Zielony Dom” sp. k.", "ZIELONY DOM SPÓŁKA KOMANDYTOWA")).toBe(true);
  });

  it("reads a street with or without its 'ul.'", () => {
    expect(sameCompanyText("ul. Jana Pawła II 5/7", "Jana Pawła II 5/7")).toBe(true);
    expect(companyText("  UL.  Polna   3 ")).toBe("polna 3");
  });

  it("tells different names and legal forms apart", () => {
    expect(
      sameCompanyText(
        "Transport Nowak sp. z o.o.",
        "TRANSPORT KOWAL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
      ),
    ).toBe(false);
    expect(
      sameCompanyText("Transport Nowak sp. j.", "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ"),
    ).toBe(false);
    expect(sameCompanyText("Sauna Kowalski", "SAUNA KOWALSKI SPÓŁKA AKCYJNA")).toBe(false);
    expect(sameCompanyText("", null)).toBe(true);
  });
});
