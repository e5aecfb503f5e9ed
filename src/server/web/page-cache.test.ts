import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./cached-pages";
import { type CachedPage, compressPage, PageCache, pageKey, tagsFor } from "./page-cache";

const stored = (html: string, path: string, storedAt = 0): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  tags: tagsFor(path),
  storedAt,
  ...compressPage(html),
});

function cache(opts: Partial<{ maxBytes: number; maxAgeMs: number }> = {}) {
  let now = 1_000;
  const c = new PageCache({
    maxBytes: opts.maxBytes ?? 1e6,
    maxAgeMs: opts.maxAgeMs ?? 60_000,
    now: () => now,
  });
  return { c, at: (t: number) => (now = t) };
}

describe("page keys and tags", () => {
  it("sorts the query and keeps the path as requested", () => {
    expect(pageKey("/lista-pojazdow?sort=priceAsc&makes=Audi")).toBe(
      "/lista-pojazdow?makes=Audi&sort=priceAsc",
    );
    expect(pageKey("/faq")).toBe("/faq");
  });

  it("keys the search box's text as the list reads it", () => {
    const key = "/lista-pojazdow?makes=Audi&search=skoda+octavia";
    expect(pageKey("/lista-pojazdow?search=skoda%20octavia&makes=Audi")).toBe(key);
    expect(pageKey("/lista-pojazdow?search=++skoda+++octavia+&makes=Audi")).toBe(key);
    expect(pageKey("/lista-pojazdow?makes=Audi&search=skoda+octavia&search=kia")).toBe(key);
    expect(pageKey("/lista-pojazdow?search=+&makes=Audi")).toBe("/lista-pojazdow?makes=Audi");
    expect(pageKey("/lista-pojazdow?search=Octavia")).not.toBe(pageKey("/lista-pojazdow?search=Kodiaq"));
  });

  it("tells which pages a bid can change", () => {
    expect(tagsFor("/aukcje-samochodowe/skoda-octavia-id-12")).toEqual(["auctions"]);
    expect(tagsFor("/samochody-poleasingowe/skoda-octavia-id-13")).toEqual([]);
    expect(tagsFor("/")).toEqual(["lists"]);
    expect(tagsFor("/aukcje-samochodowe")).toEqual(["lists"]);
  });
});

describe("PageCache", () => {
  it("keeps the total size under its bound, dropping the least recently used page", () => {
    const { c } = cache({ maxBytes: 19_000 });
    // About 4.6 KB each with their compressed copies: four fit, a fifth pushes one out.
    const big = (n: number) => stored(`<p>${"x".repeat(4_000)}${n}</p>`, `/p${n}`);
    for (const n of [1, 2, 3, 4]) expect(c.set(`/p${n}`, big(n), c.ticket())).toBe(true);
    c.get("/p1"); // /p1 is now the most recently used
    c.set("/p5", big(5), c.ticket());
    expect(c.size.bytes).toBeLessThanOrEqual(19_000);
    expect(c.get("/p2")).toBeUndefined();
    expect(c.get("/p1")).toBeDefined();
    expect(c.get("/p5")).toBeDefined();
  });

  it("drops lists and auction pages on a bid, keeps other offers' pages", () => {
    const { c } = cache();
    for (const path of ["/", "/aukcje-samochodowe/a-id-1", "/nowe-samochody/b-id-2"]) {
      c.set(path, stored(path, path), c.ticket());
    }
    c.invalidate({ scope: "auction", auctionId: 1 });
    expect(c.get("/")).toBeUndefined();
    expect(c.get("/aukcje-samochodowe/a-id-1")).toBeUndefined();
    expect(c.get("/nowe-samochody/b-id-2")).toBeDefined();
    c.invalidate({ scope: "all" });
    expect(c.size.pages).toBe(0);
  });

  it("does not store a render that began before an invalidation of its pages", () => {
    const { c } = cache();
    const listTicket = c.ticket();
    const detailTicket = c.ticket();
    c.invalidate({ scope: "auction", auctionId: 1 });
    expect(c.set("/", stored("stale", "/"), listTicket)).toBe(false);
    // A bid does not change the page of an offer that is not an auction.
    expect(c.set("/nowe-samochody/b-id-2", stored("ok", "/nowe-samochody/b-id-2"), detailTicket)).toBe(true);
    const before = c.ticket();
    c.invalidate({ scope: "all" });
    expect(c.set("/nowe-samochody/b-id-2", stored("stale", "/nowe-samochody/b-id-2"), before)).toBe(false);
  });

  it("empties itself when the clock passes the next time boundary", () => {
    const { c, at } = cache();
    const ticket = c.ticket();
    c.set("/", stored("home", "/"), ticket);
    c.setValidUntil(5_000);
    at(4_999);
    expect(c.get("/")).toBeDefined();
    at(5_000);
    expect(c.get("/")).toBeUndefined();
    expect(c.needsValidUntil).toBe(true);
    // A render that started before the boundary is older than what pages show after it.
    expect(c.set("/", stored("home", "/"), ticket)).toBe(false);
  });

  it("keeps no page longer than its maximum age", () => {
    const { c, at } = cache({ maxAgeMs: 1_000 });
    c.set("/faq", stored("faq", "/faq", 1_000), c.ticket());
    at(1_999);
    expect(c.get("/faq")).toBeDefined();
    at(2_000);
    expect(c.get("/faq")).toBeUndefined();
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});
