import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfferDetails, OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertCatalogue, offerRow } from "../support/catalogue-fixtures";

let server: TestServer;
let ids: Record<string, number>;
beforeAll(async () => {
  server = await startApiServer();
  ({ ids } = await insertCatalogue(server.services.db));
});
afterAll(() => server.close());

const post = async (path: string, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const get = (path: string) => fetch(`${server.url}/api${path}`);
const makes = (list: OfferList) => list.Tails.map((t) => t.Make);

describe("offer lists", () => {
  it("lists new cars with promoted first and the count of all matches", async () => {
    const res = await post("/Offers/NewVehicles", {});
    expect(res.status).toBe(200);
    const list = (await res.json()) as OfferList;
    expect(list.Count).toBe(4);
    expect(list.Tails[0].IsPromoted).toBe(true);
    expect(new Set(list.Tails.map((t) => t.Status))).toEqual(new Set(["Nowy"]));
    const tile = list.Tails[0];
    expect(tile.Url).toBe(`/nowe-samochody/toyota-corolla-id-${tile.AuctionId}`);
  });

  it("filters by make, body type, fuel, gearbox, year and mileage", async () => {
    const body = {
      Makes: ["skoda", "Kia"],
      BodyTypes: ["kombi"],
      GearBoxTypes: ["manual"],
      YearFrom: 2020,
      MileageTo: 90_000,
    };
    const list = (await (await post("/Offers/AfterLease", body)).json()) as OfferList;
    expect(makes(list)).toEqual(["Skoda"]);
    const electric = (await (await post("/Offers/AfterLease", { FuelTypes: ["EL"] })).json()) as OfferList;
    expect(makes(electric)).toEqual(["Kia"]);
  });

  it("compares the price range netto for companies and brutto for private persons", async () => {
    // Audi: 170 000 netto / 209 100 brutto after the discount.
    const company = (await (
      await post("/Offers/NewVehicles", { PriceFrom: 150_000, PriceTo: 175_000 })
    ).json()) as OfferList;
    expect(makes(company)).toEqual(["Audi"]);
    const privately = (await (
      await post("/Offers/NewVehicles", { IsCompany: false, PriceFrom: 150_000, PriceTo: 175_000 })
    ).json()) as OfferList;
    expect(makes(privately)).toEqual(["Toyota"]); // the 159 900 brutto Corolla
  });

  it("a private person's list holds only what a private person can buy: cash offers, no auctions", async () => {
    let leftOut = 0;
    for (const path of ["NewVehicles", "AfterLease", "EndingAuctions"]) {
      const all = (await (await post(`/Offers/${path}`, { ResultsPerPage: 50 })).json()) as OfferList;
      const privately = (await (
        await post(`/Offers/${path}`, { ResultsPerPage: 50, IsCompany: false })
      ).json()) as OfferList;
      const buyable = all.Tails.filter((t) => t.SaleType !== "auction" && t.IsCashAvailable);
      expect(privately.Tails.map((t) => t.AuctionId).sort()).toEqual(buyable.map((t) => t.AuctionId).sort());
      expect(privately.Count).toBe(buyable.length);
      leftOut += all.Count - buyable.length;
    }
    expect(leftOut).toBeGreaterThan(0);
  });

  it("filters by instalment and payment method", async () => {
    const list = (await (await post("/Offers/NewVehicles", { InstallmentTo: 1300 })).json()) as OfferList;
    expect(list.Tails.map((t) => t.Version)).toEqual(["1.8 Hybrid Comfort"]);
    const cash = (await (
      await post("/Offers/AfterLease", { FinancialMethod: "installment" })
    ).json()) as OfferList;
    expect(makes(cash)).toEqual(["Skoda"]); // the Kia is for cash only
  });

  it("sorts by price both ways, newest and lowest mileage", async () => {
    const asc = (await (await post("/Offers/NewVehicles", { SelectedSortingValue: 1 })).json()) as OfferList;
    const prices = asc.Tails.map((t) => t.TotalPriceNettoDiscount ?? t.TotalPriceNetto);
    expect(prices).toEqual([...prices].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const desc = (await (await post("/Offers/NewVehicles", { SelectedSortingValue: 2 })).json()) as OfferList;
    expect(desc.Tails.map((t) => t.AuctionId)).toEqual(asc.Tails.map((t) => t.AuctionId).reverse());
    const km = (await (await post("/Offers/AfterLease", { SelectedSortingValue: 4 })).json()) as OfferList;
    expect(km.Tails.map((t) => t.Mileage)).toEqual([61_000, 84_000]);
    // With a price range (read backwards along the price index) the order is the same, cheaper ones cut off.
    const bounded = (await (
      await post("/Offers/NewVehicles", { SelectedSortingValue: 2, PriceFrom: 1, PriceTo: 10_000_000 })
    ).json()) as OfferList;
    const withCash = desc.Tails.filter((t) => (t.TotalPriceNettoDiscount ?? t.TotalPriceNetto) !== null);
    expect(bounded.Tails.map((t) => t.AuctionId)).toEqual(withCash.map((t) => t.AuctionId));
    expect(bounded.Tails.length).toBeGreaterThan(1);
  });

  it("pages through the list", async () => {
    const p1 = (await (
      await post("/Offers/NewVehicles", { ResultsPerPage: 3, Page: 1 })
    ).json()) as OfferList;
    const p2 = (await (
      await post("/Offers/NewVehicles", { ResultsPerPage: 3, Page: 2 })
    ).json()) as OfferList;
    expect(p1.Tails).toHaveLength(3);
    expect(p2.Tails).toHaveLength(1);
    expect(p2.Count).toBe(4);
    expect(new Set([...p1.Tails, ...p2.Tails].map((t) => t.AuctionId)).size).toBe(4);
    // A page past the last still says how many there are (the list's count comes with its rows).
    const past = (await (
      await post("/Offers/NewVehicles", { ResultsPerPage: 3, Page: 5 })
    ).json()) as OfferList;
    expect(past).toEqual({ Tails: [], Count: 4 });
    const none = (await (
      await post("/Offers/NewVehicles", { ResultsPerPage: 3, Page: 1, YearFrom: 2100 })
    ).json()) as OfferList;
    expect(none.Count).toBe(0);
  });

  it("lists open auctions but not ended ones, and counts across sale types", async () => {
    const auctions = (await (await post("/Offers/EndingAuctions", {})).json()) as OfferList;
    expect(makes(auctions).sort()).toEqual(["Ford", "Volkswagen"]);
    const count = await (await post("/Offers/Count", { FuelTypes: ["EL"] })).json();
    expect(count).toEqual({ Count: 2 });
    const all = await (await post("/Offers/Count", {})).json();
    expect(all.Count).toBe(8); // 4 new, 2 ex-lease, 2 open auctions; the sold BMW and ended Opel drop out
  });

  it("home lists: running auctions only, electric cars, page size", async () => {
    const ending = (await (await post("/Home/EndingAuctions", {})).json()) as OfferList;
    expect(makes(ending)).toEqual(["Volkswagen"]);
    expect(ending.Tails[0].AuctionEnd).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const electric = (await (
      await post("/Home/ElectricVehicles", { ResultsPerPage: 1 })
    ).json()) as OfferList;
    expect(electric.Count).toBe(2);
    expect(electric.Tails).toHaveLength(1);
    const mine = (await (await post("/Home/MyElectricVehicles", {})).json()) as OfferList;
    expect(makes(mine)).toEqual(["Tesla"]);
  });
});

describe("bad input never crashes", () => {
  it.each([
    [{ ResultsPerPage: 10_000 }, "ResultsPerPage"],
    [{ Page: -1 }, "Page"],
    [{ Page: "2" }, "Page"],
    [{ Makes: "Audi" }, "Makes"],
    [{ SelectedSortingValue: 9 }, "SelectedSortingValue"],
    [{ Nieznane: 1 }, ""],
  ])("refuses %j with a Polish 400 naming the field", async (body, field) => {
    const res = await post("/Offers/NewVehicles", body);
    expect(res.status).toBe(400);
    const err = await res.json();
    expect(err.ErrorCode).toBe(1);
    expect(err.ErrorMessage).toContain(field);
  });

  it("refuses an unknown make by name", async () => {
    for (const path of ["/Offers/NewVehicles", "/Offers/Count"]) {
      const res = await post(path, { Makes: ["Audi", "Trabant"] });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        ErrorCode: 1,
        ErrorMessage: "Pole Makes: nieznana marka „Trabant”.",
      });
    }
  });

  it.each([
    ["/OfferDetails/NewVehicles?AuctionId=abc", 400],
    ["/OfferDetails/NewVehicles?AuctionId=-5", 400],
    ["/OfferDetails/NewVehicles", 400],
    ["/OfferDetails/NewVehicles?AuctionId=99999999999", 400],
    ["/OfferDetails/NewVehicles?AuctionId=999999", 404],
    ["/Recommended/AfterLease?AuctionId=999999", 404],
    ["/OfferDetails/SimplifiedVehicleData?AuctionId=1&vehicleSaleStatus=7", 400],
    ["/Favorites/GetAll?ids=1,abc", 400],
    ["/Favorites/GetAll", 400],
  ])("GET %s answers %i with the error contract", async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    const err = await res.json();
    expect(typeof err.ErrorCode).toBe("number");
    expect(err.ErrorMessage.length).toBeGreaterThan(5);
  });
});

describe("offer details", () => {
  it("answers every field, photos, equipment and the sale type's own path only", async () => {
    const res = await get(`/OfferDetails/AfterLease?AuctionId=${ids.Skoda}`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as OfferDetails;
    expect(d.Status).toBe("Poleasingowy");
    expect(d.IsCertified).toBe(true);
    expect(d.Photos).toHaveLength(2);
    expect(d.Photos[0]).toMatchObject({ Width: 1200, Height: 800 });
    expect(d.MainPhotoUrl).toBe(d.Photos[0].Url);
    expect(d.Equipment).toContain("Kamera cofania");
    expect(d.Description).toBe("Samochód fabrycznie nowy, dostępny od ręki.");
    expect(d.PlateNumber).toBe("WX 12345");
    expect((await get(`/OfferDetails/NewVehicles?AuctionId=${ids.Skoda}`)).status).toBe(404);
  });

  it("answers an offer without a texts row with an empty description and no equipment", async () => {
    const { description: _d, equipment: _e, ...row } = offerRow({ make: "Mazda", model: "CX-5" });
    const [{ id }] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    try {
      const d = (await (await get(`/OfferDetails/NewVehicles?AuctionId=${id}`)).json()) as OfferDetails;
      expect(d).toMatchObject({ AuctionId: id, Make: "Mazda", Description: "", Equipment: [] });
    } finally {
      await server.services.db.delete(offers).where(eq(offers.id, id));
    }
  });

  it("gives the lowest price of the 30 days before a cut", async () => {
    const d = (await (await get(`/OfferDetails/NewVehicles?AuctionId=${ids.Audi}`)).json()) as OfferDetails;
    expect(d.TotalPriceBruttoDiscount).toBe(209_100);
    expect(d.LowestPrice30Days?.TotalPriceBrutto).toBe(215_000);
    expect(JSON.parse(d.MarketingLabels)).toEqual([{ Text: "Dostępny od ręki", Color: "#047857" }]);
    expect(d.SpecialPromotions[0].Text).toBe("Opony zimowe gratis");
  });

  it("shows an ended auction's page with isAuctionEnded", async () => {
    const d = (await (await get(`/OfferDetails/Auctions?AuctionId=${ids.Opel}`)).json()) as OfferDetails;
    expect(d.isAuctionEnded).toBe(true);
    expect(d.CurrentPrice).toBe(26_000);
  });

  it("gives simplified data for the right sale status", async () => {
    const ok = await get(
      `/OfferDetails/SimplifiedVehicleData?AuctionId=${ids.Volkswagen}&vehicleSaleStatus=2`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ Make: "Volkswagen", Model: "Passat", Status: "Aukcja" });
    const wrong = await get(
      `/OfferDetails/SimplifiedVehicleData?AuctionId=${ids.Volkswagen}&vehicleSaleStatus=0`,
    );
    expect(wrong.status).toBe(404);
  });
});

describe("favourites, recommendations, filter data", () => {
  it("returns favourites in the asked order and drops missing and sold ones", async () => {
    const res = await get(`/Favorites/GetAll?ids=${ids.Kia},999999,${ids.BMW},${ids.Audi}`);
    const tiles = (await res.json()) as OfferTile[];
    expect(tiles.map((t) => t.Make)).toEqual(["Kia", "Audi"]);
    expect(await (await get("/Favorites/GetAll?ids=")).json()).toEqual([]);
  });

  it("recommends similar offers of the same sale type, never the offer itself", async () => {
    const tiles = (await (await get(`/Recommended/NewVehicles?AuctionId=${ids.Audi}`)).json()) as OfferTile[];
    expect(tiles.length).toBe(3);
    expect(tiles.every((t) => t.SaleType === "new" && t.AuctionId !== ids.Audi)).toBe(true);
  });

  it("lists the filter values and the makes with their models", async () => {
    const data = await (await get("/OffersFilterData")).json();
    expect(data.FuelTypes).toContainEqual({ Name: "Elektryczny", Value: "EL" });
    expect(data.BodyTypes.map((b: { Value: string }) => b.Value)).toContain("kombi");
    const toyota = data.MakesAndModels.find((m: { Make: { Name: string } }) => m.Make.Name === "Toyota");
    expect(toyota.Models).toEqual([{ Name: "Corolla", Value: "Corolla" }]);
    expect(data.AvailableAlertMakes).not.toContain("BMW"); // sold
    expect(data.AvailableAlertMakes).not.toContain("Opel"); // auction ended
  });

  it("names models sold new in several versions", async () => {
    const variants = await (await get("/Offers/NewVehiclesMultipleVariantsInfo")).json();
    expect(variants).toEqual([{ Make: "Toyota", Model: "Corolla" }]);
  });

  it("documents the filter payload in /api/docs", async () => {
    const doc = await (await get("/docs")).json();
    const op = doc.paths["/api/Offers/NewVehicles"].post;
    expect(Object.keys(op.requestBody.content["application/json"].schema.properties)).toContain(
      "SelectedSortingValue",
    );
  });
});

describe("search engines", () => {
  it("lists every list alias, make, model page and open offer in the sitemap", async () => {
    const res = await fetch(`${server.url}/sitemap-oferty.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    for (const path of [
      "/lista-pojazdow",
      "/samochody-elektryczne",
      "/kombi",
      "/van",
      "/marki/volkswagen",
      "/toyota-corolla",
    ]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml).toContain(`/samochody-poleasingowe/skoda-octavia-id-${ids.Skoda}</loc>`);
    expect(xml).toContain(`/aukcje-samochodowe/volkswagen-passat-id-${ids.Volkswagen}</loc>`);
    expect(xml).not.toContain(`-id-${ids.BMW}<`);
    expect(xml).not.toContain(`-id-${ids.Opel}<`);
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const txt = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(txt).toContain("User-agent: *");
    expect(txt).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });
});
