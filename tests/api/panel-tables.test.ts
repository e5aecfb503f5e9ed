import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, offerPhotos, offers, offerTexts, priceHistory } from "../../src/server/db/schema/index";
import { putImage } from "../../src/server/images/store";
import { startApiServer, type TestServer } from "../support/api-server";
import { offerRow } from "../support/catalogue-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The panel's tables: the offer list sorted by any column (kept in the address), its real photo
// counts, the member's saved views and columns, and the bulk actions on ticked offers (publish,
// withdraw for a reason, a price change by percent or złoty through the offer's own price path).

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0" },
    { web: true, clock },
  );
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

let photo: Promise<string> | undefined;
const onePhoto = () => {
  photo ??= sharp({ create: { width: 16, height: 12, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer()
    .then((b) => putImage(server.services.db, b));
  return photo;
};

/** Cars of one model (so a search finds just them), each with its price and state, without photos. */
async function cars(model: string, specs: { price: number; status?: "active" | "draft" }[]) {
  const ids: number[] = [];
  for (const [i, s] of specs.entries()) {
    const { description, equipment, ...row } = offerRow({
      make: "Kia",
      model,
      version: `wersja ${i}`,
      totalPriceNetto: s.price,
      totalPriceBrutto: Math.round(s.price * 1.23),
      status: s.status ?? "active",
    });
    const [o] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    await server.services.db.insert(offerTexts).values({ offerId: o.id, description, equipment });
    ids.push(o.id);
  }
  return ids;
}

/** The offer numbers of a list page, in the order of its rows. */
const rowIds = (html: string) =>
  [...html.matchAll(/<a[^>]+href="\/panel\/oferty\/(\d+)"/g)].map((m) => Number(m[1]));

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
  return f;
};

const priceOf = async (id: number) =>
  (await server.services.db.select().from(offers).where(eq(offers.id, id)))[0];

describe("the offer list as a table", () => {
  it("counts each car's photos and sorts by any column, both ways, the sort kept in the address", async () => {
    const image = await onePhoto();
    await carsWithImage("Stinger", 200_000, 1, image);
    const ids: number[] = [];
    for (const [price, n] of [
      [120_000, 0],
      [90_000, 3],
      [150_000, 5],
    ] as const) {
      const [id] = await carsWithImage("Sorento", price, n, image);
      ids.push(id);
    }
    const sales = await signedIn("sales");
    const byPhotos = await (await send(sales.browser, "/panel/oferty?q=Sorento&sortuj=-zdjecia")).text();
    expect(rowIds(byPhotos)).toEqual([ids[2], ids[1], ids[0]]);
    expect(byPhotos).toMatch(
      /aria-sort="descending"[^>]*><a[^>]*href="\/panel\/oferty\?q=Sorento&amp;sortuj=zdjecia"/,
    );
    const counts = server.services.staff.offers.list({ filter: "all", search: "Sorento" });
    expect((await counts).rows.map((r) => [r.id, r.photos])).toEqual(
      expect.arrayContaining([
        [ids[0], 0],
        [ids[1], 3],
        [ids[2], 5],
      ]),
    );
    const byPrice = await (await send(sales.browser, "/panel/oferty?q=Sorento&sortuj=cena")).text();
    expect(rowIds(byPrice)).toEqual([ids[1], ids[0], ids[2]]);
    expect(byPrice).toContain('aria-sort="ascending"');
    // The tab links keep the sort; an unknown sort is the list's own order.
    expect(byPrice).toContain("/panel/oferty?widok=draft&amp;q=Sorento&amp;sortuj=cena");
    expect((await send(sales.browser, "/panel/oferty?sortuj=haslo")).status).toBe(200);
    // How many match of how many there are.
    const all = (await server.services.staff.offers.list({ filter: "all" })).total;
    expect(byPrice).toContain(`Ofert: 3 z ${all}`);
  });

  it("keeps a member's saved views and columns, each member their own", async () => {
    const sales = await signedIn("sales");
    const saved = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "view-save", Name: "Tanie w sprzedaży", Query: "?widok=active&sortuj=cena&strona=3" }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Zapisano widok „Tanie w sprzedaży”.");
    const page = await (await send(sales.browser, "/panel/oferty")).text();
    expect(page).toContain('href="/panel/oferty?widok=active&amp;sortuj=cena"');
    expect(page).toContain("Zapisane widoki (1)");
    const other = await (await send((await signedIn("admin")).browser, "/panel/oferty")).text();
    expect(other).toContain("Zapisane widoki (0)");
    const nameless = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "view-save", Name: " ", Query: "" }),
    );
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain("Podaj nazwę widoku");

    // Only the number and the price kept as columns: the rest goes into the car's line of details.
    expect(
      (
        await send(
          sales.browser,
          "/panel/oferty",
          form({ intent: "columns", Columns: ["nr", "cena", "nieznana"] }),
        )
      ).status,
    ).toBe(200);
    const narrow = await (await send(sales.browser, "/panel/oferty")).text();
    expect(narrow).not.toMatch(/<th[^>]*>(<a[^>]*>)?Zdjęcia/);
    expect(narrow).toMatch(/<span class="font-medium">Zdjęcia:<\/span>/);
    expect(narrow).toMatch(/<th[^>]*aria-sort="none"[^>]*><a[^>]*>Cena netto/);
    const { views } = await server.services.staff.lists.of(sales.id, "offers");
    const removed = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "view-remove", Id: String(views[0].id) }),
    );
    expect(removed.status).toBe(200);
    expect((await server.services.staff.lists.of(sales.id, "offers")).views).toEqual([]);
  });
});

describe("bulk actions on ticked offers", () => {
  it("withdraws only with a reason, kept on each offer and in the log; one it cannot take is named", async () => {
    const image = await onePhoto();
    const [a] = await carsWithImage("Ceed", 80_000, 1, image);
    const [b] = await carsWithImage("Ceed", 82_000, 1, image);
    const [draft] = await carsWithImage("Ceed", 84_000, 0, image, "draft");
    const sales = await signedIn("sales");
    const none = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-withdraw", Ids: [String(a)], Reason: "" }),
    );
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Podaj powód");
    const nothingTicked = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-withdraw", Reason: "x" }),
    );
    expect(nothingTicked.status).toBe(400);
    expect(await nothingTicked.text()).toContain("Zaznacz co najmniej jeden wiersz.");
    expect((await priceOf(a)).status).toBe("active");

    const res = await send(
      sales.browser,
      "/panel/oferty",
      form({
        intent: "bulk-withdraw",
        Ids: [String(a), String(b), String(draft)],
        Reason: "Koniec umowy z dealerem.",
      }),
    );
    expect(res.status).toBe(200);
    const said = await res.text();
    expect(said).toContain("Wycofano: 2 oferty.");
    expect(said).toContain(`Pominięto: nr ${draft} (Wycofać można tylko ofertę w sprzedaży.)`);
    for (const id of [a, b]) {
      expect(await priceOf(id)).toMatchObject({
        status: "withdrawn",
        withdrawalReason: "Koniec umowy z dealerem.",
      });
      const [entry] = (await server.services.staff.audit({ entity: "offer", entityId: String(id) })).entries;
      expect(entry).toMatchObject({
        action: "offer.withdraw",
        after: { reason: "Koniec umowy z dealerem." },
      });
    }
    const list = await (await send(sales.browser, "/panel/oferty?q=Ceed&widok=withdrawn")).text();
    expect(list).toContain("Koniec umowy z dealerem.");
    // Published again, the car goes back on sale without the old reason.
    const published = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-publish", Ids: [String(a), String(draft)] }),
    );
    const publishedSaid = await published.text();
    expect(publishedSaid).toContain("Opublikowano: 1 oferta.");
    expect(publishedSaid).toContain(
      `nr ${draft} (Dodaj co najmniej jedno zdjęcie, zanim opublikujesz ofertę.)`,
    );
    expect(await priceOf(a)).toMatchObject({ status: "active", withdrawalReason: null });
  });
});

describe("a price change of ticked offers", () => {
  it("reprices ten offers by 3 %: a preview of old and new prices, then the price history and the alerts", async () => {
    const image = await onePhoto();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(...(await carsWithImage("Niro", 100_000 + i * 1000, 1, image)));
    const sales = await signedIn("sales");
    const change = { Direction: "down", Unit: "percent", Amount: "3" };
    const preview = await send(
      sales.browser,
      "/panel/oferty?q=Niro",
      form({ intent: "reprice-preview", Ids: ids.map(String), ...change }),
    );
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain("Nowe ceny: obniżka o 3% (10 z 10)");
    expect(previewed).toContain("100\u00a0000\u00a0zł");
    expect(previewed).toContain("→ 97\u00a0000\u00a0zł");
    expect(previewed).toContain("→ 105\u00a0730\u00a0zł");
    // Nothing changes at the preview.
    expect((await priceOf(ids[0])).totalPriceNetto).toBe(100_000);

    const wrong = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-reprice", Ids: ids.map(String), ...change, Amount: "dużo" }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Podaj liczbę");

    const done = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-reprice", Ids: ids.map(String), ...change }),
    );
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Zmieniono ceny (obniżka o 3%): 10 ofert.");
    expect((await priceOf(ids[0])).totalPriceNetto).toBe(97_000);
    expect((await priceOf(ids[9])).totalPriceNetto).toBe(105_730);
    const history = await server.services.db
      .select()
      .from(priceHistory)
      .where(inArray(priceHistory.offerId, [ids[0]]));
    expect(history.map((h) => h.totalPriceNetto)).toEqual([97_000]);
    const [entry] = (await server.services.staff.audit({ entity: "offer", entityId: String(ids[0]) }))
      .entries;
    expect(entry).toMatchObject({
      action: "offer.reprice",
      before: { price: 100_000 },
      after: { price: 97_000, change: "obniżka o 3%" },
    });
    // The public page's 30-day lowest price follows the history.
    await server.services.changes.caughtUp(server.services.db);
    const details = await (
      await fetch(`${server.url}/api/OfferDetails/NewVehicles?AuctionId=${ids[0]}`)
    ).json();
    expect(details.TotalPriceNetto).toBe(97_000);

    // Up by an amount in złoty; a cut to below 1 zł is refused for that car alone.
    const up = await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-reprice", Ids: [String(ids[0])], Direction: "up", Unit: "zl", Amount: "1 500" }),
    );
    expect(await up.text()).toContain("Zmieniono ceny (podwyżka o 1\u00a0500\u00a0zł): 1 oferta.");
    expect((await priceOf(ids[0])).totalPriceNetto).toBe(98_500);
    const tooFar = await send(
      sales.browser,
      "/panel/oferty",
      form({
        intent: "bulk-reprice",
        Ids: [String(ids[1])],
        Direction: "down",
        Unit: "percent",
        Amount: "100",
      }),
    );
    expect(await tooFar.text()).toContain("Pominięto: nr");
    expect((await priceOf(ids[1])).totalPriceNetto).toBe(97_970);
  });

  it("is for the roles that keep offers", async () => {
    const content = await signedIn("content");
    const res = await send(content.browser, "/panel/oferty", form({ intent: "bulk-publish", Ids: ["1"] }));
    expect(res.status).toBe(403);
  });
});

describe("the leads inbox as a table", () => {
  it("sorts by who asked and assigns ticked leads to a member, keeping their status, audited", async () => {
    const { db } = server.services;
    const ids: number[] = [];
    for (const name of ["Zofia", "Adam", "Maria"]) {
      const [l] = await db
        .insert(leads)
        .values({ kind: "callBack", name, surname: "Tabelska", phoneNumber: "600100200", payload: {} })
        .returning({ id: leads.id });
      ids.push(l.id);
    }
    const sales = await signedIn("sales");
    const sorted = await (await send(sales.browser, "/panel/zgloszenia?q=Tabelska&sortuj=kto")).text();
    const order = [...sorted.matchAll(/href="\/panel\/zgloszenia\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([ids[1], ids[2], ids[0]]);
    expect(sorted).toContain("Zgłoszeń: 3");

    const assigned = await send(
      sales.browser,
      "/panel/zgloszenia",
      form({ intent: "bulk-assign", Ids: [String(ids[0]), String(ids[1])], AssignedTo: String(sales.id) }),
    );
    expect(assigned.status).toBe(200);
    expect(await assigned.text()).toContain("Przypisano opiekuna: 2 zgłoszenia.");
    const rows = await db.select().from(leads).where(inArray(leads.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0])).toMatchObject({ assignedTo: sales.id, status: "new" });
    expect(byId.get(ids[2])?.assignedTo).toBeNull();
    const [entry] = (await server.services.staff.audit({ entity: "lead", entityId: String(ids[1]) })).entries;
    expect(entry).toMatchObject({ action: "lead.change", after: { assignee: sales.name } });
    const nobody = await send(
      sales.browser,
      "/panel/zgloszenia",
      form({ intent: "bulk-assign", Ids: [String(ids[0])], AssignedTo: "999999" }),
    );
    expect(await nobody.text()).toContain(`Pominięto: nr ${ids[0]} (Wybierz osobę z listy.)`);
  });
});

describe("the audit log's filters", () => {
  it("narrows the log by member, record, action, days and words, kept in the address", async () => {
    const admin = await signedIn("admin");
    const sales = await signedIn("sales");
    const [id] = await cars("Picanto", [{ price: 50_000 }]);
    await send(
      sales.browser,
      "/panel/oferty",
      form({ intent: "bulk-withdraw", Ids: [String(id)], Reason: "Szkoda po gradobiciu." }),
    );
    const page = (query: string) => send(admin.browser, `/panel/dziennik${query}`).then((r) => r.text());

    const byWords = await page("?q=gradobiciu");
    expect(byWords).toContain("Wpisów: 1 (po zawężeniu)");
    expect(byWords).toContain("Szkoda po gradobiciu.");
    // An action is found by its Polish name, and by its code in the address.
    expect(await page(`?q=wycofano&nr=${id}`)).toContain("Wpisów: 1 (po zawężeniu)");
    expect(await page(`?czynnosc=offer.withdraw&rekord=offer&nr=${id}&kto=${sales.id}`)).toContain(
      "Wpisów: 1 (po zawężeniu)",
    );
    expect(await page(`?czynnosc=offer.withdraw&nr=${id}&kto=${admin.id}`)).toContain(
      "Brak wpisów spełniających warunki.",
    );
    // Days are Polish days, both ends included.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(clock.now());
    expect(await page(`?nr=${id}&czynnosc=offer.withdraw&od=${today}&do=${today}`)).toContain("Wpisów: 1");
    expect(await page(`?nr=${id}&od=2000-01-01&do=2000-01-02`)).toContain(
      "Brak wpisów spełniających warunki.",
    );
    // Nonsense in the address is no filter, never an error.
    const odd = await send(admin.browser, "/panel/dziennik?od=jutro&kto=-1&czynnosc=nieznana&q=%25_%5C");
    expect(odd.status).toBe(200);
    // The form keeps what was chosen.
    expect(await page(`?czynnosc=offer.withdraw&q=gradobiciu`)).toMatch(
      /<option value="offer.withdraw" selected=""/,
    );
  });
});

/** One car of `model` at `price` with `photos` photos (the same small picture at each position). */
async function carsWithImage(
  model: string,
  price: number,
  photos: number,
  image: string,
  status: "active" | "draft" = "active",
) {
  const [id] = await cars(model, [{ price, status }]);
  if (photos)
    await server.services.db
      .insert(offerPhotos)
      .values(Array.from({ length: photos }, (_, position) => ({ offerId: id, imageId: image, position })));
  return [id];
}
