import { describe, expect, it } from "vitest";
import { addressWithoutControlCharacters } from "./page-address";

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
  });
});
