import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";

/**
 * Every cache of what the catalogue shows is forgotten when the catalogue changes:
 * a make published a moment ago is in the brands menu, and its page is found, not a 404 until some
 * time to live runs out.
 */
const KEY = "klucz-systemu-flotowego-0123456789";
let server: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  server = await startApiServer(
    { OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" },
    { web: true, clock },
  );
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
}, 120_000);
afterAll(() => server?.close());

const publish = async (overrides: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/api/Admin/Offers`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(fleetCar(overrides)),
  });
  expect(res.status).toBe(201);
  // The change feed has reached this process (as it does a moment after the commit).
  await server.services.changes.caughtUp(server.services.db);
};

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
};

describe("catalogue caches after publishing a new make", () => {
  it("the menu links to the new make's page, which answers 200 at once; filters and alert choices know it", async () => {
    await publish({ Make: "Volvo", Vin: "YV1ZWK8V0P2000011" });
    // Fill every cache while Lancia is unknown: its page is a 404 now.
    expect((await page("/marki/volvo")).status).toBe(200);
    expect((await page("/marki/lancia")).status).toBe(404);
    expect((await page("/")).html).not.toContain('href="/marki/lancia"');
    const filterMakes = async () =>
      (
        (await (await fetch(`${server.url}/api/OffersFilterData`)).json()).MakesAndModels as {
          Make: { Value: string };
        }[]
      ).map((m) => m.Make.Value);
    expect(await filterMakes()).not.toContain("Lancia");
    const alertMakes = async () =>
      (await (await fetch(`${server.url}/api/CarAlert`)).json()).AvailableAlertMakes;
    expect(await alertMakes()).not.toContain("Lancia");

    await publish({ Make: "Lancia", Model: "Ypsilon", Vin: "ZLA31200000000012" });

    expect((await page("/")).html).toContain('href="/marki/lancia"');
    const lancia = await page("/marki/lancia");
    expect(lancia.status).toBe(200);
    expect(lancia.html).toContain("Ypsilon");
    expect(await filterMakes()).toContain("Lancia");
    expect(await alertMakes()).toContain("Lancia");
  });
});

describe("texts kept by the server after a staff edit", () => {
  // With credentials a page is rendered for its sender, past the page cache (ADR 018): what it shows
  // comes from the server's own caches of the literals and the banners.
  const rendered = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { authorization: "Bearer kto-inny" } })).text();
  const changed = async (statement: ReturnType<typeof sql>) => {
    await server.services.db.execute(statement);
    await server.services.changes.caughtUp(server.services.db);
  };

  it("a literal edited by staff is in the footer of the next page rendered", async () => {
    expect(await rendered("/")).not.toContain("pon. – sob., 8:00 – 20:00");
    await changed(sql`insert into literals (key, value) values ('ContactHours', 'pon. – sob., 8:00 – 20:00')
      on conflict (key) do update set value = excluded.value`);
    expect(await rendered("/")).toContain("pon. – sob., 8:00 – 20:00");
  });

  it("a banner added by staff is on the home page at once, and gone after its last moment", async () => {
    expect(await rendered("/")).not.toContain("Zimowe opony w racie");
    await changed(sql`insert into banners (placement, title, slider_end_date)
      values ('home-slider', 'Zimowe opony w racie', now() + interval '2 seconds')`);
    expect(await rendered("/")).toContain("Zimowe opony w racie");
    // Nothing changes in the database when a banner's time is up: the kept banners are read by the clock.
    clock.advance(2_500);
    expect(await rendered("/")).not.toContain("Zimowe opony w racie");
  });
});
