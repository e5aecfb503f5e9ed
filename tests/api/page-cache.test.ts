import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { banners, offers } from "../../src/server/db/schema/core";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { PUBLIC_PAGE } from "../../src/web/lib/cache-headers";
import { startApiServer, type TestServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { insertCatalogue } from "../support/catalogue-fixtures";
import { fleetCar } from "../support/fleet-fixtures";

// The page cache for anonymous visitors (ADR 018) on the production build of the web app: what is
// stored, for whom, in which encodings, and that every change of what a page shows reaches the next
// request of that page.

const KEY = "klucz-systemu-flotowego-0123456789";
let server: TestServer;
const db = () => server.services.db;

beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" }, { web: true });
  await seedContent(server.services.database);
  await seedCalculatorProperties(db(), DEFAULT_CALCULATOR_PROPERTIES);
  await insertCatalogue(db());
  // The fixtures' ended auction is settled now, not by the closer's poll in the middle of a test
  // (a settlement is a change every page may show), and the fixtures' own changes reach the page
  // cache before the first page is stored.
  await server.services.auctions.closer.tick();
  await server.services.changes.caughtUp(db());
}, 120_000);
afterAll(() => server?.close());

/**
 * Every answer is read whole before the test looks at it: a body left unread keeps the server's
 * response open, and closing the server then waits for it.
 */
async function buffered(res: Response): Promise<Response> {
  const body = await res.arrayBuffer();
  return new Response(res.status === 304 ? null : body, { status: res.status, headers: res.headers });
}

const page = async (path: string, headers: Record<string, string> = {}) =>
  buffered(await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity", ...headers } }));

/**
 * A change reaches the cache by its notification: on PGlite before the write's answer, on PostgreSQL
 * a moment after the commit, on its own connection (ADR 018). Tests take the next request once it has.
 */
const delivered = () => server.services.changes.caughtUp(db());

const admin = async (path: string, method: string, json?: unknown) =>
  buffered(
    await fetch(`${server.url}/api/Admin${path}`, {
      method,
      body: json === undefined ? undefined : JSON.stringify(json),
      headers: {
        authorization: `Bearer ${KEY}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
    }),
  ).finally(delivered);

/** Fetches a page until it is served from the cache (the first request stores it). */
async function cached(path: string): Promise<Response> {
  const first = await page(path);
  expect(first.status).toBe(200);
  await first.text();
  const second = await page(path);
  expect(second.headers.get("x-page-cache")).toBe("hit");
  return second;
}

describe("what is stored and for whom", () => {
  it("stores a public page on its first anonymous request and serves it with an ETag and 304", async () => {
    const first = await page("/samochody-poleasingowe?page=1");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const body = await first.text();
    const second = await page("/samochody-poleasingowe?page=1");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    const etag = second.headers.get("etag") as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page("/samochody-poleasingowe?page=1", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers every content page and both confirmations as a public page a shared cache may keep", async () => {
    for (const path of ["/kontakt", "/oferta", "/finansowanie", "/wyslano-pomyslnie", "/przeslano-numer"]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(PUBLIC_PAGE);
    }
  });

  it("shows each confirmation's own words, canonical address and noindex, at any letter case", async () => {
    const screens = [
      ["/wyslano-pomyslnie", "Dziękujemy! Twoje zapytanie zostało wysłane.", "Zapytanie wysłane"],
      ["/przeslano-numer", "Dziękujemy! Otrzymaliśmy Twój numer telefonu.", "Numer telefonu przesłany"],
    ];
    for (const [path, heading, title] of screens) {
      for (const asked of [path, `${path.toUpperCase()}/`]) {
        const html = await (await page(asked)).text();
        expect(html, asked).toContain(`<h1 class="mt-6 text-3xl font-bold text-slate-900">${heading}</h1>`);
        expect(html, asked).toContain(`<title>${title} | Flotis</title>`);
        const origin = server.services.config.publicUrl.replace(/\/$/, "");
        expect(html, asked).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
        expect(html, asked).toContain('<meta name="robots" content="noindex"/>');
      }
    }
  });

  it("keys pages by path and sorted query", async () => {
    await page("/nowe-samochody?sort=priceAsc&page=1").then((r) => r.text());
    const swapped = await page("/nowe-samochody?page=1&sort=priceAsc");
    expect(swapped.headers.get("x-page-cache")).toBe("hit");
  });

  it("never serves a signed-in visitor's request from the cache, nor stores it for anonymous ones", async () => {
    await cached("/nowe-samochody");
    const signedIn = await page("/nowe-samochody", { authorization: "Bearer abc" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    const withCookie = await page("/nowe-samochody", { cookie: "sesja=123" });
    expect(withCookie.headers.get("x-page-cache")).toBeNull();

    // The reverse: a page first rendered for a signed-in visitor is not what the next anonymous one gets.
    const first = await page("/faq", { authorization: "Bearer abc" });
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect((await page("/faq")).headers.get("x-page-cache")).toBe("miss");
  });

  it("does not store private pages, redirects or error pages other than 404", async () => {
    for (const path of ["/login", "/formularz-kontaktowy", "/ustawienia"]) {
      await page(path).then((r) => r.text());
      const again = await page(path);
      expect(again.headers.get("x-page-cache"), path).toBeNull();
      expect(again.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
    }
    const redirect = await buffered(await fetch(`${server.url}/marki/AUDI`, { redirect: "manual" }));
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("x-page-cache")).toBeNull();
    await page("/nie/ma-takiej-strony").then((r) => r.text());
    const missing = await page("/nie/ma-takiej-strony");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBe("hit");
  });

  it("sends brotli and gzip that decode to the same bytes as the plain page", async () => {
    const plain = await (await cached("/samochody-poleasingowe")).text();
    // fetch() decodes for us: ask node's http for the bytes as sent instead.
    const bytes = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${server.url}/samochody-poleasingowe`,
            { headers: { "accept-encoding": encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c) => chunks.push(c));
              res.on("end", () =>
                resolve({
                  encoding: res.headers["content-encoding"],
                  vary: res.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on("error", reject);
      });
    const br = await bytes("gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);
    const gz = await bytes("gzip");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain);
    const identity = await bytes("identity");
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(plain);
  });

  it("allows a stored page's inline scripts by hash and sends no nonce twice", async () => {
    const res = await cached("/marki");
    const html = await res.text();
    const csp = res.headers.get("content-security-policy") as string;
    expect(csp).not.toMatch(/nonce-/);
    expect(html).not.toMatch(/\snonce="/);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const hash = crypto.createHash("sha256").update(script).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  });

  it("carries the server's clock as of sending, also on a stored page", async () => {
    const res = await cached("/");
    const clock = /clock;desc=(\d+)/.exec(res.headers.get("server-timing") ?? "");
    expect(clock).not.toBeNull();
    expect(Math.abs(Number(clock?.[1]) - Date.now())).toBeLessThan(5_000);
  });
});

describe("for the operator", () => {
  it("counts hits, misses and the memory held on /metrics", async () => {
    const read = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1]);
      return {
        hits: value('flotis_page_cache_requests\\{result="hit"\\}'),
        misses: value('flotis_page_cache_requests\\{result="miss"\\}'),
        bytes: value("flotis_page_cache_bytes"),
      };
    };
    const before = await read();
    await page("/uslugi-dodatkowe?metryki=1");
    await page("/uslugi-dodatkowe?metryki=1");
    const after = await read();
    expect(after.misses).toBe(before.misses + 1);
    expect(after.hits).toBe(before.hits + 1);
    expect(after.bytes).toBeGreaterThan(0);
  });
});

describe("every change reaches the next request of the pages that show it", () => {
  it("a published offer appears on the list and the brands page", async () => {
    const before = await (await cached("/samochody-poleasingowe")).text();
    expect(before).not.toContain("Cupra");
    await cached("/marki");
    const published = await admin("/Offers", "POST", fleetCar({ Make: "Cupra", Model: "Formentor" }));
    expect(published.status).toBe(201);
    const after = await page("/samochody-poleasingowe");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Cupra");
    expect(await (await page("/marki")).text()).toContain("Cupra");
  });

  it("a new price shows on the offer's page, and withdrawal takes it off the list", async () => {
    const { Url, AuctionId } = await (await admin("/Offers", "POST", fleetCar({ Model: "XC40" }))).json();
    const before = await (await cached(Url)).text();
    expect(before).toMatch(/129[\s\u00a0]000/);
    expect(before).not.toMatch(/117[\s\u00a0]000/);
    await cached("/samochody-poleasingowe");
    const repriced = await admin(`/Offers/Prices?AuctionId=${AuctionId}`, "PUT", {
      TotalPriceNetto: 117_000,
      LeasePrice: 2_100,
    });
    expect(repriced.status).toBe(200);
    expect(await (await page(Url)).text()).toMatch(/117[\s\u00a0]000/);
    expect(await (await page("/samochody-poleasingowe")).text()).toContain("XC40");
    const withdrawn = await admin(`/Offers?AuctionId=${AuctionId}`, "DELETE");
    expect(withdrawn.status).toBe(200);
    expect(await (await page("/samochody-poleasingowe")).text()).not.toContain("XC40");
    expect((await page(Url)).status).toBe(404);
  });

  it("a bid shows on the auction's page and the auction list, and leaves other offers' pages stored", async () => {
    const auctionId = await createAuction(db(), { make: "Mazda", model: "CX-5", startingPrice: 51_000 });
    await delivered();
    const [auction] = await db().select().from(offers).where(eq(offers.id, auctionId));
    const path = `/aukcje-samochodowe/mazda-cx-5-id-${auction.id}`;
    expect(await (await cached(path)).text()).toMatch(/51[\s\u00a0]000/);
    await cached("/aukcje-samochodowe");
    const { Url: otherUrl } = await (await admin("/Offers", "POST", fleetCar({ Model: "S90" }))).json();
    await cached(otherUrl);

    const bidder = await createBidder(db());
    const token = await signIn(server.url, bidder);
    const placed = await bid(server.url, token, { AuctionId: auctionId, Price: 52_000 });
    await delivered();
    expect(placed.status).toBe(200);

    const detail = await page(path);
    expect(detail.headers.get("x-page-cache")).toBe("miss");
    expect(await detail.text()).toMatch(/52[\s\u00a0]000/);
    expect(await (await page("/aukcje-samochodowe")).text()).toMatch(/52[\s\u00a0]000/);
    expect((await page(otherUrl)).headers.get("x-page-cache")).toBe("hit");
  });

  it("a sold auction leaves the lists", async () => {
    const auctionId = await createAuction(db(), { make: "Kia", model: "Sportage" });
    await delivered();
    const bidder = await createBidder(db());
    const token = await signIn(server.url, bidder);
    expect((await bid(server.url, token, { AuctionId: auctionId, Price: 40_000 })).status).toBe(200);
    expect(await (await cached("/aukcje-samochodowe")).text()).toContain("Sportage");
    await db()
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 1000) })
      .where(eq(offers.id, auctionId));
    await server.services.auctions.closer.tick();
    await delivered();
    const [row] = await db().select().from(offers).where(eq(offers.id, auctionId));
    expect(row.status).toBe("sold");
    expect(await (await page("/aukcje-samochodowe")).text()).not.toContain("Sportage");
  });

  it("a banner edited in the database shows on the home page", async () => {
    const [banner] = await db()
      .insert(banners)
      .values({ placement: "home-slider", title: "Jesienna wyprzedaż SUV-ów", position: -1 })
      .returning();
    await delivered();
    expect(await (await cached("/")).text()).toContain("Jesienna wyprzedaż SUV-ów");
    await db().update(banners).set({ title: "Zimowe opony gratis" }).where(eq(banners.id, banner.id));
    await delivered();
    const home = await (await page("/")).text();
    expect(home).toContain("Zimowe opony gratis");
    expect(home).not.toContain("Jesienna wyprzedaż SUV-ów");
  });
});
