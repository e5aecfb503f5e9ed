import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { calculatorProducts, calculatorServices, offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;
let leasingOfferId: number;
let cashOnlyId: number;
beforeAll(async () => {
  server = await startApiServer();
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  const base = {
    make: "Audi",
    model: "Q7",
    bodyType: "suv",
    fuelType: "ON",
    gearBoxType: "automatyczna",
    color: "czarny",
    year: 2025,
    mileage: 10,
    engineCapacity: 2967,
    powerHp: 286,
  };
  const [a] = await server.services.db
    .insert(offers)
    .values({
      ...base,
      saleType: "new",
      isLeasingAvailable: true,
      isRentAvailable: true,
      totalPriceNetto: 110_000,
      totalPriceNettoDiscount: 100_000,
    })
    .returning({ id: offers.id });
  const [b] = await server.services.db
    .insert(offers)
    .values({ ...base, saleType: "afterLease", isCashAvailable: true, totalPriceNetto: 50_000 })
    .returning({ id: offers.id });
  leasingOfferId = a.id;
  cashOnlyId = b.id;
});
afterAll(() => server.close());

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api/InstallmentCalculator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("OpenAPI description", () => {
  it("documents the calculator and lead endpoints", async () => {
    const doc = await (await fetch(`${server.url}/api/docs`)).json();
    for (const path of [
      "/api/InstallmentCalculator/CalculatorProperties",
      "/api/InstallmentCalculator/Leasing",
      "/api/InstallmentCalculator/LongTimeRent",
      "/api/Contact/SendQuestion",
      "/api/Contact/SendMarketingMail",
      "/api/FastCall/Post",
      "/api/Captcha/Challenge",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});

describe("GET CalculatorProperties", () => {
  it("answers the properties kept in the database, periods up to 80 months by default", async () => {
    const res = await fetch(`${server.url}/api/InstallmentCalculator/CalculatorProperties`);
    expect(res.status).toBe(200);
    const p = await res.json();
    expect(p.Leasing.Periods).toEqual([24, 36, 48, 60, 72, 80]);
    expect(p.LongTimeRent.Periods).toEqual([24, 36, 48, 60, 72, 80]);
    expect(p.LongTimeRent.MileageLimits).toContain(20_000);
    expect(p.Leasing.Ow).toEqual({ Min: 0, Max: 45, Step: 1, Default: 10 });
    expect(p.Insurance).toEqual({ FinancedYearlyPercent: 1, OutsideYearlyFeeNetto: 250 });
  });
  it("limits periods per product by the query and follows a change in the database", async () => {
    await server.services.db.insert(calculatorServices).values({
      product: "rent",
      value: "mycie",
      name: "Mycie co miesiąc",
      monthlyPriceNetto: 30,
      position: 9,
    });
    // Staff edits reach the server's cache of the settings through the change notification.
    await server.services.changes.caughtUp(server.services.db);
    const p = await (
      await fetch(
        `${server.url}/api/InstallmentCalculator/CalculatorProperties?maxAvailableLeasingPeriod=48&maxAvailableRentPeriod=84`,
      )
    ).json();
    expect(p.Leasing.Periods).toEqual([24, 36, 48]);
    expect(p.LongTimeRent.Periods).toEqual([24, 36, 48, 60, 72, 80]);
    expect(p.LongTimeRent.AdditionalServices.map((s: { Value: string }) => s.Value)).toContain("mycie");
  });
  it("migration 0013 gives installations with the first period list 80 months, and leaves an edited list", async () => {
    const migration = sql.raw(
      fs.readFileSync(
        path.resolve(import.meta.dirname, "../../drizzle/0013_calculator_periods_up_to_80.sql"),
        "utf8",
      ),
    );
    const periods = async () =>
      Object.fromEntries(
        (await server.services.db.select().from(calculatorProducts)).map((r) => [r.product, r.periods]),
      );
    await server.services.db
      .update(calculatorProducts)
      .set({ periods: [24, 36, 48, 60, 72, 84] })
      .where(eq(calculatorProducts.product, "leasing"));
    await server.services.db
      .update(calculatorProducts)
      .set({ periods: [12, 24, 36, 84] })
      .where(eq(calculatorProducts.product, "rent"));
    await server.services.db.execute(migration);
    expect(await periods()).toEqual({ leasing: [24, 36, 48, 60, 72, 80], rent: [12, 24, 36, 84] });
    await server.services.db
      .update(calculatorProducts)
      .set({ periods: DEFAULT_CALCULATOR_PROPERTIES.LongTimeRent.Periods })
      .where(eq(calculatorProducts.product, "rent"));
    // The next tests read the settings through the server's cache, which the change's notification clears.
    await server.services.changes.caughtUp(server.services.db);
  });
  it("refuses a non-numeric maximum", async () => {
    const res = await fetch(
      `${server.url}/api/InstallmentCalculator/CalculatorProperties?maxAvailableLeasingPeriod=abc`,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toContain("maxAvailableLeasingPeriod");
  });
});

describe("POST Leasing and LongTimeRent", () => {
  it("computes the leasing instalment for a price and echoes the inputs", async () => {
    const res = await post("Leasing", {
      Price: 100_000,
      Period: 36,
      OwPercent: 10,
      RvPercent: 20,
      Insurance: "outside",
    });
    expect(res.status).toBe(200);
    const r = await res.json();
    expect(r).toMatchObject({
      InstallmentPriceNetto: 2343,
      FinancingNetto: 2322,
      TotalFeesPercent: 113.59,
      Ow: 10_000,
      Rv: 20_000,
      PriceNetto: 100_000,
      Period: 36,
      IsLeasing: true,
      Insurance: "outside",
    });
    expect(r.TotalPriceBrutto).toBeGreaterThan(100_000);
  });
  it("uses the offer's discounted net price when AuctionId is given", async () => {
    const r = await (
      await post("LongTimeRent", { AuctionId: leasingOfferId, Period: 36, OwPercent: 0, Mileage: 20_000 })
    ).json();
    expect(r).toMatchObject({
      PriceNetto: 100_000,
      InstallmentPriceNetto: 2464,
      Rv: 31_000,
      IsNew: true,
      IsLeasing: false,
    });
  });
  it.each([
    ["Leasing", { Price: 100_000, Period: 84, OwPercent: 10, RvPercent: 20 }, "Period"],
    ["Leasing", { Price: 100_000, Period: 36, OwPercent: 46, RvPercent: 20 }, "OwPercent"],
    ["Leasing", { Price: 100_000, Period: 36, OwPercent: -1, RvPercent: 20 }, "OwPercent"],
    ["Leasing", { Price: 100_000, Period: 36, OwPercent: 10, RvPercent: 0 }, "RvPercent"],
    ["Leasing", { Price: 100_000, Period: 36, OwPercent: 10, RvPercent: 60 }, "RvPercent"],
    ["Leasing", { Price: -100, Period: 36, OwPercent: 10, RvPercent: 20 }, "Price"],
    [
      "Leasing",
      { Price: 100_000, Period: 36, OwPercent: 10, RvPercent: 20, AdditionalServices: ["serwis"] },
      "AdditionalServices",
    ],
    ["Leasing", { Period: 36, OwPercent: 10, RvPercent: 20 }, "Price"],
    ["Leasing", { Price: 100_000, Period: "36", OwPercent: 10, RvPercent: 20 }, "Period"],
    ["Leasing", { Price: 100_000, Period: 36, OwPercent: 10, RvPercent: 20, Mileage: 10_000 }, "Mileage"],
    ["LongTimeRent", { Price: 100_000, Period: 36, OwPercent: 10, Mileage: 12_345 }, "Mileage"],
    [
      "LongTimeRent",
      { Price: 100_000, Period: 36, OwPercent: 10, Mileage: 20_000, Insurance: "brak" },
      "Insurance",
    ],
    ["LongTimeRent", { AuctionId: 999_999, Period: 36, OwPercent: 10, Mileage: 20_000 }, "AuctionId"],
  ])("%s %j -> 400 naming %s", async (path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    const e = await res.json();
    expect(e.ErrorCode).toBe(1);
    expect(e.ErrorMessage).toContain(field);
  });
  it("refuses leasing for an offer not available in leasing", async () => {
    const res = await post("Leasing", { AuctionId: cashOnlyId, Period: 36, OwPercent: 10, RvPercent: 20 });
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toBe("Pole AuctionId: ta oferta nie jest dostępna w leasingu");
  });
  it("accepts the spec's longest period of 80 months, unless the offer allows less", async () => {
    const body = { Price: 100_000, Period: 80, OwPercent: 10, RvPercent: 20 };
    expect((await post("Leasing", body)).status).toBe(200);
    expect((await post("LongTimeRent", { ...body, RvPercent: undefined, Mileage: 20_000 })).status).toBe(200);
    const shorter = await post("Leasing", { ...body, MaxAvailablePeriod: 72 });
    expect(shorter.status).toBe(400);
    expect((await shorter.json()).ErrorMessage).toContain("Period");
  });
});
