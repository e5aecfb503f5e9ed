import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REGISTRATIONS_PER_WINDOW, RESET_REQUESTS_PER_WINDOW } from "../../src/server/api/accounts";
import { CAR_ALERTS_PER_WINDOW } from "../../src/server/api/alerts";
import { CHAT_STARTS_PER_WINDOW } from "../../src/server/api/chat";
import { rateLimitHits } from "../../src/server/db/schema/index";
import { alertClient, insertOffer } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { spendRateLimit } from "../support/rate-limit";

// Endpoints that mail an address the sender chooses or burn CPU are limited per client address
//. Each test spends all but one request of the window, shows the last one still works
// (so the endpoint itself counts), then the next one gets 429 with a Polish text for that action.
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0", LEADS_RATE_LIMIT: "10" });
  await insertOffer(server.services.db, { make: "Audi", bodyType: "kombi", fuelType: "ON" });
});
afterAll(() => server.close());
beforeEach(() => server.services.db.delete(rateLimitHits));

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json() };
};

async function expectLimited(res: Awaited<ReturnType<typeof post>>, text: RegExp) {
  expect(res.status).toBe(429);
  expect(Number(res.retryAfter)).toBeGreaterThan(0);
  expect(res.json).toEqual({ ErrorCode: 5, ErrorMessage: expect.stringMatching(text) });
}

const { validPayload } = alertClient(() => server);
let seq = 0;
const registration = () => ({
  Nip: "1234563218",
  CompanyName: "Transport Nowak sp. z o.o.",
  Street: "ul. Długa 5",
  PostalCode: "90-001",
  City: "Łódź",
  Email: `limit${++seq}@firma.pl`,
  Password: "Mocne1haslo!",
  RepeatPassword: "Mocne1haslo!",
  AcceptSiteRules: true,
  AcceptAuctionRules: true,
});

describe("per-address limits on what mails or burns CPU", () => {
  it("car alert creation", async () => {
    await spendRateLimit(server.services.db, "CarAlert", CAR_ALERTS_PER_WINDOW - 1);
    expect((await post("/api/CarAlert", await validPayload())).status).toBe(200);
    await expectLimited(
      await post("/api/CarAlert", await validPayload()),
      /^Zbyt wiele nowych alertów w krótkim czasie\. Spróbuj ponownie za \d+ min\.$/,
    );
  });

  it("registration", async () => {
    await spendRateLimit(server.services.db, "Register", REGISTRATIONS_PER_WINDOW - 1);
    expect((await post("/api/Register", registration())).status).toBe(200);
    await expectLimited(
      await post("/api/Register", registration()),
      /^Zbyt wiele prób rejestracji w krótkim czasie\. Spróbuj ponownie za \d+ min\.$/,
    );
  });

  it("password reset request", async () => {
    await spendRateLimit(server.services.db, "ResetPassword", RESET_REQUESTS_PER_WINDOW - 1);
    expect((await post("/api/Account/ResetPassword", { Email: "ktos@firma.pl" })).status).toBe(200);
    await expectLimited(
      await post("/api/Account/ResetPassword", { Email: "ktos@firma.pl" }),
      /^Zbyt wiele próśb o link do ustawienia hasła w krótkim czasie\. Spróbuj ponownie za \d+ min\.$/,
    );
  });

  it("chat starts: a counter of their own, sized for an office behind one address", async () => {
    // The lead forms' limit (LEADS_RATE_LIMIT, 10 here) is far below: an office would be shut out.
    expect(CHAT_STARTS_PER_WINDOW).toBeGreaterThanOrEqual(60);
    await spendRateLimit(server.services.db, "SendQuestion", 10);
    await spendRateLimit(server.services.db, "ChatStart", CHAT_STARTS_PER_WINDOW - 1);
    const prechat = { name: "Ewa", topic: "Aukcje", question: "Pytanie z biura.", consent: true };
    expect((await post("/api/Chat/Start", prechat)).status).toBe(200);
    await expectLimited(
      await post("/api/Chat/Start", prechat),
      /^Zbyt wiele rozpoczętych rozmów w krótkim czasie\. Spróbuj ponownie za \d+ min\.$/,
    );
  });

  it("chat tickets (leave a message when nobody is online)", async () => {
    const ticket = { name: "Ewa", email: "ewa@example.com", message: "Proszę o kontakt.", consent: true };
    await spendRateLimit(server.services.db, "ChatTicket", 9);
    expect((await post("/api/Chat/Tickets", ticket)).status).toBe(200);
    await expectLimited(
      await post("/api/Chat/Tickets", ticket),
      /^Wysłano zbyt wiele zgłoszeń z tego adresu/,
    );
  });
});
