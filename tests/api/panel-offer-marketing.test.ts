import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { offerPath } from "../../src/domain/catalogue/offer-url";
import { seedContent } from "../../src/server/content/seed";
import { offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { offerRow } from "../support/catalogue-fixtures";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// Marketing labels and special promotions (the spec's MarketingLabels and SpecialPromotions): set by
// the fleet API when it publishes, edited on an offer's page in the panel and in bulk from the offer
// list (a preview, then the change), with one set of rules, audited, and on the public pages at once
// even when the page was cached.

const KEY = "klucz-systemu-flotowego-0123456789";
const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" },
    { web: true, clock },
  );
  // The public offer page needs the site's texts and the calculator's settings.
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

const publishFleet = (json: unknown) =>
  fetch(`${server.url}/api/Admin/Offers`, {
    method: "POST",
    body: JSON.stringify(json),
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
  });

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
  return f;
};

/** Cars on sale of one model (a search finds just them). */
async function cars(model: string, n: number, over: Partial<typeof offers.$inferInsert> = {}) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const {
      description: _d,
      equipment: _e,
      ...row
    } = offerRow({ make: "Kia", model, status: "active", ...over });
    const [o] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    ids.push(o.id);
  }
  return ids;
}

const stored = async (id: number) =>
  (await server.services.db.select().from(offers).where(eq(offers.id, id)))[0];

/** An offer's public tile as the catalogue API gives it, once this process has seen every change. */
async function tile(id: number) {
  await server.services.changes.caughtUp(server.services.db);
  const res = await fetch(`${server.url}/api/OfferDetails/NewVehicles?AuctionId=${id}`);
  return res.json();
}

/** An offer's public page, read as an anonymous visitor (the page cache stores it). */
async function publicPage(path: string) {
  await server.services.changes.caughtUp(server.services.db);
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return { cache: res.headers.get("x-page-cache"), html: await res.text() };
}

describe("the fleet API's labels and promotions", () => {
  it("publishes them with the offer; a colour a white label would be unreadable on is a 400 naming the field", async () => {
    const label = { Text: "Niski przebieg", Color: "#B45309" };
    const promotion = { Text: "Opony zimowe gratis", TextColor: "#ffffff", BackgroundColor: "#0f3f9e" };
    const res = await publishFleet(
      fleetCar({ Vin: "YV1ZWK8V0P2000101", MarketingLabels: [label], SpecialPromotions: [promotion] }),
    );
    expect(res.status).toBe(201);
    const { AuctionId } = await res.json();
    expect(await stored(AuctionId)).toMatchObject({
      marketingLabels: [{ Text: "Niski przebieg", Color: "#b45309" }],
      specialPromotions: [{ ...promotion, PhotoLink: null }],
    });

    const pale = await publishFleet(
      fleetCar({ Vin: "YV1ZWK8V0P2000102", MarketingLabels: [{ Text: "Okazja", Color: "#fde68a" }] }),
    );
    expect(pale.status).toBe(400);
    expect((await pale.json()).ErrorMessage).toContain("MarketingLabels.0.Color");
    const same = await publishFleet(
      fleetCar({
        Vin: "YV1ZWK8V0P2000103",
        SpecialPromotions: [{ Text: "Gratis", TextColor: "#777777", BackgroundColor: "#888888" }],
      }),
    );
    expect(same.status).toBe(400);
    expect((await same.json()).ErrorMessage).toContain("SpecialPromotions.0.TextColor");
  });
});

describe("an offer's labels and promotions in the panel", () => {
  it("saves them from the offer's page, audited, and its public page shows them at once", async () => {
    const [id] = await cars("Niro", 1);
    const path = offerPath("new", "Kia", "Niro", id);
    const before = await publicPage(path);
    expect(before.html).not.toContain("Gwarancja 7 lat");
    expect((await publicPage(path)).cache).toBe("hit");

    const sales = await signedIn("sales");
    const refused = await send(
      sales.browser,
      `/panel/oferty/${id}`,
      form({ intent: "marketing", "Labels[0].Text": "Gwarancja 7 lat", "Labels[0].Color": "#ffff00" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Biały napis na tym kolorze byłby nieczytelny");

    const saved = await send(
      sales.browser,
      `/panel/oferty/${id}`,
      form({
        intent: "marketing",
        "Labels[0].Text": "Gwarancja 7 lat",
        "Labels[0].Color": "#1d4ed8",
        "Labels[1].Text": "",
        "Labels[1].Color": "#1d4ed8",
        "Promotions[0].Text": "Karta paliwowa 500 zł",
        "Promotions[0].TextColor": "#1f2937",
        "Promotions[0].BackgroundColor": "#fde68a",
        "Promotions[0].PhotoLink": "",
      }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Zapisano etykiety i promocje");
    const details = await tile(id);
    expect(JSON.parse(details.MarketingLabels)).toEqual([{ Text: "Gwarancja 7 lat", Color: "#1d4ed8" }]);
    expect(details.SpecialPromotions).toEqual([
      { Text: "Karta paliwowa 500 zł", TextColor: "#1f2937", BackgroundColor: "#fde68a", PhotoLink: null },
    ]);
    const after = await publicPage(path);
    expect(after.cache).toBe("miss");
    expect(after.html).toContain("Gwarancja 7 lat");
    expect(after.html).toContain("Karta paliwowa 500 zł");

    const [entry] = (await server.services.staff.audit({ entity: "offer", entityId: String(id) })).entries;
    expect(entry).toMatchObject({
      action: "offer.marketing",
      before: { labels: "–", promotions: "–" },
      after: { labels: "Gwarancja 7 lat", promotions: "Karta paliwowa 500 zł" },
    });
    // The page's form shows what is stored, with the empty rows to add more.
    const page = await (await send(sales.browser, `/panel/oferty/${id}`)).text();
    expect(page).toContain('value="Gwarancja 7 lat"');
    expect(page).toContain("Etykieta 5");
  });
});

describe("labels and promotions of ticked offers", () => {
  it("adds a label to ticked offers after a preview, names the one that cannot take it, and removes it again", async () => {
    const ids = await cars("Sportage", 3);
    const full = ["A", "B", "C", "D", "E"].map((t) => ({ Text: `Etykieta ${t}`, Color: "#475569" }));
    await server.services.db.update(offers).set({ marketingLabels: full }).where(eq(offers.id, ids[2]));
    const sales = await signedIn("sales");
    const change = { Operation: "add-label", Text: "Wyprzedaż", Color: "#b91c1c", TextColor: "#ffffff" };

    const preview = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "marketing-preview", Ids: ids.map(String), ...change }),
    );
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain("Dodaj etykietę „Wyprzedaż” (2 z 3)");
    expect(previewed).toContain("→ etykiety: Wyprzedaż; promocje: –");
    expect(previewed).toContain("bez zmiany: Oferta ma już 5 etykiet.");
    // Nothing changes until the member confirms.
    expect((await stored(ids[0])).marketingLabels).toEqual([]);

    const pale = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), ...change, Color: "#fef3c7" }),
    );
    expect(pale.status).toBe(400);

    const done = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), ...change }),
    );
    const said = await done.text();
    expect(said).toContain("Etykiety i promocje (Dodaj etykietę „Wyprzedaż”): 2 oferty.");
    expect(said).toContain(`Pominięto: nr ${ids[2]} (Oferta ma już 5 etykiet.)`);
    for (const id of ids.slice(0, 2)) {
      expect((await stored(id)).marketingLabels).toEqual([{ Text: "Wyprzedaż", Color: "#b91c1c" }]);
      const [entry] = (await server.services.staff.audit({ entity: "offer", entityId: String(id) })).entries;
      expect(entry).toMatchObject({
        action: "offer.marketing",
        after: { labels: "Wyprzedaż", change: "Dodaj etykietę „Wyprzedaż”" },
      });
    }
    expect(JSON.parse((await tile(ids[0])).MarketingLabels)).toEqual([
      { Text: "Wyprzedaż", Color: "#b91c1c" },
    ]);

    const removed = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), Operation: "remove-label", Text: "wyprzedaż" }),
    );
    expect(await removed.text()).toContain(`nr ${ids[2]} (Oferta nie ma etykiety „wyprzedaż”.)`);
    expect((await stored(ids[0])).marketingLabels).toEqual([]);
    expect((await stored(ids[2])).marketingLabels).toEqual(full);
  });

  it("adds a promotion in bulk with its colours checked, and is for the roles that keep offers", async () => {
    const ids = await cars("XCeed", 2);
    const sales = await signedIn("sales");
    const promotion = { Operation: "add-promotion", Text: "Ubezpieczenie w cenie", Color: "#047857" };
    const unreadable = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), ...promotion, TextColor: "#10b981" }),
    );
    expect(unreadable.status).toBe(400);
    expect(await unreadable.text()).toContain("Kolory napisu i tła są zbyt podobne");
    const done = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), ...promotion, TextColor: "#ffffff" }),
    );
    expect(await done.text()).toContain("2 oferty.");
    expect((await stored(ids[1])).specialPromotions).toEqual([
      { Text: "Ubezpieczenie w cenie", TextColor: "#ffffff", BackgroundColor: "#047857", PhotoLink: null },
    ]);
    const content = await signedIn("content");
    const res = await send(
      content.browser,
      "/panel/oferty",
      form({ intent: "bulk-marketing", Ids: ids.map(String), Operation: "remove-promotion", Text: "x" }),
    );
    expect(res.status).toBe(403);
  });
});
