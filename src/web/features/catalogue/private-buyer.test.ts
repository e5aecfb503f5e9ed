import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PRIVATE_BUYER_FOR_MS,
  privateBuyerHref,
  privateBuyerRedirect,
  rememberBuyer,
  storedPrivateBuyer,
} from "./private-buyer";

/** The site's localStorage, as the browser gives it. */
function fakeWindow() {
  const items = new Map<string, string>();
  return {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
      removeItem: (k: string) => items.delete(k),
    },
    dispatchEvent: () => true,
  };
}

const at = (path: string) => new Request(`http://localhost${path}`);

describe("a private buyer's choice kept for the visit", () => {
  beforeEach(() => vi.stubGlobal("window", fakeWindow()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("lasts 12 hours from the last page opened as a private buyer, then the company view returns", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T08:00:00Z") });
    rememberBuyer(false);
    vi.advanceTimersByTime(PRIVATE_BUYER_FOR_MS - 60_000);
    expect(storedPrivateBuyer()).toBe(true);
    // A page opened as a private buyer renews the choice.
    expect(privateBuyerRedirect(at("/nowe-samochody?isCompany=false"))).toBeNull();
    vi.advanceTimersByTime(PRIVATE_BUYER_FOR_MS - 60_000);
    expect(storedPrivateBuyer()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(storedPrivateBuyer()).toBe(false);
    expect(privateBuyerRedirect(at("/nowe-samochody"))).toBeNull();
  });

  it("is kept when chosen and cleared by choosing a company", () => {
    expect(storedPrivateBuyer()).toBe(false);
    rememberBuyer(false);
    expect(storedPrivateBuyer()).toBe(true);
    rememberBuyer(true);
    expect(storedPrivateBuyer()).toBe(false);
  });

  it("sends an address that does not say who buys to the private buyer's, keeping the rest", () => {
    expect(privateBuyerRedirect(at("/nowe-samochody"))).toBeNull(); // nothing chosen yet
    rememberBuyer(false);
    const r = privateBuyerRedirect(at("/nowe-samochody?makes=Audi&page=2"));
    expect(r?.status).toBe(302);
    expect(r?.headers.get("Location")).toBe("/nowe-samochody?makes=Audi&page=2&isCompany=false");
    expect(privateBuyerRedirect(at("/nowe-samochody?isCompany=false"))).toBeNull();
  });

  it("takes an address that says who buys as the choice ('isCompany=true' ends the private view)", () => {
    expect(privateBuyerRedirect(at("/lista-pojazdow?isCompany=false"))).toBeNull();
    expect(storedPrivateBuyer()).toBe(true);
    expect(privateBuyerRedirect(at("/lista-pojazdow?isCompany=true"))).toBeNull();
    expect(storedPrivateBuyer()).toBe(false);
    expect(privateBuyerRedirect(at("/samochody-poleasingowe"))).toBeNull();
  });

  it("writes the private buyer into an offer's address with its fragment", () => {
    expect(
      privateBuyerHref({
        pathname: "/samochody-nowe/kia-ev6-id-7",
        search: "?od=leasing",
        hash: "#kalkulator",
      }),
    ).toBe("/samochody-nowe/kia-ev6-id-7?od=leasing&isCompany=false#kalkulator");
  });

  it("leaves the address alone where storage is refused (privacy mode)", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new Error("SecurityError");
      },
    });
    rememberBuyer(false);
    expect(storedPrivateBuyer()).toBe(false);
    expect(privateBuyerRedirect(at("/nowe-samochody"))).toBeNull();
  });
});
