import { describe, expect, it } from "vitest";
import { addressWithoutControlCharacters, canonicalPageAddress } from "./page-address";

describe("addressWithoutControlCharacters", () => {
  it("is null for a clean address, encoded Polish letters and plus signs included", () => {
    expect(addressWithoutControlCharacters("/lista-pojazdow?search=%C5%BC%C3%B3%C5%82ty+golf")).toBeNull();
    expect(addressWithoutControlCharacters("/marki/%C5%A0koda")).toBeNull();
    expect(addressWithoutControlCharacters("/bad%zz")).toBeNull();
  });

  it("takes control characters out of the path and the query", () => {
    expect(addressWithoutControlCharacters("/lista-pojazdow?search=%00")).toBe("/lista-pojazdow?search=");
    expect(addressWithoutControlCharacters("/marki/Au%07di?x=1")).toBe("/marki/Audi?x=1");
    expect(addressWithoutControlCharacters("/a?q=g%00olf&makes=BMW")).toBe("/a?q=golf&makes=BMW");
    // In a search's words the character stood between two words (pasted): they stay two words.
    expect(addressWithoutControlCharacters("/lista-pojazdow?search=bmw%00x1")).toBe(
      "/lista-pojazdow?search=bmw+x1",
    );
  });
});

describe("canonicalPageAddress", () => {
  const offers = async (id: number) => (id === 7 ? "/nowe-samochody/skoda-octavia-id-7" : null);
  const canonical = (url: string) => canonicalPageAddress(url, offers);

  it("is null for an address already in its one spelling, encoded text included", async () => {
    for (const url of ["/", "/lista-pojazdow?search=Golf", "/leasing-BEZ-OBAW", "/marki/skoda", "/bad%zz"])
      expect(await canonical(url)).toBeNull();
  });

  it("lower-cases the path, keeps the query, and cleans control characters in the same step", async () => {
    expect(await canonical("/LISTA-POJAZDOW?search=Golf")).toBe("/lista-pojazdow?search=Golf");
    expect(await canonical("/Kontakt%00?a=%01B")).toBe("/kontakt?a=B");
    expect(await canonical("/leasing-bez-obaw")).toBe("/leasing-BEZ-OBAW");
  });

  it("gives a make its slug and an offer its canonical address", async () => {
    expect(await canonical("/marki/%C5%A0koda?page=2")).toBe("/marki/skoda?page=2");
    expect(await canonical("/marki/Land%20Rover")).toBe("/marki/land-rover");
    expect(await canonical("/NOWE-SAMOCHODY/X-id-7")).toBe("/nowe-samochody/skoda-octavia-id-7");
    expect(await canonical("/NOWE-SAMOCHODY/X-id-8")).toBe("/nowe-samochody/x-id-8");
    // A make by the name people use for it.
    expect(await canonical("/marki/Mercedes")).toBe("/marki/mercedes-benz");
    expect(await canonical("/marki/mercedes-benz")).toBeNull();
  });

  it("leaves tokens, built files, addresses that redirect by themselves and React Router's own requests", async () => {
    for (const url of [
      "/alert/aktywacja=AbC",
      "/panel/ustaw-haslo/AbC",
      "/assets/A-B1.js",
      "/AfterLease/5",
      "/ContactForm",
      // React Router's data and manifest requests follow the page's spelling as it is.
      "/leasing-BEZ-OBAW.data",
      "/__manifest?p=%2FLeasing",
    ])
      expect(await canonical(url)).toBeNull();
  });
});
