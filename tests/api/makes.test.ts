import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offers } from "../../src/server/db/schema/index";
import { createMakesService } from "../../src/server/makes";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const offer = (make: string, status: "active" | "sold" = "active") => ({
  saleType: "new" as const,
  make,
  model: "Model",
  bodyType: "suv",
  fuelType: "PB",
  gearBoxType: "Automatyczna",
  color: "czarny",
  year: 2026,
  mileage: 10,
  engineCapacity: 1498,
  powerHp: 150,
  status,
});

describe("makes service (brands menu, /marki/{make})", () => {
  it("lists each make on sale once, alphabetically in Polish order, with its address", async () => {
    const db = server.services.db;
    await db
      .insert(offers)
      .values([
        offer("Volvo"),
        offer("Alfa Romeo"),
        offer("Audi"),
        offer("Audi"),
        offer("Mercedes-Benz"),
        offer("Dodge", "sold"),
      ]);
    const makes = createMakesService(db, new ManualClock());
    expect(await makes.list()).toEqual([
      { name: "Alfa Romeo", slug: "alfa-romeo", path: "/marki/alfa-romeo" },
      { name: "Audi", slug: "audi", path: "/marki/audi" },
      { name: "Mercedes-Benz", slug: "mercedes-benz", path: "/marki/mercedes-benz" },
      { name: "Volvo", slug: "volvo", path: "/marki/volvo" },
    ]);
  });

  it("answers from its cache until the time is up, then reads the offers again", async () => {
    const db = server.services.db;
    const clock = new ManualClock();
    const makes = createMakesService(db, clock, { ttlMs: 60_000 });
    const before = (await makes.list()).length;
    await db.insert(offers).values(offer("Kia"));
    expect((await makes.list()).length).toBe(before);
    clock.advance(60_000);
    // Past its time the last list still answers at once while the offers are read again; then the new one.
    expect((await makes.list()).length).toBe(before);
    await expect.poll(async () => (await makes.list()).map((m) => m.name)).toContain("Kia");
  });

  it("does not keep a failed query in the cache", async () => {
    let fail = true;
    const flaky = new Proxy(server.services.db, {
      get(target, prop, receiver) {
        if (prop === "selectDistinct" && fail) {
          return () => {
            throw new Error("baza niedostępna");
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const makes = createMakesService(flaky, new ManualClock());
    await expect(makes.list()).rejects.toThrow("baza niedostępna");
    fail = false;
    expect((await makes.list()).length).toBeGreaterThan(0);
  });
});
