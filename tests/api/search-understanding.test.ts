import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchSuggestions } from "../../src/domain/catalogue/dto";
import type { OfferList } from "../../src/domain/catalogue/offer";
import { offers, offerTexts } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { offerRow } from "../support/catalogue-fixtures";

/**
 * The search understands how buyers type: nicknames and typos of makes, models with or without
 * separators, words that mean a filter; an empty result offers the nearest search. PGlite and
 * PostgreSQL (TEST_ON_POSTGRES=1) alike. None of these queries is in the shared quality corpus.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0" });
  const price = (netto: number) => ({ totalPriceNetto: netto, totalPriceBrutto: Math.round(netto * 1.23) });
  const rows = [
    offerRow({
      make: "Volkswagen",
      model: "ID.4",
      version: "Pro",
      bodyType: "suv",
      fuelType: "EL",
      year: 2025,
      ...price(180_000),
    }),
    offerRow({
      make: "Volkswagen",
      model: "Golf",
      version: "1.5 eTSI Life",
      bodyType: "hatchback",
      fuelType: "PB",
      gearBoxType: "manual",
      year: 2023,
      equipment: ["Skórzana tapicerka", "Kamera cofania"],
      ...price(95_000),
    }),
    offerRow({
      make: "Volkswagen",
      model: "Golf",
      version: "2.0 TDI Style",
      bodyType: "kombi",
      fuelType: "ON",
      year: 2021,
      ...price(80_000),
    }),
    offerRow({
      make: "Toyota",
      model: "RAV4",
      version: "2.5 Hybrid",
      bodyType: "suv",
      fuelType: "HEV",
      year: 2024,
      ...price(140_000),
    }),
    offerRow({
      make: "Mazda",
      model: "CX-5",
      version: "2.0 Skyactiv-G",
      bodyType: "suv",
      fuelType: "PB",
      gearBoxType: "manual",
      year: 2022,
      ...price(110_000),
    }),
    offerRow({
      make: "BMW",
      model: "Seria 5",
      version: "520d",
      bodyType: "sedan",
      fuelType: "ON",
      year: 2024,
      ...price(230_000),
    }),
    offerRow({
      make: "BMW",
      model: "Seria 3",
      version: "320i",
      bodyType: "sedan",
      fuelType: "PB",
      year: 2020,
      ...price(120_000),
    }),
    offerRow({
      make: "Ford",
      model: "Transit",
      version: "2.0 EcoBlue L2H2",
      bodyType: "van",
      fuelType: "ON",
      gearBoxType: "manual",
      year: 2023,
      ...price(150_000),
    }),
    // Monthly instalments (leasing and rent, netto) and mileages that differ, for the range words.
    offerRow({
      make: "Peugeot",
      model: "3008",
      version: "1.2 PureTech Allure",
      bodyType: "suv",
      year: 2022,
      mileage: 80_000,
      leasePrice: 1199,
      rentPriceNetto: 1399,
      ...price(100_000),
    }),
    offerRow({
      make: "Škoda",
      model: "Fabia",
      version: "1.0 TSI Ambition",
      year: 2023,
      mileage: 30_000,
      leasePrice: 290,
      isRentAvailable: false,
      rentPriceNetto: null,
      ...price(60_000),
    }),
    offerRow({ make: "Mercedes-Benz", model: "Klasa A", version: "A 200", year: 2022, ...price(130_000) }),
    offerRow({ make: "Mercedes-Benz", model: "Klasa C", version: "C 200", year: 2022, ...price(190_000) }),
  ];
  for (const { description, equipment, ...row } of rows) {
    const [r] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    await server.services.db.insert(offerTexts).values({ offerId: r.id, description, equipment });
  }
  server.services.offers.invalidate();
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
const names = async (q: string) =>
  (await search(q)).Tails.map((t) => `${t.Make} ${t.Model} ${t.Year}`).sort();

describe("the search reads makes and models as buyers type them", () => {
  it("knows nicknames and typos of makes", async () => {
    expect(await names("volkswagn")).toEqual([
      "Volkswagen Golf 2021",
      "Volkswagen Golf 2023",
      "Volkswagen ID.4 2025",
    ]);
    expect(await names("beemka")).toEqual(["BMW Seria 3 2020", "BMW Seria 5 2024"]);
    expect(await names("tojota")).toEqual(["Toyota RAV4 2024"]);
    expect(await names("mzada")).toEqual(["Mazda CX-5 2022"]); // two letters swapped
  });

  it("finds models with or without spaces, dots and hyphens, and by the number of a series", async () => {
    expect(await names("rav-4")).toEqual(["Toyota RAV4 2024"]);
    expect(await names("cx 5")).toEqual(["Mazda CX-5 2022"]);
    expect(await names("id 4")).toEqual(["Volkswagen ID.4 2025"]);
    expect(await names("beemka 5")).toEqual(["BMW Seria 5 2024"]);
    expect(await names("tranzit")).toEqual(["Ford Transit 2023"]);
  });

  it("turns filter words into filters and shows them as removable conditions", async () => {
    expect(await names("golf ropa")).toEqual(["Volkswagen Golf 2021"]);
    expect(await names("benzynowy manualny")).toEqual(["Mazda CX-5 2022", "Volkswagen Golf 2023"]);
    expect(await names("samochód dostawczy")).toEqual(["Ford Transit 2023"]);
    expect(await names("suv od 2024")).toEqual(["Toyota RAV4 2024", "Volkswagen ID.4 2025"]);
    expect(await names("golf do 90 tys")).toEqual(["Volkswagen Golf 2021"]);
    expect(await names("bmw 125k")).toEqual(["BMW Seria 3 2020"]);
    const list = await search("vw suv z automatem");
    expect(list.Tails.map((t) => t.Model)).toEqual(["ID.4"]);
    expect(list.SearchFilters?.map((f) => [f.Label, f.Text, f.SearchWithout])).toEqual([
      ["Marka: Volkswagen", "vw", "suv z automatem"],
      ["Nadwozie: SUV", "suv", "vw z automatem"],
      ["Skrzynia: automatyczna", "automatem", "vw suv z"],
    ]);
  });

  it("reads how a car is sold from the lists' own words, and says auctions are a company's", async () => {
    expect(await names("nowy golf")).toEqual(await names("golf"));
    const afterLease = await search("poleasingowy golf");
    expect(afterLease.Count).toBe(0);
    expect(afterLease.SearchFilters?.map((f) => f.Label)).toEqual(["Oferta: poleasingowy", "Model: Golf"]);
    expect((await search("aukcja", { IsCompany: false })).SearchFilters?.map((f) => f.Label)).toEqual([
      "Oferta: aukcja – tylko dla firm",
    ]);
  });

  it("finds an equipment word in another form and does not take it for a make", async () => {
    expect(await names("skóra")).toEqual(["Volkswagen Golf 2023"]);
    // Shown as a removable condition too, beside the filters, in the order typed.
    expect(
      (await search("golf skóra")).SearchFilters?.map((f) => [f.Kind, f.Label, f.SearchWithout]),
    ).toEqual([
      ["model", "Model: Golf", "skóra"],
      ["equipment", "Wyposażenie: skóra", "golf"],
    ]);
    expect((await search("Golf SKÓRA")).SearchFilters?.map((f) => f.Label)).toEqual([
      "Model: Golf",
      "Wyposażenie: skóra",
    ]);
    const hints = await suggest("skóra");
    expect(hints.Models).toEqual([{ Make: "Volkswagen", Model: "Golf", Count: 1 }]);
  });

  it("offers the nearest search when nothing is found", async () => {
    const list = await search("bmw seria 3 manual");
    expect(list.Count).toBe(0);
    expect(list.DidYouMean).toEqual({
      Search: "bmw seria 3",
      Count: 1,
      Differs: ["bez warunku Skrzynia: manualna"],
    });
    const other = await search("mazda rav4"); // not a Mazda model: the make is kept
    expect(other.Count).toBe(0);
    expect(other.DidYouMean).toEqual({ Search: "mazda", Count: 1, Differs: ["bez słowa „rav4”"] });
    expect((await search("zzzz qqqq")).DidYouMean).toBeUndefined();
  });
});

describe("the search reads what an amount bounds from the words around it", () => {
  const chips = async (q: string, extra: Record<string, unknown> = {}) =>
    (await search(q, extra)).SearchFilters?.map((f) => [f.Label, f.SearchWithout]);

  it("reads a monthly instalment, not a model by a number's likeness nor the cash price", async () => {
    expect(await names("rata do 300")).toEqual(["Škoda Fabia 2023"]);
    expect(await chips("rata do 300")).toEqual([["Rata do 300\u00a0zł/mies.", ""]]);
    expect(await names("do 300 zł miesięcznie")).toEqual(["Škoda Fabia 2023"]);
    expect(await names("leasing peugeot do 1 200 zł")).toEqual(["Peugeot 3008 2022"]);
    expect(await names("3008")).toEqual(["Peugeot 3008 2022"]); // the model's own name
  });

  it("says in a price's chip whether it is netto or brutto, as the list's prices are for that buyer", async () => {
    expect(await chips("golf do 90 tys")).toEqual([
      ["Model: Golf", "do 90 tys"],
      ["Cena do 90\u00a0000\u00a0zł netto", "golf"],
    ]);
    expect((await chips("golf od 50 tys", { IsCompany: false }))?.[1]).toEqual([
      "Cena od 50\u00a0000\u00a0zł brutto",
      "golf",
    ]);
  });

  it("does not narrow a private buyer's cash offers by an instalment, and says so", async () => {
    const list = await search("rata do 300", { IsCompany: false });
    expect(list.Count).toBeGreaterThan(1);
    expect(list.SearchFilters?.map((f) => f.Label)).toEqual(["Rata do 300\u00a0zł/mies. – tylko dla firm"]);
  });

  it("reads a mileage by its word", async () => {
    const list = await search("peugeot przebieg do 50 tys");
    expect(list.Count).toBe(0); // the 3008 has 80 000 km
    expect(list.SearchFilters?.map((f) => f.Label)).toEqual([
      "Marka: Peugeot",
      "Przebieg do 50\u00a0000\u00a0km",
    ]);
    expect(await names("skoda przebieg do 50 tys")).toEqual(["Škoda Fabia 2023"]);
  });

  it("names in the chip the model it filters, words typed in any order", async () => {
    expect(await names("c klasa")).toEqual(["Mercedes-Benz Klasa C 2022"]);
    expect(await chips("c klasa")).toEqual([["Model: Klasa C", ""]]);
  });
});

const suggest = async (Search: string, buyer: Record<string, string> = {}) => {
  const res = await fetch(
    `${server.url}/api/Offers/SearchSuggestions?${new URLSearchParams({ Search, ...buyer })}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as SearchSuggestions;
};

describe("suggestions while typing", () => {
  it("forgive typos and nicknames, with counts", async () => {
    expect((await suggest("beemka")).Makes).toEqual([{ Name: "BMW", Count: 2 }]);
    expect((await suggest("volksw")).Makes).toEqual([{ Name: "Volkswagen", Count: 3 }]);
    expect((await suggest("glof")).Models).toEqual([{ Make: "Volkswagen", Model: "Golf", Count: 2 }]);
    expect((await suggest("cx5")).Models).toEqual([{ Make: "Mazda", Model: "CX-5", Count: 1 }]);
  });

  it("count for a private buyer only what a private buyer's list shows: no auctions, cash sales only", async () => {
    const db = server.services.db;
    const added = await db
      .insert(offers)
      .values([
        offerRow({
          make: "Volkswagen",
          model: "Passat",
          saleType: "auction",
          auctionStart: new Date(Date.now() - 60_000),
          auctionEnd: new Date(Date.now() + 24 * 3_600_000),
          startingPrice: 50_000,
        }),
        offerRow({ make: "Volkswagen", model: "Golf", isCashAvailable: false }),
      ])
      .returning({ id: offers.id });
    server.services.offers.invalidate();
    try {
      const privately = { IsCompany: "false" };
      expect((await suggest("volksw")).Makes).toEqual([{ Name: "Volkswagen", Count: 5 }]);
      expect((await suggest("volksw", privately)).Makes).toEqual([{ Name: "Volkswagen", Count: 3 }]);
      expect((await suggest("passat")).Models).toEqual([{ Make: "Volkswagen", Model: "Passat", Count: 1 }]);
      expect((await suggest("passat", privately)).Models).toEqual([]);
      // Words the names do not answer alone are counted in the private buyer's list too.
      expect((await suggest("golf kombi", privately)).Models).toEqual([
        { Make: "Volkswagen", Model: "Golf", Count: 1 },
      ]);
      // The list the suggestion leads to says the same number.
      const list = await search("volkswagen", { IsCompany: false });
      expect(list.Count).toBe(3);
    } finally {
      await db.delete(offers).where(
        inArray(
          offers.id,
          added.map((a) => a.id),
        ),
      );
      server.services.offers.invalidate();
    }
  });
});
