import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AlertMatchCriteria, alertMatchesOffer } from "../../src/domain/alerts/match-keys";
import { matchOffer, offerFacts } from "../../src/server/alerts/matching";
import { insertAlert } from "../../src/server/alerts/service";
import { insertOffer } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";

/**
 * The matching SQL (key table lookup + re-check of coarsened keys) against the rule written in TypeScript: for
 * random alerts and offers, the alerts the query records are exactly those the rule accepts.
 */

const MAKES = ["Audi", "BMW", "Kia", "Škoda"];
const BODIES = ["sedan", "kombi", "suv"];
const FUELS = ["PB", "ON", "EL"];
const GEARS = ["manual", "automatic"];

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0" });
});
afterAll(() => server.close());

const alertArb = fc
  .record({
    isCompany: fc.boolean(),
    financing: fc.constantFrom(0, 1, 2),
    a: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 300_000 })),
    b: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 300_000 })),
    makes: fc.subarray(MAKES),
    bodyTypes: fc.subarray(BODIES),
    fuelTypes: fc.subarray(FUELS),
    gearboxTypes: fc.subarray(GEARS),
  })
  .map(({ a, b, ...r }): AlertMatchCriteria => {
    const financing = (!r.isCompany && r.financing === 1 ? 2 : r.financing) as 0 | 1 | 2;
    const [from, to] = financing === 0 ? [0, 0] : b > 0 && a > b ? [b, a] : [a, b];
    return { ...r, financing, priceFrom: from, priceTo: to };
  });

const offerArb = fc.record({
  saleType: fc.constantFrom("new", "afterLease", "auction") as fc.Arbitrary<"new" | "afterLease" | "auction">,
  make: fc.constantFrom(...MAKES),
  bodyType: fc.constantFrom(...BODIES),
  fuelType: fc.constantFrom(...FUELS),
  gearBoxType: fc.constantFrom(...GEARS),
  isCashAvailable: fc.boolean(),
  isLeasingAvailable: fc.boolean(),
  isRentAvailable: fc.boolean(),
  totalPriceNetto: fc.integer({ min: 20_000, max: 300_000 }),
  leasePrice: fc.integer({ min: 500, max: 6000 }),
  rentPriceNetto: fc.integer({ min: 500, max: 6000 }),
});

class Rollback extends Error {}

describe("matching query", () => {
  it("records exactly the alerts the rule accepts", async () => {
    const db = server.services.db;
    const alerts = fc.sample(alertArb, { numRuns: 400, seed: 42 });
    const guids: { guid: string; a: AlertMatchCriteria }[] = [];
    for (const [i, a] of alerts.entries()) {
      const row = await insertAlert(
        db,
        {
          ...a,
          email: `m${i}@example.com`,
          captchaId: `m-${i}`,
          status: "active",
        },
        new Date(),
      );
      guids.push({ guid: row!.guid, a });
    }
    const idOf = new Map<number, string>();
    for (const r of (
      (await db.execute(
        (
          await import("drizzle-orm")
        ).sql`select id, guid from car_alerts where email like 'm%@example.com'`,
      )) as unknown as { rows: { id: number; guid: string }[] }
    ).rows) {
      idOf.set(r.id, r.guid);
    }
    const offers = fc.sample(offerArb, { numRuns: 60, seed: 7 });
    let compared = 0;
    for (const o of offers) {
      const id = await insertOffer(db, {
        ...o,
        auctionStart: o.saleType === "auction" ? new Date(Date.now() - 3600_000) : null,
        auctionEnd: o.saleType === "auction" ? new Date(Date.now() + 86_400_000) : null,
        startingPrice: o.saleType === "auction" ? o.totalPriceNetto : null,
      });
      const facts = (await offerFacts(db, id, new Date()))!;
      let matched: number[] = [];
      await db
        .transaction(async (tx) => {
          matched = await matchOffer(tx, facts, "published");
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
      const got = new Set(matched.map((m) => idOf.get(m)));
      const want = new Set(guids.filter(({ a }) => alertMatchesOffer(a, facts)).map((g) => g.guid));
      expect([...got].sort()).toEqual([...want].sort());
      compared += want.size;
    }
    // The sample is broad enough to have matches to compare.
    expect(compared).toBeGreaterThan(100);
  });
});
