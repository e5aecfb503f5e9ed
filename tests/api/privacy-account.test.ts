import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { offerPath } from "../../src/domain/catalogue/offer-url";
import {
  accountSessions,
  auctionFavourites,
  auctionSettlements,
  bids,
  carAlertOwners,
  carAlerts,
  chatEvents,
  chats,
  leads,
  leaseApplicationDocuments,
  leaseApplications,
  staffAudit,
  users,
} from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction, maxBid, signIn } from "../support/auction-fixtures";
import { insertLeaseApplication } from "../support/lease-application-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// A bidder's rights over their data (RODO arts. 15, 17, 20): a copy of everything kept about them as
// JSON and as CSV (nothing of anyone else, no hash or token), and the deletion of the account, refused
// while an auction needs them; afterwards their bids stay anonymised, they cannot sign in, and the
// auction's public and panel pages still show.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0", ACCESS_TOKEN_TTL_SECONDS: "600" },
    { web: true, clock },
  );
  // The auction's public page reads the calculator's settings, which a real start seeds.
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

const client = auctionTestClient(() => server);
const panel = panelHttp(() => server, clock);
const panelSales = async () => (await panel.signedIn("sales")).browser;
const hours = (h: number) => new Date(clock.now().getTime() + h * 3_600_000);

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null;
  return { status: res.status, headers: res.headers, text, json };
}

/** What a person leaves under an e-mail address without an account: a question, an alert, a chat. */
async function leaveTraces(email: string, words: string) {
  const { db } = server.services;
  await db.insert(leads).values({
    kind: "question",
    name: "Anna",
    surname: "Nowak",
    email,
    phoneNumber: "600700800",
    messageBody: `Pytanie: ${words}`,
    payload: { CarDetails: { Make: "Škoda" }, Email: email },
  });
  const [owner] = await db.insert(carAlertOwners).values({ email }).returning();
  await db.insert(carAlerts).values({
    ownerId: owner.id,
    email,
    isCompany: true,
    financing: 1,
    makes: ["Škoda"],
    makesLower: ["škoda"],
    matchKeys: ["x"],
    rulesAcceptedAt: clock.now(),
    marketingAcceptedAt: clock.now(),
    captchaId: `captcha-${words}-${Math.random()}`,
  });
  const [chat] = await db
    .insert(chats)
    .values({ tokenHash: `t-${Math.random()}`, customerName: "Anna", customerEmail: email, topic: "Aukcje" })
    .returning();
  await db
    .insert(chatEvents)
    .values({ chatId: chat.id, kind: "message", author: "customer", text: `Czat: ${words}` });
}

const deleteBody = (over: Record<string, string> = {}) => ({
  Password: "Licytacja!2026",
  Confirmation: "USUŃ KONTO",
  ...over,
});

describe("a copy of a bidder's data", () => {
  it("holds the account, consents, auctions, leads, alerts and chats as JSON and CSV, and nothing of others", async () => {
    const me = await client.signedIn();
    const other = await client.signedIn();
    const auction = await createAuction(server.services.db, { start: hours(-1), end: hours(24) });
    expect((await bid(server.url, me.token, { AuctionId: auction, Price: 40_500 })).status).toBe(200);
    expect((await bid(server.url, other.token, { AuctionId: auction, Price: 41_700 })).status).toBe(200);
    expect((await maxBid(server.url, me.token, { AuctionId: auction, MaxPrice: 43_300 })).status).toBe(200);
    await server.services.db.insert(auctionFavourites).values({ offerId: auction, userId: me.id });
    const marketing = { MarketingEmail: true, MarketingPhone: false };
    expect((await call("PUT", "/api/Account/UpdateMarketing", me.token, marketing)).status).toBe(200);
    await leaveTraces(me.email.toUpperCase(), "moje");
    await leaveTraces(other.email, "cudze");
    // Leasing applications: one sent from the account under another address (with the financial
    // statements it asked for), one under the account's address before signing in, and another's.
    const { db } = server.services;
    const fromAccount = await insertLeaseApplication(db, {
      email: `ksiegowosc-${me.id}@firma.pl`,
      userId: me.id,
      car: "Audi Q5",
      document: "sprawozdanie-2025.pdf",
    });
    const underAddress = await insertLeaseApplication(db, { email: me.email.toUpperCase(), car: "BMW X1" });
    await insertLeaseApplication(db, { email: other.email, userId: other.id, car: "Kia cudza" });

    const json = await call("GET", "/api/Account/Export?format=json", me.token);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toMatch(
      /^attachment; filename="moje-dane-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = json.json;
    expect(data.Account).toMatchObject({ Email: me.email, FirstName: "Anna", LastName: "Nowak" });
    expect(data.Company).toMatchObject({ Nip: "5260250274", CompanyName: "Auto Handel Nowak sp. z o.o." });
    expect(data.Settings).toMatchObject({ MarketingEmail: true, Notifications: { Outbid: true } });
    expect(data.Consents).toContainEqual(
      expect.objectContaining({
        Kind: "marketing-email",
        Granted: true,
        Version: 1,
        Name: expect.any(String),
      }),
    );
    expect(data.Consents[0].RecordedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.Bids.map((b: { Price: number }) => b.Price)).toContain(40_500);
    expect(data.MaximumOffers).toEqual([expect.objectContaining({ AuctionId: auction, MaxPrice: 43_300 })]);
    expect(data.Favourites).toEqual([expect.objectContaining({ AuctionId: auction })]);
    expect(data.Sessions.length).toBeGreaterThan(0);
    expect(data.Leads).toEqual([
      expect.objectContaining({ MessageBody: "Pytanie: moje", Details: { CarDetails: { Make: "Škoda" } } }),
    ]);
    expect(data.Alerts).toEqual([expect.objectContaining({ Makes: ["Škoda"], Status: "pending" })]);
    expect(data.Chats[0].Messages).toEqual([
      expect.objectContaining({ Author: "klient", Text: "Czat: moje" }),
    ]);
    expect(data.LeaseApplications.map((a: { ApplicationId: number }) => a.ApplicationId)).toEqual([
      fromAccount,
      underAddress,
    ]);
    const [applied] = data.LeaseApplications;
    expect(applied).toMatchObject({
      Status: "czeka na decyzję analityka",
      Car: { MakeModel: "Audi Q5" },
      Applicant: { Name: "Ewa", Email: `ksiegowosc-${me.id}@firma.pl` },
      Company: { Nip: "1234563218" },
      Ip: "203.0.113.7",
      Timeline: [{ Step: "Wniosek złożony" }, { Step: "Wstępna decyzja" }],
    });
    expect(applied.Documents).toEqual([
      expect.objectContaining({ FileName: "sprawozdanie-2025.pdf", ContentType: "application/pdf" }),
    ]);
    expect(Buffer.from(applied.Documents[0].ContentBase64, "base64").toString()).toBe(
      "%PDF-1.4 sprawozdanie-2025.pdf",
    );
    expect(json.text).not.toContain("Kia cudza");
    // Nothing of the other bidder, and no secret of the account itself.
    const [row] = await server.services.db.select().from(users).where(eq(users.id, me.id));
    for (const secret of [other.email, "cudze", "41700", row.passwordHash, row.utoken, me.token, "scrypt"])
      expect(json.text).not.toContain(secret);

    const csv = await call("GET", "/api/Account/Export?format=csv", me.token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="moje-dane-[\d-]+\.csv"/);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Sekcja;Nr;Pole;Wartość");
    expect(lines).toContain(`Konto;;E-mail;${me.email}`);
    expect(lines).toContain("Oferty w aukcjach;1;Kwota (zł);40500");
    expect(lines).toContain("Maksymalne oferty;1;Kwota maksymalna (zł);43300");
    expect(lines).toContain("Ustawienia;;Powiadomienia e-mail › Przebicie mojej oferty;tak");
    expect(lines).toContain("Zapytania z formularzy;1;Treść wiadomości;Pytanie: moje");
    expect(lines).toContain("Alerty e-mail;1;Marki;Škoda");
    expect(lines).toContain("Rozmowy na czacie;1;Wiadomości › 1 › Treść;Czat: moje");
    expect(lines).toContain("Wnioski leasingowe;1;Samochód › Marka i model;Audi Q5");
    expect(lines).toContain("Wnioski leasingowe;2;Samochód › Marka i model;BMW X1");
    expect(lines).toContain("Wnioski leasingowe;1;Dokumenty › 1 › Nazwa pliku;sprawozdanie-2025.pdf");
    // A file's content does not fit a spreadsheet's cell: the row says it is in the JSON copy.
    expect(lines).toContain(
      "Wnioski leasingowe;1;Dokumenty › 1 › Treść pliku;treść pliku jest w kopii danych w formacie JSON",
    );
    expect(lines.some((l) => l.startsWith("Zgody i oświadczenia;") && l.endsWith(";marketing-email"))).toBe(
      true,
    );
    for (const secret of [other.email, "cudze", "41700", row.passwordHash, row.utoken])
      expect(csv.text).not.toContain(secret);
  });

  it("is refused without a sign-in and for an unknown format, in the error contract", async () => {
    const anonymous = await call("GET", "/api/Account/Export");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ ErrorCode: 8, ErrorMessage: expect.stringMatching(/Zaloguj/) });
    const me = await client.signedIn();
    const wrong = await call("GET", "/api/Account/Export?format=xml", me.token);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      ErrorCode: 1,
      ErrorMessage: expect.stringMatching(/^Pole format: .*json, csv/),
    });
  });
});

describe("the deletion's typed phrase", () => {
  it("takes the phrase only as asked, in capitals, and says so", async () => {
    const me = await client.signedIn();
    for (const Confirmation of ["usuń konto", "Usuń Konto", "USUN KONTO"]) {
      const loose = await call("POST", "/api/Account/Delete", me.token, deleteBody({ Confirmation }));
      expect(loose.json).toEqual({
        ErrorCode: 71,
        ErrorMessage:
          "Pole Confirmation: Wpisz dokładnie „USUŃ KONTO” wielkimi literami, aby potwierdzić usunięcie konta",
      });
    }
  });
});

describe("deleting an account", () => {
  it("asks for the typed confirmation and the password", async () => {
    const me = await client.signedIn();
    const noPhrase = await call(
      "POST",
      "/api/Account/Delete",
      me.token,
      deleteBody({ Confirmation: "usun" }),
    );
    expect(noPhrase.status).toBe(400);
    expect(noPhrase.json).toMatchObject({
      ErrorCode: 71,
      ErrorMessage: expect.stringContaining("USUŃ KONTO"),
    });
    const badPassword = await call(
      "POST",
      "/api/Account/Delete",
      me.token,
      deleteBody({ Password: "Zle!haslo1" }),
    );
    expect(badPassword.status).toBe(400);
    expect(badPassword.json).toMatchObject({
      ErrorCode: 35,
      ErrorMessage: "Pole Password: Hasło jest nieprawidłowe",
    });
    expect((await call("GET", "/api/Account", me.token)).status).toBe(200);
  });

  it("is refused while the bidder leads or won a sale not yet settled; then anonymises the account", async () => {
    const { db } = server.services;
    const me = await client.signedIn();
    const other = await client.signedIn();
    await leaveTraces(me.email, "usuwane");
    await leaveTraces(other.email, "zostaje");
    const auction = await createAuction(db, { start: hours(-1), end: hours(2), make: "Audi", model: "A4" });
    expect((await bid(server.url, other.token, { AuctionId: auction, Price: 40_500 })).status).toBe(200);
    expect((await bid(server.url, me.token, { AuctionId: auction, Price: 41_700 })).status).toBe(200);

    const leading = await call("POST", "/api/Account/Delete", me.token, deleteBody());
    expect(leading.status).toBe(400);
    expect(leading.json.ErrorCode).toBe(70);
    expect(leading.json.ErrorMessage).toMatch(
      /^Nie można teraz usunąć konta: prowadzisz w aukcji Audi A4 .*\(nr \d+\)/,
    );

    // Past its end the closer names the bidder the winner: the sale waits for staff, so does deletion.
    clock.advance(3 * 3_600_000);
    await server.services.auctions.closer.closeDue();
    const token = await signIn(server.url, me);
    // A running auction where the bidder was outbid: their bid stays in it, anonymised.
    const running = await createAuction(db, { start: hours(-1), end: hours(5), make: "BMW", model: "X3" });
    const otherNow = await signIn(server.url, other);
    expect((await bid(server.url, token, { AuctionId: running, Price: 40_500 })).status).toBe(200);
    expect((await bid(server.url, otherNow, { AuctionId: running, Price: 41_700 })).status).toBe(200);
    const pending = await call("POST", "/api/Account/Delete", token, deleteBody());
    expect(pending.status).toBe(400);
    expect(pending.json.ErrorMessage).toMatch(
      /jesteś zwycięzcą aukcji Audi A4 .*, której sprzedaż nie została jeszcze rozliczona/,
    );
    await db
      .update(auctionSettlements)
      .set({ outcome: "confirmed" })
      .where(eq(auctionSettlements.offerId, auction));

    const applications = await leaseApplicationsOf(me, other);
    const deleted = await call("POST", "/api/Account/Delete", token, deleteBody());
    expect(deleted.status, deleted.text).toBe(200);
    await expectApplicationsErased(applications, other.email);
    expect(deleted.json).toEqual({ Success: true, BidsKept: 2 });

    // Signed out everywhere and unable to sign in again.
    expect((await call("GET", "/api/Account", token)).status).toBe(401);
    const login = await call("POST", "/api/Account/Login", undefined, {
      Email: me.email,
      Password: me.password,
    });
    expect(login.status).toBe(401);
    expect(await db.select().from(accountSessions).where(eq(accountSessions.userId, me.id))).toEqual([]);

    // The bid and the settled sale stay, naming an emptied row.
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      firstName: "",
      lastName: "",
      phone: null,
      nip: null,
      companyName: null,
      street: null,
    });
    expect(row.email).not.toContain(me.email.split("@")[0]);
    expect(row.deletedAt).not.toBeNull();
    const kept = await db.select({ price: bids.price }).from(bids).where(eq(bids.userId, me.id));
    expect(kept.map((b) => b.price).sort((a, b) => a - b)).toEqual([40_500, 41_700]);
    const [settled] = await db
      .select()
      .from(auctionSettlements)
      .where(eq(auctionSettlements.offerId, auction));
    expect(settled).toMatchObject({ winnerUserId: me.id, finalPrice: 41_700 });

    // What was kept under the address is gone; the other person's is untouched.
    const traces = async (email: string) => {
      const same = (column: Parameters<typeof sql>[1]) => sql`lower(${column}) = lower(${email})`;
      const [[l], [a], [c]] = await Promise.all([
        db.select({ n: count() }).from(leads).where(same(leads.email)),
        db.select({ n: count() }).from(carAlerts).where(same(carAlerts.email)),
        db.select({ n: count() }).from(chats).where(same(chats.customerEmail)),
      ]);
      return l.n + a.n + c.n;
    };
    expect(await traces(me.email)).toBe(0);
    expect(await traces(other.email)).toBe(3);
    const otherToken = await signIn(server.url, other);
    expect((await call("GET", "/api/Account", otherToken)).status).toBe(200);

    // The audit log has the deletion, with numbers only.
    const [entry] = await db.select().from(staffAudit).where(eq(staffAudit.action, "bidder.delete"));
    expect(entry).toMatchObject({ entity: "bidder", entityId: String(me.id), staffId: null });
    const logged = JSON.stringify(entry);
    for (const personal of [me.email, "Nowak", "5260250274", "600700800"])
      expect(logged).not.toContain(personal);

    await expectPagesStillShow({
      ended: auction,
      running,
      bidderId: me.id,
      email: me.email,
      token: otherToken,
    });
  });
});

/**
 * Leasing applications of a bidder about to delete the account: under its address, sent from it under
 * another address, one that became a contract (kept for the law, without the people), and another's.
 */
async function leaseApplicationsOf(me: { id: number; email: string }, other: { id: number; email: string }) {
  const { db } = server.services;
  return {
    open: await insertLeaseApplication(db, { email: me.email, userId: me.id, document: "wyciag.pdf" }),
    elsewhere: await insertLeaseApplication(db, { email: `biuro-${me.id}@firma.pl`, userId: me.id }),
    contract: await insertLeaseApplication(db, {
      email: me.email,
      status: "contract",
      document: "bilans.pdf",
    }),
    others: await insertLeaseApplication(db, { email: other.email, userId: other.id }),
  };
}

/** After the deletion: the bidder's applications and their files gone, the contract's anonymised. */
async function expectApplicationsErased(
  ids: Awaited<ReturnType<typeof leaseApplicationsOf>>,
  otherEmail: string,
) {
  const { db } = server.services;
  const rows = await db
    .select()
    .from(leaseApplications)
    .where(inArray(leaseApplications.id, Object.values(ids)));
  expect(rows.map((a) => a.id).sort((a, b) => a - b)).toEqual([ids.contract, ids.others]);
  expect(rows.find((a) => a.id === ids.contract)).toMatchObject({
    email: "",
    userId: null,
    ip: null,
    accessTokenHashes: [],
    applicant: { Name: "", Surname: "", Email: "", PhoneNumber: "" },
    signatory: { Name: "", Surname: "", Position: "" },
    company: { Nip: "1234563218", CompanyName: "Transport Kowalska" },
    status: "contract",
  });
  expect(rows.find((a) => a.id === ids.others)?.email).toBe(otherEmail);
  const files = await db
    .select({ applicationId: leaseApplicationDocuments.applicationId })
    .from(leaseApplicationDocuments)
    .where(inArray(leaseApplicationDocuments.applicationId, [ids.open, ids.contract]));
  expect(files).toEqual([{ applicationId: ids.contract }]);
  const [entry] = await db.select().from(staffAudit).where(eq(staffAudit.action, "bidder.delete"));
  expect(entry.after).toMatchObject({ leaseApplicationsErased: 2, leaseApplicationsAnonymised: 1 });
}

/** The auctions' public pages, their bidding history and the panel's pages, after a bidder in them was deleted. */
async function expectPagesStillShow(a: {
  ended: number;
  running: number;
  bidderId: number;
  email: string;
  token: string;
}) {
  const page = await fetch(`${server.url}/api/OfferDetails/Auctions?AuctionId=${a.ended}`);
  expect(page.status).toBe(200);
  const publicPage = await fetch(`${server.url}${offerPath("auction", "Audi", "A4", a.ended)}`);
  expect(publicPage.status).toBe(200);
  expect(await publicPage.text()).toContain("aukcja zakończona");
  const live = await fetch(`${server.url}${offerPath("auction", "BMW", "X3", a.running)}`);
  expect(live.status).toBe(200);
  const liveHistory = await call("GET", `/api/Bidding/BiddingHistory?auctionId=${a.running}`, a.token);
  expect(liveHistory.status).toBe(200);
  expect(liveHistory.text).toContain("40500");
  const history = await call("GET", `/api/Bidding/BiddingHistory?auctionId=${a.ended}`, a.token);
  expect(history.status).toBe(200);
  expect(history.text).not.toContain(a.email);
  const sales = await panelSales();
  expect((await panel.send(sales, `/panel/konta-klientow/${a.bidderId}`)).status).toBe(404);
  const panelPage = await panel.send(sales, `/panel/aukcje/${a.ended}`);
  expect(panelPage.status).toBe(200);
  const html = await panelPage.text();
  expect(html).toContain("konto usunięte");
  expect(html).not.toContain(a.email);
}
