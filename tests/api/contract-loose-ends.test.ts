import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertClient, insertOffer } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { createBidder, signIn } from "../support/auction-fixtures";

/** The API contract's loose ends, walked against spec section 7. */
let server: TestServer;

beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0", RATE_LIMITS_SCALE: "100" });
  await insertOffer(server.services.db, { make: "Audi", bodyType: "kombi", fuelType: "ON" });
});
afterAll(() => server.close());

const json = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: init.body ? { "content-type": "application/json", ...init.headers } : init.headers,
  });
  return { status: res.status, body: await res.json() };
};

describe("API paths in any letter case", () => {
  it("answers /api/literals/get as /api/Literals/Get", async () => {
    const canonical = await json("/api/Literals/Get");
    expect(canonical.status).toBe(200);
    expect(await json("/api/literals/get")).toEqual(canonical);
    expect(await json("/API/LITERALS/GET")).toEqual(canonical);
  });

  it("matches POST routes too, and unknown paths still answer 404 in the error contract", async () => {
    const lower = await json("/api/home/newvehicles", { method: "POST", body: "{}" });
    expect(lower.status).toBe(200);
    expect(lower.body).toEqual((await json("/api/Home/NewVehicles", { method: "POST", body: "{}" })).body);
    expect(await json("/api/literals/nie-ma")).toEqual({
      status: 404,
      body: { ErrorCode: 3, ErrorMessage: "Nie ma takiej ścieżki API." },
    });
  });
});

describe("an access token used after logout", () => {
  it("answers ErrorCode 44 (access denied), not 8 (refresh and retry)", async () => {
    const bidder = await createBidder(server.services.db);
    const token = await signIn(server.url, bidder);
    const auth = { authorization: `Bearer ${token}` };
    expect((await json("/api/Account", { headers: auth })).status).toBe(200);
    expect((await json("/api/Account/Logout", { method: "POST", body: "{}", headers: auth })).status).toBe(
      200,
    );
    const after = await json("/api/Account", { headers: auth });
    expect(after.status).toBe(401);
    expect(after.body.ErrorCode).toBe(44);
    // A token nobody issued still answers 8.
    expect(
      (await json("/api/Account", { headers: { authorization: "Bearer nieznany" } })).body.ErrorCode,
    ).toBe(8);
  });
});

describe("POST /api/CarAlert amounts named for what they hold", () => {
  const { validPayload, createAlert } = alertClient(() => server);
  const bounds = async (guid: string) => {
    const result = await server.services.db.execute(
      sql`select financing, price_from, price_to from car_alerts where guid = ${guid}::uuid`,
    );
    return (result as unknown as { rows: unknown[] }).rows[0];
  };

  it("takes a company's netto bounds as TotalPriceNetto* and InstallmentNetto*", async () => {
    const cash = await createAlert({
      TotalPriceBruttoTo: 0,
      TotalPriceNettoFrom: 50_000,
      TotalPriceNettoTo: 150_000,
    });
    expect(await bounds(cash.guid)).toEqual({ financing: 2, price_from: 50_000, price_to: 150_000 });
    expect(cash.mail.text).toContain(
      "- Przedział cenowy: od 50\u00a0000\u00a0zł do 150\u00a0000\u00a0zł netto",
    );
    const rate = await createAlert({ TotalPriceBruttoTo: 0, InstallmentNettoTo: 2_500 });
    expect(await bounds(rate.guid)).toEqual({ financing: 1, price_from: 0, price_to: 2_500 });
    expect(rate.mail.text).toContain("do 2\u00a0500\u00a0zł netto/mies.");
  });

  it("keeps the contract's names working and refuses netto prices from a private person or an amount given twice", async () => {
    const legacy = await createAlert({ TotalPriceBruttoTo: 150_000 });
    expect(await bounds(legacy.guid)).toEqual({ financing: 2, price_from: 0, price_to: 150_000 });
    const post = async (overrides: Record<string, unknown>) =>
      json("/api/CarAlert", { method: "POST", body: JSON.stringify(await validPayload(overrides)) });
    expect(await post({ IsCompany: false, TotalPriceBruttoTo: 0, TotalPriceNettoTo: 90_000 })).toEqual({
      status: 400,
      body: {
        ErrorCode: 1,
        ErrorMessage:
          "Pole TotalPriceNettoTo: cenę netto podaje tylko firma; osoba prywatna podaje cenę brutto w polu TotalPriceBruttoTo",
      },
    });
    expect((await post({ TotalPriceNettoTo: 90_000 })).body.ErrorMessage).toBe(
      "Pole TotalPriceNettoTo: podaj tę kwotę raz: w tym polu albo w TotalPriceBruttoTo",
    );
  });

  it("describes the netto fields in /api/docs", async () => {
    const docs = JSON.stringify((await json("/api/docs")).body);
    for (const field of [
      "InstallmentNettoFrom",
      "InstallmentNettoTo",
      "TotalPriceNettoFrom",
      "TotalPriceNettoTo",
    ])
      expect(docs).toContain(field);
  });
});

describe("validation messages a person reads", () => {
  const offers = (body: unknown) =>
    json("/api/Offers/NewVehicles", { method: "POST", body: JSON.stringify(body) });

  it("says what is allowed, naming the field, without zod's wording", async () => {
    const cases: [unknown, string][] = [
      [{ ResultsPerPage: 61 }, "Pole ResultsPerPage: najwyżej 60"],
      [{ ResultsPerPage: 0 }, "Pole ResultsPerPage: co najmniej 1"],
      [{ ResultsPerPage: "dużo" }, "Pole ResultsPerPage: oczekiwano: liczba"],
      [{ ResultsPerPage: 2.5 }, "Pole ResultsPerPage: oczekiwano: liczba całkowita"],
      [{ SaleTypes: ["new", "new", "new", "new"] }, "Pole SaleTypes: najwyżej 3 elementy"],
    ];
    for (const [body, message] of cases) {
      expect(await offers(body)).toEqual({ status: 400, body: { ErrorCode: 1, ErrorMessage: message } });
    }
  });
});
