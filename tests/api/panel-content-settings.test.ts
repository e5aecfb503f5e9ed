import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalculatorProperties } from "../../src/domain/calculator";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { lowestLeasingInput } from "../../src/domain/headline-price";
import { LITERAL_KEYS } from "../../src/domain/staff/literals";
import { seedContent } from "../../src/server/content/seed";
import { faqEntries, literals, offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's content settings: the site's texts and contact data, the FAQ
// and the calculator's settings, each reaching the public pages and API at once (the page cache
// follows), refused with Polish messages at the field, audited, and the content team's and admin's.

const KEY = "klucz-systemu-flotowego-0123456789";
const clock = new ManualClock();
let server: TestServer;
let offerId: number;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1", OFFERS_API_KEY: KEY }, { web: true, clock });
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  const published = await server.app.inject({
    method: "POST",
    url: "/api/Admin/Offers",
    payload: fleetCar({ Vin: "YV1ZWK8V0P2000777" }),
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(published.statusCode, published.body).toBe(201);
  offerId = published.json().AuctionId;
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

/** A public page as a visitor gets it, once this process has seen every committed change. */
async function publicPage(path: string) {
  await server.services.changes.caughtUp(server.services.db);
  return (await fetch(`${server.url}${path}`)).text();
}

async function literalsForm(changes: Record<string, string>) {
  const current = await server.services.staff.literals.get();
  return {
    intent: "save",
    ...Object.fromEntries(LITERAL_KEYS.map((k) => [k, current[k]])),
    ...changes,
  };
}

describe("the site's texts", () => {
  it("a changed phone and address show on the contact page; only what changed is audited", async () => {
    const content = await signedIn("content");
    const before = (await server.services.staff.audit({ entity: "literal" })).total;
    const saved = await send(
      content.browser,
      "/panel/teksty",
      await literalsForm({
        ContactPhone: "+48 22 555 66 77",
        CompanyAddress: "ul. Zielna 7, 00-108 Warszawa",
      }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Zapisano zmiany. Strony serwisu pokazują je od razu.");
    const page = await publicPage("/kontakt");
    expect(page).toContain("+48 22 555 66 77");
    expect(page).toContain("ul. Zielna 7, 00-108 Warszawa");
    const log = await server.services.staff.audit({ entity: "literal" });
    expect(log.total - before).toBe(2);
    expect(log.entries.find((e) => e.entityId === "ContactPhone")).toMatchObject({
      action: "literal.change",
      staffName: content.name,
      after: { value: "+48 22 555 66 77" },
    });
    // Saved again unchanged: nothing is written.
    const again = await send(content.browser, "/panel/teksty", await literalsForm({}));
    expect(await again.text()).toContain("Nic się nie zmieniło.");
    expect((await server.services.staff.audit({ entity: "literal" })).total).toBe(log.total);
  });

  it("refuses a phone, an e-mail or an empty text at its field and keeps what was there", async () => {
    const content = await signedIn("content");
    const stored = async () => server.services.db.select().from(literals);
    const before = await stored();
    const bad = await send(
      content.browser,
      "/panel/teksty",
      await literalsForm({ AuctionPhone: "zadzwoń do nas", AuctionEmail: "aukcje@", FormDisclaimer: "  " }),
    );
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Numer telefonu jest nieprawidłowy");
    expect(text).toContain("Email jest nieprawidłowy");
    expect(text).toContain("Pole wymagane");
    expect(await stored()).toEqual(before);
  });
});

describe("the FAQ", () => {
  it("a question added shows on /faq under its anchor; changed and removed, the page follows", async () => {
    const content = await signedIn("content");
    const question = `Czy mogę przejąć leasing od innej firmy? ${Date.now()}`;
    const added = await send(content.browser, "/panel/faq/nowe", {
      intent: "save",
      Section: "finansowanie",
      Question: question,
      Answer: "Tak, za zgodą finansującego.\n\nDoradca sprawdzi umowę.",
      Position: "5",
    });
    expect(added.status, await added.clone().text()).toBe(302);
    const id = Number(/\/panel\/faq\/(\d+)\?dodano=1$/.exec(added.headers.get("location") ?? "")?.[1]);
    const [row] = await server.services.db.select().from(faqEntries).where(eq(faqEntries.id, id));
    expect(row.slug).toMatch(/^czy-moge-przejac-leasing-od-innej-firmy-\d+$/);
    let page = await publicPage("/faq");
    expect(page).toContain(question);
    expect(page).toContain(`id="${row.slug}"`);

    // Another question may not take its anchor.
    const clash = await send(content.browser, "/panel/faq/nowe", {
      intent: "save",
      Section: "umowa",
      Question: "Inne pytanie",
      Answer: "Inna odpowiedź",
      Slug: row.slug,
    });
    expect(clash.status).toBe(400);
    expect(await clash.text()).toContain("Ten adres ma już pytanie");

    const changed = await send(content.browser, `/panel/faq/${id}`, {
      intent: "save",
      Section: "finansowanie",
      Question: question,
      Answer: "Tak, za zgodą finansującego i po ocenie firmy przejmującej.",
      Slug: row.slug,
      Position: "5",
    });
    expect(await changed.text()).toContain("Zapisano pytanie.");
    page = await publicPage("/faq");
    expect(page).toContain("po ocenie firmy przejmującej");

    const removed = await send(content.browser, `/panel/faq/${id}`, {
      intent: "remove",
      Reason: "Pytanie nieaktualne.",
    });
    expect(removed.headers.get("location")).toBe("/panel/faq");
    expect(await publicPage("/faq")).not.toContain(question);
    const { entries } = await server.services.staff.audit({ entity: "faq", entityId: String(id) });
    expect(entries.map((e) => e.action)).toEqual(["faq.remove", "faq.change", "faq.add"]);
  });

  it("refuses an empty answer, an anchor with Polish letters and a section that does not exist", async () => {
    const content = await signedIn("content");
    const res = await send(content.browser, "/panel/faq/nowe", {
      intent: "save",
      Section: "nieistniejacy",
      Question: "Pytanie",
      Answer: "",
      Slug: "zażółć",
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Wybierz dział");
    expect(text).toContain("Pole wymagane");
    expect(text).toContain("Tylko małe litery bez polskich znaków");
    expect((await send(content.browser, "/panel/faq/999999")).status).toBe(404);
  });
});

describe("the calculator's settings", () => {
  const properties = async (): Promise<CalculatorProperties> => {
    await server.services.changes.caughtUp(server.services.db);
    return (await fetch(`${server.url}/api/InstallmentCalculator/CalculatorProperties`)).json();
  };
  const leasingForm = (changes: Record<string, string>) => ({
    intent: "leasing",
    Periods: "24, 36, 48, 60",
    DefaultPeriod: "48",
    OwMin: "0",
    OwMax: "45",
    OwStep: "1",
    OwDefault: "10",
    RvMin: "1",
    RvMax: "50",
    RvStep: "1",
    RvDefault: "20",
    AnnualRatePercent: "7,9",
    "Services[0].Value": "gap",
    "Services[0].Name": "Ubezpieczenie GAP",
    "Services[0].Price": "45",
    "Services[1].Name": "",
    "Services[1].Price": "",
    ...changes,
  });
  const leasePrice = async () =>
    (await server.services.db.select().from(offers).where(eq(offers.id, offerId)))[0].leasePrice;

  it("a new leasing rate reaches the calculator's API and the offers' 'od' instalments", async () => {
    const content = await signedIn("content");
    const priceBefore = await leasePrice();
    const saved = await send(
      content.browser,
      "/panel/kalkulator",
      leasingForm({
        AnnualRatePercent: "12,5",
        "Services[1].Name": "Opony zimowe",
        "Services[1].Price": "60",
      }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Zapisano ustawienia. Przeliczono raty „od” w ofertach: 1.");
    const p = await properties();
    expect(p.Leasing.AnnualRatePercent).toBe(12.5);
    expect(p.Leasing.Periods).toEqual([24, 36, 48, 60]);
    expect(p.Leasing.AdditionalServices).toEqual([
      { Value: "gap", Name: "Ubezpieczenie GAP", MonthlyPriceNetto: 45 },
      { Value: "opony-zimowe", Name: "Opony zimowe", MonthlyPriceNetto: 60 },
    ]);
    // A dearer loan: the stored "od" instalment is the calculator's at the terms of its lowest one.
    const priceAfter = await leasePrice();
    expect(priceAfter).toBeGreaterThan(priceBefore ?? Number.POSITIVE_INFINITY);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, offerId));
    const { PriceNetto: _, ...lowest } = lowestLeasingInput(
      row.totalPriceNettoDiscount ?? (row.totalPriceNetto as number),
      p,
    );
    expect(lowest.Period).toBe(60);
    const quote = await server.app.inject({
      method: "POST",
      url: "/api/InstallmentCalculator/Leasing",
      payload: { AuctionId: offerId, ...lowest },
    });
    expect(quote.json().InstallmentPriceNetto).toBe(priceAfter);
    const [entry] = (await server.services.staff.audit({ entity: "calculator", entityId: "leasing" }))
      .entries;
    expect(entry).toMatchObject({
      action: "calculator.change",
      before: { annualRatePercent: 7.9 },
      after: { annualRatePercent: 12.5, services: "Ubezpieczenie GAP 45\u00a0zł; Opony zimowe 60\u00a0zł" },
    });
  });

  it("refuses settings the calculator could not open with, at their fields", async () => {
    const content = await signedIn("content");
    const before = await properties();
    const leasing = await send(
      content.browser,
      "/panel/kalkulator",
      leasingForm({
        DefaultPeriod: "30",
        OwDefault: "50",
        AnnualRatePercent: "siedem",
        "Services[1].Name": "Bez ceny",
      }),
    );
    expect(leasing.status).toBe(400);
    const text = await leasing.text();
    for (const message of [
      "Wybierz jeden z okresów z listy",
      "Wartość domyślna musi mieścić się między minimum a maksimum",
      "Podaj liczbę, np. 7,9",
      "Podaj cenę miesięczną",
    ])
      expect(text).toContain(message);
    const rent = await send(content.browser, "/panel/kalkulator", {
      intent: "rent",
      Periods: "24, 36",
      DefaultPeriod: "36",
      OwMin: "0",
      OwMax: "45",
      OwStep: "1",
      OwDefault: "0",
      MileageLimits: "10000, 20000",
      DefaultMileage: "15000",
      AnnualRatePercent: "8,5",
      ResidualStartPercent: "20",
      ResidualDropPerYearPercent: "6",
      ResidualDropPer10000KmPercent: "2,5",
      ResidualMinPercent: "30",
    });
    expect(rent.status).toBe(400);
    const rentText = await rent.text();
    expect(rentText).toContain("Wybierz jeden z limitów z listy");
    expect(rentText).toContain("Najniższa wartość nie może być większa niż wartość początkowa");
    const terms = await send(content.browser, "/panel/kalkulator", {
      intent: "terms",
      InsuranceFinancedYearlyPercent: "1",
      InsuranceOutsideYearlyFeeNetto: "250",
      MinPriceNetto: "50000",
      MaxPriceNetto: "40000",
    });
    expect(await terms.text()).toContain("Cena najwyższa musi być większa niż najniższa");
    expect(await properties()).toEqual(before);
  });
});

describe("the content settings' role boundary", () => {
  it("opens to the content team and the admin; sales and consultants get 403 and change nothing", async () => {
    const paths = ["/panel/teksty", "/panel/faq", "/panel/faq/nowe", "/panel/kalkulator"];
    const literalRows = async () => server.services.db.select().from(literals);
    const before = await literalRows();
    for (const role of ["admin", "content", "sales", "consultant"] as const) {
      const m = await signedIn(role);
      const allowed = role === "admin" || role === "content";
      for (const path of paths)
        expect((await send(m.browser, path)).status, `${role} ${path}`).toBe(allowed ? 200 : 403);
      if (allowed) continue;
      const post = await send(
        m.browser,
        "/panel/teksty",
        await literalsForm({ ContactPhone: "+48 600 000 000" }),
      );
      expect(post.status).toBe(403);
      const faq = await send(m.browser, "/panel/faq/nowe", {
        intent: "save",
        Section: "umowa",
        Question: role,
        Answer: role,
      });
      expect(faq.status).toBe(403);
      const calc = await send(m.browser, "/panel/kalkulator", { intent: "terms", MinPriceNetto: "1" });
      expect(calc.status).toBe(403);
    }
    expect(await literalRows()).toEqual(before);
  });
});
