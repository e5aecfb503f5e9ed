import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXEMPT_COMPANY_NIP,
  MISSING_COMPANY_NIP,
  REMOVED_COMPANY_NIP,
  type RegistryStandIn,
  startRegistryStandIn,
  YOUNG_COMPANY_NIP,
} from "../../../tests/support/registry-stand-in";
import { parseRegistryAddress, WhiteListRegistry } from "./company-registry";

let standIn: RegistryStandIn;
beforeAll(async () => {
  standIn = await startRegistryStandIn();
});
afterAll(() => standIn.close());

/** Asks the register (the stand-in unless told otherwise) about a NIP on 21 November 2026. */
const lookup = (nip: string, url = standIn.url, timeoutMs = 2000) =>
  new WhiteListRegistry(url, timeoutMs, () => new Date("2026-11-21T12:00:00Z")).lookupByNip(nip);

describe("VAT payer register client", () => {
  it("finds a company and splits its address", async () => {
    const registry = new WhiteListRegistry(standIn.url, 2000, () => new Date("2026-11-21T23:30:00Z"));
    const r = await registry.lookupByNip("1234563218");
    expect(r).toEqual({
      status: "found",
      company: {
        Nip: "1234563218",
        CompanyName: "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
        Regon: "123456785",
        Street: "ul. Jana Pawła II 5/7",
        PostalCode: "90-001",
        City: "Łódź",
        VatStatus: "Czynny",
        RegisteredOn: "2015-03-10",
        RemovedOn: null,
        LegalForm: "spzoo",
      },
    });
    // The register is asked about today in Poland (already the 22nd there at 23:30 UTC).
    expect(standIn.requests.at(-1)).toEqual({ nip: "1234563218", date: "2026-11-22" });
  });

  it("uses the residence address when there is no working address", async () => {
    const r = await lookup("5260250274");
    expect(r.status === "found" && r.company).toMatchObject({
      Street: "Świętokrzyska 12",
      PostalCode: "00-916",
      City: "Warszawa",
    });
  });

  it("gives the registration date, a removal and the legal form of the leasing application's cases", async () => {
    const young = await lookup(YOUNG_COMPANY_NIP);
    // Three months before the day asked about (21 November 2026).
    expect(young.status === "found" && young.company).toMatchObject({
      VatStatus: "Czynny",
      RegisteredOn: "2026-08-21",
      RemovedOn: null,
      LegalForm: "spzoo",
    });
    const exempt = await lookup(EXEMPT_COMPANY_NIP);
    expect(exempt.status === "found" && exempt.company).toMatchObject({
      VatStatus: "Zwolniony",
      LegalForm: "jdg",
    });
    const removed = await lookup(REMOVED_COMPANY_NIP);
    expect(removed.status === "found" && removed.company).toMatchObject({
      VatStatus: "Niezarejestrowany",
      RemovedOn: "2025-09-30",
      LegalForm: "spj",
    });
    expect(await lookup(MISSING_COMPANY_NIP)).toEqual({ status: "not-found" });
  });

  it("reports an unknown NIP as not found", async () => {
    expect(await lookup("1111111111")).toEqual({ status: "not-found" });
  });

  it("reports the register's own errors and an unreachable register as unavailable", async () => {
    const bad = await lookup("123");
    expect(bad).toMatchObject({ status: "unavailable", reason: expect.stringContaining("WL-113") });
    const down = await lookup("1234563218", "http://127.0.0.1:9", 1000);
    expect(down.status).toBe("unavailable");
  });

  it("keeps an address it cannot split as the street", () => {
    expect(parseRegistryAddress("Rynek 1 Kraków")).toEqual({
      Street: "Rynek 1 Kraków",
      PostalCode: "",
      City: "",
    });
    expect(parseRegistryAddress(null)).toEqual({ Street: "", PostalCode: "", City: "" });
  });
});
