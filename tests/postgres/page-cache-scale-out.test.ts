import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import type { Database } from "../../src/server/db/client";
import { banners } from "../../src/server/db/schema/core";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { insertCatalogue } from "../support/catalogue-fixtures";
import { fleetCar } from "../support/fleet-fixtures";
import { type ServerProcess, startTwoProcesses, type TwoProcesses } from "../support/processes";

// Two server processes with pages (production build) on one PostgreSQL: a change committed through
// one process, or by anybody writing to the database, drops the pages stored by the other (the
// catalogue change feed, LISTEN/NOTIFY; ADR 018). Runs in the PostgreSQL pass.
const KEY = "klucz-systemu-flotowego-0123456789";
let processes: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let database: Database;

beforeAll(async () => {
  processes = await startTwoProcesses("pages", { env: { WEB_BUILD: "1", OFFERS_API_KEY: KEY } });
  ({ a, b, database } = processes);
  await seedContent(database);
  await seedCalculatorProperties(database.db, DEFAULT_CALCULATOR_PROPERTIES);
  await insertCatalogue(database.db);
}, 120_000);

afterAll(async () => {
  await processes?.stop();
});

const page = (server: ServerProcess, path: string) => fetch(`${server.url}${path}`);

/**
 * The page rendered and then served from the process's cache. A render that a catalogue change
 * overtook is not stored (the notifications of beforeAll's inserts may still be arriving): render again.
 */
async function storedOn(server: ServerProcess, path: string): Promise<void> {
  await expect
    .poll(async () => {
      await (await page(server, path)).text();
      return (await page(server, path)).headers.get("x-page-cache");
    })
    .toBe("hit");
}

/**
 * The other process learns of a commit by a notification that arrives within milliseconds, not
 * within the same instant: wait for it (at most 10 s on a loaded machine).
 */
async function shows(server: ServerProcess, path: string, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const html = await (await page(server, path)).text();
    if (pattern.test(html)) return;
    if (Date.now() > deadline) throw new Error(`${path} on ${server.url} does not show ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("page cache across two server processes", () => {
  it("an offer published through one process appears on the other's stored list", async () => {
    await storedOn(b, "/samochody-poleasingowe");
    const res = await fetch(`${a.url}/api/Admin/Offers`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(
        fleetCar({ Make: "Cupra", Model: "Born", FuelType: "EL", EngineCapacity: 0, Vin: null }),
      ),
    });
    expect(res.status).toBe(201);
    await shows(b, "/samochody-poleasingowe", /Cupra/);
  });

  it("a bid through one process shows on the auction page stored by the other", async () => {
    const auctionId = await createAuction(database.db, {
      make: "Mazda",
      model: "CX-5",
      startingPrice: 51_000,
    });
    const path = `/aukcje-samochodowe/mazda-cx-5-id-${auctionId}`;
    await storedOn(b, path);
    const token = await signIn(a.url, await createBidder(database.db));
    expect((await bid(a.url, token, { AuctionId: auctionId, Price: 52_000 })).status).toBe(200);
    await shows(b, path, /52[\s\u00a0]000/);
  });

  it("a banner changed in the database shows on both processes' home pages", async () => {
    const [banner] = await database.db
      .insert(banners)
      .values({ placement: "home-slider", title: "Jesienna wyprzedaż SUV-ów", position: -1 })
      .returning();
    await shows(a, "/", /Jesienna wyprzedaż SUV-ów/);
    await storedOn(a, "/");
    await storedOn(b, "/");
    await database.db.update(banners).set({ title: "Zimowe opony gratis" }).where(eq(banners.id, banner.id));
    await shows(a, "/", /Zimowe opony gratis/);
    await shows(b, "/", /Zimowe opony gratis/);
  });
});
