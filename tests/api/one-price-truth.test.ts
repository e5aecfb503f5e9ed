import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalculatorProperties } from "../../src/domain/calculator";
import { headlineTerms } from "../../src/domain/headline-price";
import { syncHeadlineInstalments } from "../../src/server/catalogue/headline-sync";
import { calculatorProducts, offers } from "../../src/server/db/schema/index";
import { seedIfEmpty } from "../../src/server/seed/seed-if-empty";
import { startApiServer, type TestServer } from "../support/api-server";
import { fleetCar } from "../support/fleet-fixtures";

// ADR 020: every "od" instalment a buyer reads is the calculator's answer at the parameters the
// calculator opens at and the page states.
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

/** What the calculator API answers for the offer at the calculator's opening parameters. */
async function calculatorAtOpening(id: number, product: "Leasing" | "LongTimeRent", p: CalculatorProperties) {
  const body =
    product === "Leasing"
      ? {
          AuctionId: id,
          Period: p.Leasing.DefaultPeriod,
          OwPercent: p.Leasing.Ow.Default,
          RvPercent: p.Leasing.Rv.Default,
        }
      : {
          AuctionId: id,
          Period: p.LongTimeRent.DefaultPeriod,
          OwPercent: p.LongTimeRent.Ow.Default,
          Mileage: p.LongTimeRent.DefaultMileage,
        };
  const res = await server.app.inject({
    method: "POST",
    url: `/api/InstallmentCalculator/${product}`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().InstallmentPriceNetto as number;
}

async function demoOffers() {
  return server.services.db
    .select({ id: offers.id, saleType: offers.saleType })
    .from(offers)
    .where(sql`sale_type <> 'auction' and status = 'active'`);
}

describe("one price truth over every demo offer", () => {
  it("the detail API's 'od' instalments are what the calculator answers at its opening parameters", async () => {
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
      if (d.IsLeasingAvailable && d.TotalPriceNetto !== null) {
        leasing++;
        expect(d.LeasePriceDiscount ?? d.LeasePrice, `offer ${o.id} leasing`).toBe(
          await calculatorAtOpening(o.id, "Leasing", p),
        );
      }
      if (d.IsRentAvailable && d.TotalPriceNetto !== null) {
        rent++;
        expect(d.RentPriceNettoDiscount ?? d.RentPriceNetto, `offer ${o.id} rent`).toBe(
          await calculatorAtOpening(o.id, "LongTimeRent", p),
        );
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
    const terms = headlineTerms(p);
    expect(text).toContain(`przy ${terms.leasing}`.replace(/\u00a0/g, " "));
    expect(text).toContain(`przy ${terms.rent}`.replace(/\u00a0/g, " "));
    expect(terms.leasing).toBe("48\u00a0mies., opłata wstępna 10%, wykup 20%, ubezpieczenie w racie");
  });

  it("follows the calculator settings: after the company edits them, the next start reprices every offer", async () => {
    await server.services.db
      .update(calculatorProducts)
      .set({ defaultPeriod: 60 })
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
    expect(p.Leasing.DefaultPeriod).toBe(60);
    for (const o of (await demoOffers()).slice(0, 40)) {
      const [row] = await server.services.db.select().from(offers).where(eq(offers.id, o.id));
      if (!row.isLeasingAvailable) continue;
      expect(row.leasePriceDiscount ?? row.leasePrice).toBe(await calculatorAtOpening(o.id, "Leasing", p));
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
    expect((await read()).LeasePrice).toBe(await calculatorAtOpening(AuctionId, "Leasing", p));
    expect((await read()).LeasePrice).not.toBe(2_350);
    const cut = await admin(`/api/Admin/Offers/Prices?AuctionId=${AuctionId}`, "PUT", {
      TotalPriceNetto: 129_000,
      TotalPriceNettoDiscount: 119_000,
      LeasePrice: 2_350,
      RentPriceNetto: 2_900,
    });
    expect(cut.statusCode, cut.body).toBe(200);
    const after = await read();
    expect(after.LeasePriceDiscount).toBe(await calculatorAtOpening(AuctionId, "Leasing", p));
    expect(after.RentPriceNettoDiscount).toBe(await calculatorAtOpening(AuctionId, "LongTimeRent", p));
    expect(after.LeasePrice).toBeGreaterThan(after.LeasePriceDiscount);
  });
});
