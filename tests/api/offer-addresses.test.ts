import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const offer = (saleType: "new" | "afterLease" | "auction", make: string, model: string) => ({
  saleType,
  make,
  model,
  bodyType: "kombi",
  fuelType: "ON",
  gearBoxType: "Manualna",
  color: "srebrny",
  year: 2022,
  mileage: 61_000,
  engineCapacity: 1968,
  powerHp: 150,
});

describe("canonical offer addresses (legacy /new/{id}, /afterLease/{id}, /auction/{id})", () => {
  it("gives each offer its detail address with the make-model slug", async () => {
    const rows = await server.services.db
      .insert(offers)
      .values([
        offer("afterLease", "Škoda", "Octavia"),
        offer("new", "Mercedes-Benz", "Klasa C"),
        offer("auction", "BMW", "X3"),
      ])
      .returning({ id: offers.id });
    const [a, b, c] = rows.map((r) => r.id);
    const addresses = server.services.offerAddresses;
    expect(await addresses.canonicalPath(a)).toBe(`/samochody-poleasingowe/skoda-octavia-id-${a}`);
    expect(await addresses.canonicalPath(b)).toBe(`/nowe-samochody/mercedes-benz-klasa-c-id-${b}`);
    expect(await addresses.canonicalPath(c)).toBe(`/aukcje-samochodowe/bmw-x3-id-${c}`);
  });

  it("knows no address for an unknown or impossible id", async () => {
    const addresses = server.services.offerAddresses;
    for (const id of [999_999, 0, -1, Number.NaN, 1.5, 10 ** 12])
      expect(await addresses.canonicalPath(id)).toBeNull();
  });
});
