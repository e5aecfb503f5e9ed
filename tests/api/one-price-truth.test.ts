import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CalculatorProperties, calculateLeasing, calculateRent } from "../../src/domain/calculator";
import { lowestLeasingInput, lowestRentInput, offerTerms } from "../../src/domain/headline-price";
import { syncHeadlineInstalments } from "../../src/server/catalogue/headline-sync";
import { calculatorProducts, offers } from "../../src/server/db/schema/index";
import { seedIfEmpty } from "../../src/server/seed/seed-if-empty";
import { startApiServer, type TestServer } from "../support/api-server";
import { fleetCar } from "../support/fleet-fixtures";

// ADR 042 (revising ADR 020): every "od" instalment a buyer reads is the lowest instalment the offer's
// calculator gives, and the page states the terms it is given at.
let server: TestServer;
const KEY = "klucz-systemu-flotowego-0123456789";
beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" }, { web: true });
  await seedIfEmpty(server.services.database, server.services.config, server.services.clock.now());
});
afterAll(() => server.close());

const PATH = { new: "NewVehicles", afterLease: "AfterLease" } as const;

async function properties(): Promise<CalculatorProperties> {
  const res = await server.app.inject({
    method: "GET",
    url: "/api/InstallmentCalculator/CalculatorProperties",
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

type Product = "Leasing" | "LongTimeRent";

/** What the calculator API answers for the offer at these terms (no services). */
async function calculator(id: number, product: Product, terms: Record<string, unknown>) {
  const res = await server.app.inject({
    method: "POST",
    url: `/api/InstallmentCalculator/${product}`,
    payload: { AuctionId: id, AdditionalServices: [], ...terms },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().InstallmentPriceNetto as number;
}

const steps = (r: { Min: number; Max: number; Step: number }) =>
  Array.from({ length: Math.floor((r.Max - r.Min) / r.Step) + 1 }, (_, i) => r.Min + i * r.Step);

/**
 * Every input the calculator accepts for a product, as the domain's own maths answers it: the lowest
 * over all of them, found without the code under test.
 */
function lowestOverEveryInput(price: number, product: Product, p: CalculatorProperties): number {
  let lowest = Number.POSITIVE_INFINITY;
  for (const Insurance of ["financed", "outside"] as const) {
    if (product === "Leasing") {
      const L = p.Leasing;
      for (const Period of L.Periods.filter((x) => x <= 80))
        for (const OwPercent of steps(L.Ow))
          for (const RvPercent of steps(L.Rv).filter((rv) => OwPercent + rv < 100)) {
            const input = {
              PriceNetto: price,
              Period,
              OwPercent,
              RvPercent,
              AdditionalServices: [],
              Insurance,
            };
            lowest = Math.min(lowest, calculateLeasing(input, L, p.Insurance).InstallmentPriceNetto);
          }
    } else {
      const R = p.LongTimeRent;
      for (const Period of R.Periods.filter((x) => x <= 80))
        for (const OwPercent of steps(R.Ow))
          for (const Mileage of R.MileageLimits) {
            const input = {
              PriceNetto: price,
              Period,
              OwPercent,
              Mileage,
              AdditionalServices: [],
              Insurance,
            };
            lowest = Math.min(lowest, calculateRent(input, R, p.Insurance).InstallmentPriceNetto);
          }
    }
  }
  return lowest;
}

/** The terms the page states for the "od", as the calculator API takes them. */
function statedTerms(price: number, product: Product, p: CalculatorProperties) {
  const { PriceNetto: _, ...terms } =
    product === "Leasing" ? lowestLeasingInput(price, p) : lowestRentInput(price, p);
  return terms;
}

async function demoOffers() {
  return server.services.db
    .select({ id: offers.id, saleType: offers.saleType })
    .from(offers)
    .where(sql`sale_type <> 'auction' and status = 'active'`);
}

describe("one price truth over every demo offer", () => {
  it("the detail API's 'od' instalments are the calculator's answer at the stated terms, and none is lower", async () => {
    const p = await properties();
    const list = await demoOffers();
    expect(list.length).toBeGreaterThan(200);
    let leasing = 0;
    let rent = 0;
    for (const o of list) {
      const res = await server.app.inject({
        method: "GET",
        url: `/api/OfferDetails/${PATH[o.saleType as "new" | "afterLease"]}?AuctionId=${o.id}`,
      });
      expect(res.statusCode).toBe(200);
      const d = res.json();
      const price = d.TotalPriceNettoDiscount ?? d.TotalPriceNetto;
      // Every 20th offer is checked against every input the calculator accepts (slow, so a sample).
      const exhaustive = o.id % 20 === 0;
      if (d.IsLeasingAvailable && price !== null) {
        leasing++;
        const od = d.LeasePriceDiscount ?? d.LeasePrice;
        expect(od, `offer ${o.id} leasing`).toBe(
          await calculator(o.id, "Leasing", statedTerms(price, "Leasing", p)),
        );
        if (exhaustive) expect(od, `offer ${o.id} leasing`).toBe(lowestOverEveryInput(price, "Leasing", p));
      }
      if (d.IsRentAvailable && price !== null) {
        rent++;
        const od = d.RentPriceNettoDiscount ?? d.RentPriceNetto;
        expect(od, `offer ${o.id} rent`).toBe(
          await calculator(o.id, "LongTimeRent", statedTerms(price, "LongTimeRent", p)),
        );
        if (exhaustive) expect(od, `offer ${o.id} rent`).toBe(lowestOverEveryInput(price, "LongTimeRent", p));
      }
    }
    expect(leasing).toBeGreaterThan(100);
    expect(rent).toBeGreaterThan(50);
  });

  it("a detail page states the parameters of its 'od' instalments", async () => {
    const [o] = await server.services.db
      .select()
      .from(offers)
      .where(sql`sale_type <> 'auction' and is_leasing_available and is_rent_available`)
      .limit(1);
    const page = await server.app.inject({
      method: "GET",
      url: `/${o.saleType === "new" ? "nowe-samochody" : "samochody-poleasingowe"}/x-id-${o.id}`,
    });
    const detail = await server.app.inject({ method: "GET", url: page.headers.location as string });
    expect(detail.statusCode).toBe(200);
    const text = detail.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const p = await properties();
    const terms = offerTerms(o.totalPriceNettoDiscount ?? (o.totalPriceNetto as number), p);
    expect(text).toContain(`przy ${terms.leasing}`.replace(/\u00a0/g, " "));
    expect(text).toContain(`przy ${terms.rent}`.replace(/\u00a0/g, " "));
    // The demo settings: the longest period, the highest own contribution and buyout, and for a car
    // above 25 000 zł netto the own insurance (250 zł a year) rather than 1% of the price financed.
    expect(terms.leasing).toBe(
      "80\u00a0mies., opłata wstępna 45%, wykup 50%, ubezpieczenie we własnym zakresie",
    );
    expect(terms.rent).toBe(
      "80\u00a0mies., wpłata własna 45%, 10\u00a0000\u00a0km rocznie, ubezpieczenie we własnym zakresie",
    );
  });

  it("follows the calculator settings: after the company edits them, the next start reprices every offer", async () => {
    await server.services.db
      .update(calculatorProducts)
      .set({ periods: [24, 36, 48, 60] })
      .where(eq(calculatorProducts.product, "leasing"));
    // The server's cache of the settings forgets them on the change's notification.
    await server.services.changes.caughtUp(server.services.db);
    // The start-up sync reads them from the database.
    expect(await syncHeadlineInstalments(server.services.db)).toBeGreaterThan(100);
    const res = await server.app.inject({
      method: "GET",
      url: "/api/InstallmentCalculator/CalculatorProperties",
    });
    const p: CalculatorProperties = res.json();
    expect(p.Leasing.Periods).toEqual([24, 36, 48, 60]);
    for (const o of (await demoOffers()).slice(0, 40)) {
      const [row] = await server.services.db.select().from(offers).where(eq(offers.id, o.id));
      if (!row.isLeasingAvailable) continue;
      const price = row.totalPriceNettoDiscount ?? (row.totalPriceNetto as number);
      expect(statedTerms(price, "Leasing", p).Period).toBe(60);
      expect(row.leasePriceDiscount ?? row.leasePrice).toBe(
        await calculator(o.id, "Leasing", statedTerms(price, "Leasing", p)),
      );
    }
    expect(await syncHeadlineInstalments(server.services.db)).toBe(0);
  });

  it("the fleet API's instalments become the calculator's, on publishing and on a price cut", async () => {
    const admin = (url: string, method: string, payload: unknown) =>
      server.app.inject({
        method: method as "POST",
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${KEY}` },
      });
    const published = await admin(
      "/api/Admin/Offers",
      "POST",
      fleetCar({ Prices: { TotalPriceNetto: 129_000, LeasePrice: 2_350 } }),
    );
    expect(published.statusCode, published.body).toBe(201);
    const { AuctionId } = published.json();
    const p = await properties();
    const read = async () =>
      (
        await server.app.inject({ method: "GET", url: `/api/OfferDetails/AfterLease?AuctionId=${AuctionId}` })
      ).json();
    expect((await read()).LeasePrice).toBe(lowestOverEveryInput(129_000, "Leasing", p));
    expect((await read()).LeasePrice).not.toBe(2_350);
    const cut = await admin(`/api/Admin/Offers/Prices?AuctionId=${AuctionId}`, "PUT", {
      TotalPriceNetto: 129_000,
      TotalPriceNettoDiscount: 119_000,
      LeasePrice: 2_350,
      RentPriceNetto: 2_900,
    });
    expect(cut.statusCode, cut.body).toBe(200);
    const after = await read();
    expect(after.LeasePriceDiscount).toBe(lowestOverEveryInput(119_000, "Leasing", p));
    expect(after.RentPriceNettoDiscount).toBe(lowestOverEveryInput(119_000, "LongTimeRent", p));
    expect(after.LeasePrice).toBeGreaterThan(after.LeasePriceDiscount);
  });
});
