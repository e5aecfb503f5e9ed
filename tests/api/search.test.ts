import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfferList } from "../../src/domain/catalogue/offer";
import { normalizeForSearch } from "../../src/domain/search-text";
import { resultRows } from "../../src/server/db/client";
import { offers, offerTexts } from "../../src/server/db/schema/index";
import { replaceTexts } from "../../src/server/staff/offers";
import { alertClient } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { offerRow } from "../support/catalogue-fixtures";
import { fleetCar } from "../support/fleet-fixtures";

/** Text search of the lists: PGlite and PostgreSQL (TEST_ON_POSTGRES=1) alike. */

const KEY = "klucz-systemu-flotowego-0123456789";
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" });
  const rows = [
    offerRow({
      make: "Škoda",
      model: "Octavia",
      version: "2.0 TDI Style",
      bodyType: "kombi",
      fuelType: "ON",
      color: "srebrny",
    }),
    offerRow({
      make: "Škoda",
      model: "Octavia",
      version: "1.5 TSI Ambition",
      bodyType: "kombi",
      fuelType: "PB",
    }),
    offerRow({
      make: "Škoda",
      model: "Kodiaq",
      version: "2.0 TDI 4x4",
      bodyType: "suv",
      fuelType: "ON",
      color: "czarny",
    }),
    offerRow({
      make: "Mercedes-Benz",
      model: "Klasa C",
      version: "C 200",
      bodyType: "sedan",
      fuelType: "PB",
      equipment: ["Dach panoramiczny", "Podgrzewane fotele"],
    }),
    offerRow({ make: "Kia", model: "EV6", version: "GT-Line", bodyType: "suv", fuelType: "EL" }),
    // A colour as the fleet API or the panel may write it: capitals and a second word.
    offerRow({
      make: "Toyota",
      model: "Corolla",
      version: "1.8 Hybrid Comfort",
      fuelType: "HEV",
      color: "Srebrny metalik",
    }),
    offerRow({ make: "Škoda", model: "Superb", version: "2.0 TDI L&K", status: "sold" }),
  ];
  for (const { description, equipment, ...row } of rows) {
    const [r] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    await server.services.db.insert(offerTexts).values({ offerId: r.id, description, equipment });
  }
});
afterAll(() => server.close());

const search = async (Search: string, extra: Record<string, unknown> = {}) => {
  const res = await fetch(`${server.url}/api/Offers/NewVehicles`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Search, ...extra }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as OfferList;
};
const names = (list: OfferList) => list.Tails.map((t) => `${t.Make} ${t.Model}`).sort();

describe("search of the offer lists", () => {
  it("finds make and model without diacritics and in any case", async () => {
    const list = await search("skoda octavia");
    expect(list.Count).toBe(2);
    expect(names(list)).toEqual(["Škoda Octavia", "Škoda Octavia"]);
    expect((await search("ŠKODA")).Count).toBe(3); // the sold Superb is not on sale
  });

  it("forgives a typo", async () => {
    expect(names(await search("oktavia"))).toEqual(["Škoda Octavia", "Škoda Octavia"]);
    expect(names(await search("kodiak"))).toEqual(["Škoda Kodiaq"]);
    expect(names(await search("corola"))).toEqual(["Toyota Corolla"]);
  });

  it("searches version, body, fuel and equipment, every word must match", async () => {
    expect(names(await search("tsi"))).toEqual(["Škoda Octavia"]);
    expect(names(await search("elektryczny"))).toEqual(["Kia EV6"]);
    expect(names(await search("skoda suv"))).toEqual(["Škoda Kodiaq"]);
    expect(names(await search("diesel kombi"))).toEqual(["Škoda Octavia"]);
    expect(names(await search("panoramiczny"))).toEqual(["Mercedes-Benz Klasa C"]);
    expect(names(await search("podgrzewane fot"))).toEqual(["Mercedes-Benz Klasa C"]);
    expect(names(await search("mercedes benz"))).toEqual(["Mercedes-Benz Klasa C"]);
    expect((await search("octavia kia")).Count).toBe(0);
    expect((await search("%% _")).Count).toBe(0);
  });

  it("reads a colour word in any form as the offers' colour, shown as a chip, on its own or with a name", async () => {
    expect(names(await search("srebrna toyota"))).toEqual(["Toyota Corolla"]);
    expect(names(await search("srebrne"))).toEqual(["Toyota Corolla", "Škoda Octavia"]);
    expect(names(await search("srebrnych skoda"))).toEqual(["Škoda Octavia"]);
    expect(names(await search("czarny"))).toEqual(["Škoda Kodiaq"]);
    expect(names(await search("czarne suv"))).toEqual(["Škoda Kodiaq"]);
    const white = ["Kia EV6", "Mercedes-Benz Klasa C", "Škoda Octavia"];
    expect(names(await search("biała"))).toEqual(white);
    expect(names(await search("bialy"))).toEqual(white);
    const list = await search("srebrna toyota");
    expect(list.SearchFilters).toEqual([
      expect.objectContaining({
        Kind: "color",
        Values: ["srebrny"],
        Text: "srebrna",
        Label: "Kolor: srebrny",
        SearchWithout: "toyota",
      }),
      expect.objectContaining({ Kind: "make", Values: ["Toyota"], SearchWithout: "srebrna" }),
    ]);
    // No yellow car: nothing found, and the way on gives up the colour, not a word of the name.
    const yellow = await search("żółta skoda");
    expect(yellow.Count).toBe(0);
    expect(yellow.DidYouMean).toMatchObject({ Search: "skoda", Differs: ["bez warunku Kolor: żółty"] });
  });

  it("combines with filters, sorting and paging", async () => {
    expect(names(await search("skoda", { FuelTypes: ["PB"] }))).toEqual(["Škoda Octavia"]);
    // Body and fuel chosen in the filter narrow the search itself (any of those chosen, all filters).
    expect(names(await search("skoda", { BodyTypes: ["suv", "sedan"] }))).toEqual(["Škoda Kodiaq"]);
    expect(
      names(await search("skoda", { BodyTypes: ["suv", "kombi"], FuelTypes: ["ON", "EL"] })).sort(),
    ).toEqual(["Škoda Kodiaq", "Škoda Octavia"]);
    expect((await search("kia", { BodyTypes: ["kombi"] })).Count).toBe(0);
    const page = await search("skoda", { SelectedSortingValue: 1, ResultsPerPage: 2, Page: 2 });
    expect(page.Count).toBe(3);
    expect(page.Tails).toHaveLength(1);
    expect((await search("   ")).Count).toBe(6);
  });

  it("refuses an overlong query with the error contract", async () => {
    const res = await fetch(`${server.url}/api/Offers/NewVehicles`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Search: "a".repeat(101) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toContain("Search");
  });

  it("normalises in SQL exactly as in TypeScript (one rule for both)", async () => {
    const text = "ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż  Škoda Citroën";
    const [row] = resultRows<{ n: string }>(
      await server.services.db.execute(sql`select search_normalize(${text}) as n`),
    );
    expect(row.n).toBe(normalizeForSearch(text));
  });
});

describe("search suggestions", () => {
  const suggest = async (q: string) => {
    const res = await fetch(`${server.url}/api/Offers/SearchSuggestions?Search=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.json();
  };

  it("suggests makes and models with their counts, forgiving diacritics and typos", async () => {
    expect(await suggest("skod")).toEqual({
      Makes: [{ Name: "Škoda", Count: 3 }],
      Models: [
        { Make: "Škoda", Model: "Octavia", Count: 2 },
        { Make: "Škoda", Model: "Kodiaq", Count: 1 },
      ],
    });
    expect(await suggest("oktavia")).toEqual({
      Makes: [],
      Models: [{ Make: "Škoda", Model: "Octavia", Count: 2 }],
    });
    expect(await suggest("  ")).toEqual({ Makes: [], Models: [] });
  });
});

describe("one spelling per make", () => {
  it("finds the same cars for every spelling of a make", async () => {
    for (const spelling of ["Škoda", "Skoda", "skoda", "ŠKODA"]) {
      const res = await fetch(`${server.url}/api/Offers/NewVehicles`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ Makes: [spelling] }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as OfferList).Count).toBe(3);
    }
  });

  it("migration 0015 gives stored offers the brand's own spelling", async () => {
    const db = server.services.db;
    const { description, equipment, ...row } = offerRow({
      make: "Skoda",
      model: "Fabia",
      version: "1.0 TSI",
    });
    const [r] = await db.insert(offers).values(row).returning({ id: offers.id });
    await db.insert(offerTexts).values({ offerId: r.id, description, equipment });
    const file = fs.readFileSync(path.resolve("drizzle/0015_make_spellings.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    const [stored] = resultRows<{ make: string; words: boolean }>(
      await db.execute(
        sql`select make, search_words @@ 'skoda & fabia'::tsquery as words from offers where id = ${r.id}`,
      ),
    );
    expect(stored).toEqual({ make: "Škoda", words: true });
    expect((await search("fabia")).Tails.map((t) => t.Make)).toEqual(["Škoda"]);
  });

  it("stores what the fleet API publishes as 'Skoda' as 'Škoda', found by either spelling", async () => {
    const res = await fetch(`${server.url}/api/Admin/Offers`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(fleetCar({ SaleType: "new", Make: "SKODA", Model: "Scala", Version: "1.0 TSI" })),
    });
    expect(res.status).toBe(201);
    const { AuctionId, Url } = await res.json();
    expect(Url).toBe(`/nowe-samochody/skoda-scala-id-${AuctionId}`);
    const list = await search("scala");
    expect(list.Tails.map((t) => t.Make)).toEqual(["Škoda"]);
  });

  it("finds a car by the equipment the fleet API publishes, and follows an edited equipment list", async () => {
    const res = await fetch(`${server.url}/api/Admin/Offers`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(
        fleetCar({
          SaleType: "new",
          Make: "Volvo",
          Model: "XC40",
          Equipment: ["Hak holowniczy", "Kamera cofania"],
        }),
      ),
    });
    expect(res.status).toBe(201);
    const { AuctionId } = await res.json();
    expect(names(await search("hak holowniczy"))).toEqual(["Volvo XC40"]);
    expect(names(await search("kamery cofania volvo"))).toEqual(["Volvo XC40"]); // another form of an equipment word
    expect((await search("hak panoramiczny")).Count).toBe(0); // both words must be on the same car

    const db = server.services.db;
    await db.execute(
      sql`update offer_texts set equipment = '["Dach panoramiczny"]'::jsonb where offer_id = ${AuctionId}`,
    );
    expect((await search("hak holowniczy")).Count).toBe(0);
    expect(names(await search("panoramiczny"))).toEqual(["Mercedes-Benz Klasa C", "Volvo XC40"]);
    await db.execute(sql`delete from offer_texts where offer_id = ${AuctionId}`);
    expect(names(await search("panoramiczny"))).toEqual(["Mercedes-Benz Klasa C"]);
  });

  it("reads a fuel word as the fuel, not as a typo of an equipment word", async () => {
    const { description, ...row } = offerRow({ make: "Dacia", model: "Duster", fuelType: "PB" });
    const db = server.services.db;
    const [r] = await db.insert(offers).values(row).returning({ id: offers.id });
    await db
      .insert(offerTexts)
      .values({ offerId: r.id, description, equipment: ["Lusterka sterowane elektrycznie"] });
    expect(names(await search("elektryczny"))).toEqual(["Kia EV6"]);
    expect(names(await search("lusterka elektrycznie"))).toEqual(["Dacia Duster"]);
    await db.delete(offers).where(sql`id = ${r.id}`);
  });

  it("keeps an alert for 'skoda' as 'Škoda', so the Škodas match it", async () => {
    const { payload } = await alertClient(() => server).createAlert({ Makes: ["skoda"] });
    const [row] = resultRows<{ makes: string[]; makes_lower: string[] }>(
      await server.services.db.execute(
        sql`select makes, makes_lower from car_alerts where email = ${payload.Email as string}`,
      ),
    );
    expect(row).toEqual({ makes: ["Škoda"], makes_lower: ["škoda"] });
  });
});

describe("search after edits and across pages", () => {
  it("finds a car by a new equipment word the panel's form gives it, and no longer by the old one", async () => {
    const { description, ...row } = offerRow({ make: "Fiat", model: "Tipo", fuelType: "PB" });
    const db = server.services.db;
    const [r] = await db.insert(offers).values(row).returning({ id: offers.id });
    // A car without texts gets its first equipment list from the form (the row is inserted) …
    await db.transaction((tx) =>
      replaceTexts(tx, r.id, { description, equipment: ["Lodówka w podłokietniku"] }),
    );
    expect(names(await search("lodowka"))).toEqual(["Fiat Tipo"]);
    // … and a changed list replaces the words it is found by (the row is updated).
    await db.transaction((tx) =>
      replaceTexts(tx, r.id, { description, equipment: ["Szyberdach elektryczny", "Kamera cofania"] }),
    );
    expect((await search("lodówka")).Count).toBe(0);
    expect(names(await search("szyberdach"))).toEqual(["Fiat Tipo"]);
    expect(names(await search("tipo kamera cofania"))).toEqual(["Fiat Tipo"]);
    await db.delete(offers).where(sql`id = ${r.id}`);
  });

  it("counts a search's matches as the offers are now: added, withdrawn, an auction ended, equipment changed", async () => {
    const db = server.services.db;
    const hour = 3_600_000;
    const ids: number[] = [];
    for (const o of [
      { model: "Astra", saleType: "new" as const },
      { model: "Insignia", saleType: "afterLease" as const },
      {
        model: "Grandland",
        saleType: "auction" as const,
        auctionStart: new Date(Date.now() - hour),
        auctionEnd: new Date(Date.now() + hour),
      },
    ]) {
      const { description, ...row } = offerRow({ make: "Opel", fuelType: "PB", ...o });
      const [r] = await db.insert(offers).values(row).returning({ id: offers.id });
      await db.insert(offerTexts).values({ offerId: r.id, description, equipment: ["Chłodzony schowek"] });
      ids.push(r.id);
    }
    const [astra, insignia, grandland] = ids;
    const counted = async (SaleTypes: string[] = []) => {
      const res = await fetch(`${server.url}/api/Offers/Count`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ Search: "chlodzony schowek", SaleTypes }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { Count: number }).Count;
    };
    expect(await counted()).toBe(3);
    expect(await counted(["new"])).toBe(1);
    expect(await counted(["auction", "afterLease"])).toBe(2);
    expect(await search("schowek")).toMatchObject({ Count: 1, Tails: [{ Model: "Astra" }] });

    await db.update(offers).set({ status: "withdrawn" }).where(sql`id = ${astra}`);
    expect(await counted()).toBe(2);
    expect((await search("schowek")).Count).toBe(0);
    // The auction's end passes (moved into the past, as time would): it is no longer on sale.
    await db
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 60_000) })
      .where(sql`id = ${grandland}`);
    expect(await counted()).toBe(1);
    await db.execute(
      sql`update offer_texts set equipment = '["Dach panoramiczny"]'::jsonb where offer_id = ${insignia}`,
    );
    expect(await counted()).toBe(0);
    await db.update(offers).set({ status: "active" }).where(sql`id = ${astra}`);
    expect(await counted()).toBe(1);
    await db.delete(offers).where(sql`id = any(${sql.param(ids)}::int[])`);
    expect(await counted()).toBe(0);
  });

  it("counts a searched list's matches on every page, with the body chosen or typed", async () => {
    const db = server.services.db;
    const ids: number[] = [];
    for (const bodyType of ["suv", "suv", "suv", "kombi"]) {
      const { description, ...row } = offerRow({ make: "Seat", model: "Ateca", bodyType, fuelType: "PB" });
      const [r] = await db.insert(offers).values(row).returning({ id: offers.id });
      await db.insert(offerTexts).values({ offerId: r.id, description, equipment: ["Fotel z masażem"] });
      ids.push(r.id);
    }
    const chosen = await search("masaz", { BodyTypes: ["suv"], ResultsPerPage: 2, Page: 2 });
    expect(chosen.Count).toBe(3);
    expect(chosen.Tails).toHaveLength(1);
    const typed = await search("suv masaz", { ResultsPerPage: 2, Page: 1 });
    expect(typed.Count).toBe(3);
    expect(typed.Tails).toHaveLength(2);
    // Past the last page: no tiles, the count still told.
    expect(await search("masaz kombi", { Page: 3 })).toMatchObject({ Count: 1, Tails: [] });
    // A body typed and another chosen: both must hold.
    expect((await search("kombi masaz", { BodyTypes: ["suv"] })).Count).toBe(0);
    await db.delete(offers).where(sql`id = any(${sql.param(ids)}::int[])`);
  });
});
