import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { offerPath } from "../../src/domain/catalogue/offer-url";
import { todayInPoland } from "../../src/domain/polish-time";
import { isBotAgent, visitedOffer } from "../../src/server/catalogue/offer-visits";
import { seedContent } from "../../src/server/content/seed";
import { offers, offerVisits } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { offerRow } from "../support/catalogue-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// Visits of the offers' pages (ADR 065): counted where the server answers the page, stored pages of
// the page cache too, without crawlers and prefetches, kept in memory and written in one statement per
// flush; the dashboard charts them per day and names the most visited offers, with tables and CSV.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  // The timer never flushes during a test: the test flushes when it looks.
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", OFFER_VISITS_FLUSH_SECONDS: "3600" },
    { web: true, clock },
  );
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function car(model: string) {
  const { description: _d, equipment: _e, ...row } = offerRow({ make: "Kia", model, status: "active" });
  const [o] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
  return { id: o.id, path: offerPath("new", "Kia", model, o.id) };
}

const visit = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
  const res = await fetch(`${server.url}${path}`, { method, headers: { "user-agent": BROWSER, ...headers } });
  await res.arrayBuffer();
  return res;
};

const stored = async (id: number, day: string) =>
  (
    await server.services.db
      .select()
      .from(offerVisits)
      .where(and(eq(offerVisits.offerId, id), eq(offerVisits.day, day)))
  )[0]?.visits ?? 0;

describe("the visit counter's rules", () => {
  it("tells crawlers and scripts by their user agent, and an offer's page (or its route data) by its path", () => {
    for (const bot of [
      undefined,
      "",
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0)",
      "facebookexternalhit/1.1",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0",
      "curl/8.5.0",
      "node",
    ])
      expect(isBotAgent(bot), String(bot)).toBe(true);
    expect(isBotAgent(BROWSER)).toBe(false);
    expect(isBotAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1")).toBe(false);
    expect(visitedOffer("/nowe-samochody/kia-niro-id-12")).toBe(12);
    expect(visitedOffer("/samochody-poleasingowe/kia-niro-id-7.data?_routes=x")).toBe(7);
    expect(visitedOffer("/aukcje-samochodowe/id-3?utm_source=x")).toBe(3);
    expect(visitedOffer("/nowe-samochody")).toBeNull();
    expect(visitedOffer("/panel/oferty/12")).toBeNull();
  });
});

describe("offer page visits", () => {
  it("counts people's visits, stored pages too, in memory until one write adds them up", async () => {
    const niro = await car("Niro");
    const ev3 = await car("EV3");
    const today = todayInPoland(clock.now());
    const first = await visit(niro.path);
    expect(first.status).toBe(200);
    const again = await visit(niro.path);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    await visit(`${niro.path}.data`);
    await visit(niro.path, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await visit(niro.path, { "sec-purpose": "prefetch" });
    await visit(niro.path, {}, "HEAD");
    await visit(ev3.path);
    await visit("/nowe-samochody/kia-niro-id-999999");
    // Nothing is written while the pages are answered.
    expect(await stored(niro.id, today)).toBe(0);

    await server.services.offerVisits.flush();
    expect(await stored(niro.id, today)).toBe(3);
    expect(await stored(ev3.id, today)).toBe(1);
    expect(
      await server.services.db.select().from(offerVisits).where(eq(offerVisits.offerId, 999999)),
    ).toEqual([]);
    // A second flush adds to the day's count (another process writes into the same rows).
    await visit(niro.path);
    await server.services.offerVisits.flush();
    expect(await stored(niro.id, today)).toBe(4);
    // An empty flush writes nothing.
    expect(await server.services.offerVisits.flush()).toBe(0);
  });

  it("are charted on the dashboard per day and by offer, each with its table and CSV", async () => {
    const today = todayInPoland(clock.now());
    const [y, m, d] = today.split("-").map(Number);
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    const sportage = await car("Sportage");
    await server.services.db
      .insert(offerVisits)
      .values({ offerId: sportage.id, day: yesterday, visits: 250 });
    for (let i = 0; i < 2; i++) await visit(sportage.path);
    await server.services.offerVisits.flush();

    const sales = await signedIn("sales");
    const range = `od=${yesterday}&do=${today}`;
    const page = await (await send(sales.browser, `/panel/statystyki?${range}`)).text();
    expect(page).toContain("Odwiedziny stron ofert dziennie");
    expect(page).toContain("Najczęściej odwiedzane oferty (10 pierwszych)");
    expect(page).toContain(`nr ${sportage.id}: Kia Sportage`);
    expect(page).toContain(`/panel/statystyki.csv?wykres=oferty&amp;${range.replace("&", "&amp;")}`);

    const top = Papa.parse<string[]>(
      (await (await send(sales.browser, `/panel/statystyki.csv?wykres=oferty&${range}`)).text()).replace(
        /^\uFEFF/,
        "",
      ),
      { delimiter: ";" },
    ).data;
    expect(top[0]).toEqual(["Oferta", "Numer", "Rodzaj", "Odwiedziny", "Udział wśród pokazanych (%)"]);
    expect(top[1].slice(0, 4)).toEqual([
      "Kia Sportage 1.8 Hybrid Comfort",
      String(sportage.id),
      "nowy",
      "252",
    ]);
    const perDay = (
      await (await send(sales.browser, `/panel/statystyki.csv?wykres=odwiedziny&${range}`)).text()
    )
      .trim()
      .split(/\r?\n/);
    expect(perDay).toHaveLength(3);
    expect(perDay[1]).toMatch(/;250$/);
    // Today: the two Sportage visits and those of the test before.
    expect(Number(perDay[2].split(";")[1])).toBeGreaterThanOrEqual(2);
  });
});
