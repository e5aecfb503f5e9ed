import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS } from "../../src/domain/documents";
import { auctionSettlements, documents, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction, type OutboxMail } from "../support/auction-fixtures";

/**
 * Losing bidders' result e-mail, rules versions binding auctions from their
 * start, company data changed after verification.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ AUCTION_CLOSE_POLL_MS: "100", SALES_EMAIL: "obsluga@example.com" });
});
afterAll(() => server.close());

const { db, outbox, signedIn } = auctionTestClient(() => server);
const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

describe("rules versions", () => {
  it("a version bound auctions starting from its date; running auctions keep the rules their bidders accepted", async () => {
    const running = await createAuction(db(), {
      start: new Date(Date.now() - 60_000),
      startingPrice: 30_000,
    });
    const anna = await signedIn(); // accepted version 1
    // Version 2 in force from now: the auction that started before keeps version 1 for its bidders.
    await server.services.accounts.publishRules({
      data: Buffer.from("%PDF-1.4 v2"),
      contentType: "application/pdf",
    });
    // Version 3 only from tomorrow: nobody is asked to accept it yet.
    await server.services.accounts.publishRules({
      data: Buffer.from("%PDF-1.4 v3"),
      contentType: "application/pdf",
      effectiveFrom: new Date(Date.now() + 86_400_000),
    });
    const later = await createAuction(db(), { start: new Date(Date.now() + 2_000), startingPrice: 30_000 });
    try {
      expect((await bid(server.url, anna.token, { AuctionId: running, Price: 30_000 })).status).toBe(200);
      await expect
        .poll(
          async () => (await bid(server.url, anna.token, { AuctionId: later, Price: 30_000 })).body.ErrorCode,
          {
            timeout: 5_000,
          },
        )
        .toBe(100);
      // The readiness knows it before any bid: for the later auction, not for the running one.
      expect(
        (await call("GET", `/api/Account/BiddingReadiness?auctionId=${later}`, anna.token)).body,
      ).toMatchObject({ ErrorCode: 100 });
      expect(await call("GET", `/api/Account/BiddingReadiness?auctionId=${running}`, anna.token)).toEqual({
        status: 200,
        body: { CanBid: true },
      });
      const refused = await bid(server.url, anna.token, { AuctionId: later, Price: 30_000 });
      expect(refused).toMatchObject({
        status: 403,
        body: { ErrorMessage: "Obowiązuje nowy regulamin aukcji (wersja 2). Zaakceptuj go, aby licytować." },
      });
      expect(
        (await call("PUT", "/api/Account/AcceptNewRules", anna.token, { Accept: "tak" })).body,
      ).toMatchObject({
        AcceptedRulesVersion: 2,
        RulesAccepted: true,
      });
      // (once it has started)
      await expect
        .poll(async () => (await bid(server.url, anna.token, { AuctionId: later, Price: 30_000 })).status, {
          timeout: 5_000,
        })
        .toBe(200);
      expect((await bid(server.url, anna.token, { AuctionId: running, Price: 30_250 })).status).toBe(200);
    } finally {
      await db().delete(documents).where(eq(documents.kind, DOCUMENTS.auctionRules.kind));
    }
  });
});

describe("company data after verification", () => {
  const company = {
    CompanyName: "Auto Handel Nowak sp. z o.o.",
    Regon: "",
    Street: "ul. Długa 5",
    PostalCode: "00-002",
    City: "Kraków",
  };

  it("the address changes freely; a new NIP or company name stops bidding until staff verify again", async () => {
    const a = await createAuction(db(), { startingPrice: 20_000 });
    const anna = await signedIn();
    const address = await call("PATCH", "/api/Account/UpdateContractor", anna.token, company);
    expect(address.body).toMatchObject({ City: "Kraków", CompanyReverification: false, Status: "active" });
    expect(await outbox("obsluga@example.com")).toEqual([]);
    expect((await bid(server.url, anna.token, { AuctionId: a, Price: 20_000 })).status).toBe(200);

    const renamed = await call("PATCH", "/api/Account/UpdateContractor", anna.token, {
      ...company,
      Nip: "123-456-32-18",
    });
    expect(renamed.body).toMatchObject({ Nip: "1234563218", CompanyReverification: true });
    expect(await bid(server.url, anna.token, { AuctionId: a, Price: 21_000 })).toMatchObject({
      status: 403,
      body: {
        ErrorCode: 64,
        ErrorMessage:
          "Zmieniono NIP lub nazwę firmy: sprawdzamy dane ponownie. Licytować możesz po zakończeniu weryfikacji, poinformujemy Cię e-mailem.",
      },
    });
    // The readiness says the same before the bid box is offered (it said CanBid and the bid got 403).
    expect(await call("GET", `/api/Account/BiddingReadiness?auctionId=${a}`, anna.token)).toMatchObject({
      status: 403,
      body: { ErrorCode: 64, ErrorMessage: expect.stringContaining("sprawdzamy dane ponownie") },
    });
    const staff = await outbox("obsluga@example.com");
    expect(staff).toHaveLength(1);
    expect(staff[0].subject).toBe("Zmiana danych firmy do weryfikacji: Auto Handel Nowak sp. z o.o.");
    expect(staff[0].text).toContain("Było: Auto Handel Nowak sp. z o.o., NIP 5260250274.");
    expect(staff[0].text).toContain("Jest: Auto Handel Nowak sp. z o.o., NIP 1234563218.");
    expect(staff[0].text).toMatch(
      /Sprawdź firmę i zweryfikuj konto w panelu:\nhttp\S+\/panel\/konta-klientow\/\d+$/,
    );
    // Other fields stay editable meanwhile; signing in still works.
    expect(
      (await call("PATCH", "/api/Account/UpdateContractor", anna.token, { ...company, City: "Gdańsk" }))
        .status,
    ).toBe(200);
    expect((await call("GET", "/api/Account", anna.token)).body).toMatchObject({ City: "Gdańsk" });

    expect(await server.services.staff.bidders.verifyByEmail(anna.email)).toMatchObject({ changed: true });
    expect((await call("GET", "/api/Account", anna.token)).body.CompanyReverification).toBe(false);
    expect((await bid(server.url, anna.token, { AuctionId: a, Price: 21_000 })).status).toBe(200);
    expect((await call("GET", "/api/Account/BiddingReadiness", anna.token)).body).toEqual({ CanBid: true });
    expect((await outbox(anna.email)).map((m) => m.subject)).toContain(
      "Twoje konto w serwisie Flotis jest aktywne",
    );
  });
});

describe("the end of an auction", () => {
  it("e-mails every bidder who did not win the result", async () => {
    const a = await createAuction(db(), { startingPrice: 20_000, make: "Toyota", model: "Corolla" });
    const anna = await signedIn();
    const piotr = await signedIn();
    const ewa = await signedIn({ outbidMails: false });
    await bid(server.url, anna.token, { AuctionId: a, Price: 20_000 });
    await bid(server.url, ewa.token, { AuctionId: a, Price: 20_500 });
    await bid(server.url, anna.token, { AuctionId: a, Price: 21_000 });
    await bid(server.url, piotr.token, { AuctionId: a, Price: 22_000 });
    await db()
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() + 200) })
      .where(eq(offers.id, a));
    await expect
      .poll(
        async () =>
          (await db().select().from(auctionSettlements).where(eq(auctionSettlements.offerId, a))).length,
      )
      .toBe(1);
    const result = (m: OutboxMail) => m.subject === "Aukcja zakończona: Toyota Corolla 2.0 TDI Style";
    const toAnna = (await outbox(anna.email)).filter(result);
    expect(toAnna).toHaveLength(1);
    expect(toAnna[0].text).toContain(
      "Tym razem wygrała inna oferta: cena końcowa to 22\u00a0000\u00a0zł netto (27\u00a0060\u00a0zł brutto), Twoja najwyższa oferta wynosiła 21\u00a0000\u00a0zł netto (25\u00a0830\u00a0zł brutto).",
    );
    expect((await outbox(ewa.email)).filter(result)).toHaveLength(1);
    expect((await outbox(piotr.email)).filter(result)).toHaveLength(0);
  });
});
