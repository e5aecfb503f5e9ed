import { describe, expect, it } from "vitest";
import { permanentRedirects, permanentRedirectTarget } from "./redirects";

const at = (path: string) => permanentRedirectTarget(new URL(path, "http://localhost"));

describe("permanent redirects", () => {
  it("keeps the query string", () => {
    expect(at("/list?make=audi&page=2")).toBe("/lista-pojazdow?make=audi&page=2");
    expect(at("/activate-account?guid=abc")).toBe("/aktywuj-konto?guid=abc");
  });

  it("matches without regard to letter case or a trailing slash", () => {
    expect(at("/contactform")).toBe("/formularz-kontaktowy");
    expect(at("/CONTACTFORM/")).toBe("/formularz-kontaktowy");
  });

  it("leaves other paths alone", () => {
    expect(at("/lista-pojazdow")).toBeNull();
    expect(at("/list/extra")).toBeNull();
    expect(at("/")).toBeNull();
  });

  it("declares each source once and never points at another source", () => {
    const sources = permanentRedirects.map((r) => r.from.toLowerCase());
    expect(new Set(sources).size).toBe(sources.length);
    for (const r of permanentRedirects) expect(sources).not.toContain(r.to.toLowerCase());
  });
});
