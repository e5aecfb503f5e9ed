import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { DEFAULT_RULES, type Rule } from "../../src/domain/lease-application/rules";
import { leaseApplications, leaseRuleSets, offers, staffAudit } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { nextTimeBoundary } from "../../src/server/web/cached-pages";
import { startApiServer, type TestServer } from "../support/api-server";
import { createBidder, signIn } from "../support/auction-fixtures";
import { offerRow } from "../support/catalogue-fixtures";
import { ManualClock } from "../support/manual-clock";
import {
  EXEMPT_COMPANY_NIP,
  MISSING_COMPANY_NIP,
  REMOVED_COMPANY_NIP,
  type RegistryStandIn,
  startRegistryStandIn,
  YOUNG_COMPANY_NIP,
} from "../support/registry-stand-in";

const ACTIVE_NIP = "1234563218";
const clock = new ManualClock();
let server: TestServer;
let standIn: RegistryStandIn;
let offerId: number;
let oldCarId: number;
let midCarId: number;
let insertOffer: (over: Parameters<typeof offerRow>[0]) => Promise<number>;

beforeAll(async () => {
  standIn = await startRegistryStandIn();
  server = await startApiServer(
    { COMPANY_REGISTRY_URL: standIn.url, SALES_EMAIL: "sprzedaz@test.local", TRUST_PROXY_HOPS: "1" },
    { clock },
  );
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  insertOffer = async (over) => {
    const { description: _d, equipment: _e, ...row } = offerRow(over);
    const [o] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
    return o.id;
  };
  offerId = await insertOffer({});
  oldCarId = await insertOffer({
    saleType: "afterLease",
    year: 2016,
    mileage: 180_000,
    make: "Opel",
    model: "Astra",
  });
  // Applications that go to an analyst or are refused reserve nothing: they share this car.
  midCarId = await insertOffer({
    saleType: "afterLease",
    year: 2022,
    mileage: 60_000,
    make: "Kia",
    model: "Ceed",
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let emailCounter = 0;
const freshEmail = () => `wnioskodawca${++emailCounter}@firma.pl`;

function application(
  over: { nip?: string; auctionId?: number; email?: string; terms?: object; company?: object } = {},
) {
  return {
    AuctionId: over.auctionId ?? offerId,
    Terms: {
      Product: "leasing",
      Period: 48,
      OwPercent: 10,
      RvPercent: 20,
      AdditionalServices: [],
      ...over.terms,
    },
    Company: {
      Nip: over.nip ?? ACTIVE_NIP,
      CompanyName: "Wpisana Nazwa",
      Street: "ul. Wpisana 1",
      PostalCode: "00-001",
      City: "Warszawa",
      ...over.company,
    },
    Applicant: {
      Name: "Jan",
      Surname: "Kowalski",
      Email: over.email ?? freshEmail(),
      PhoneNumber: "600 700 800",
    },
    Signatory: { Name: "Anna", Surname: "Kowalska-Nowak", Position: "Prezes zarządu" },
    Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
  };
}

const post = (body: unknown, opts: { ip?: string; token?: string } = {}) =>
  fetch(`${server.url}/api/LeaseApplication`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": opts.ip ?? freshIp(),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify(body),
  });

type Submitted = {
  ApplicationId: number;
  Key: string;
  Url: string;
  Status: string;
  Decision: {
    Outcome: string;
    Title: string;
    Reasons: { Verdict: string; Reason: string; Change: string | null }[];
  };
  ReservedUntil: string | null;
  DocumentsNeeded: string | null;
};
async function submit(body: unknown, opts: { token?: string } = {}): Promise<Submitted> {
  const res = await post(body, opts);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
const read = (id: number, key?: string, token?: string) =>
  fetch(
    `${server.url}/api/LeaseApplication?ApplicationId=${id}${key ? `&Key=${encodeURIComponent(key)}` : ""}`,
    {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    },
  );

const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await fetch(`${server.url}/dev/outbox.json?to=${to}`)).json();

const analyst = { id: null, name: "Ewa Analityczna" };

describe("a visitor applies from an offer", () => {
  it("gets a positive preliminary decision, the car kept for 48 hours and a link by e-mail", async () => {
    const email = freshEmail();
    const r = await submit(application({ email, auctionId: offerId }));
    expect(r.Decision).toEqual({ Outcome: "accept", Title: "Wstępna decyzja pozytywna", Reasons: [] });
    expect(r.Status).toBe("review");
    const reserved = new Date(`${r.ReservedUntil!.replace(" ", "T")}+01:00`).getTime();
    expect(Math.abs(reserved - (clock.now().getTime() + 48 * 3_600_000))).toBeLessThan(60_000);
    const until = await server.services.leaseApplications.reservedUntil(offerId);
    expect(until).not.toBeNull();
    // The offer's cached page says "zarezerwowany do …": it is stored no longer than that.
    expect(await nextTimeBoundary(server.services.db, clock.now().getTime())).toBeLessThanOrEqual(
      until!.getTime(),
    );

    const mails = await outbox(email);
    expect(mails[0].subject).toBe(`Wstępna decyzja pozytywna: wniosek leasingowy nr ${r.ApplicationId}`);
    expect(mails[0].text).toContain(r.Url);
    expect(mails[0].text).toContain("Załóż konto na ten sam adres e-mail");
    const toSales = (await outbox("sprzedaz@test.local")).find((m) =>
      m.subject.includes(`nr ${r.ApplicationId}`),
    );
    // The link opens the application's page in the panel.
    expect(toSales?.text).toContain(`/panel/wnioski-leasingowe/${r.ApplicationId}`);

    // The company is the register's, not what was typed; the car and price are the offer's.
    const view = await (await read(r.ApplicationId, r.Key)).json();
    expect(view.Company).toMatchObject({
      CompanyName: "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
      City: "Łódź",
      VatStatus: "active",
      LegalForm: "spzoo",
      RegisteredOn: "2015-03-10",
      Source: "register",
    });
    expect(view.Car).toEqual({
      AuctionId: offerId,
      MakeModel: "Toyota Corolla 1.8 Hybrid Comfort",
      Year: 2026,
      PriceNetto: 105_610,
    });
    expect(view.Terms.InstallmentPriceNetto).toBeGreaterThan(1000);
    expect(view.Timeline.map((t: { Title: string }) => t.Title)).toEqual([
      "Wniosek złożony",
      "Wstępna decyzja",
    ]);
    expect(view.RuleSetVersion).toBe(1);
  });

  it("keeps the application from anyone without its link or account: the same 404", async () => {
    const r = await submit(application({ auctionId: midCarId, nip: EXEMPT_COMPANY_NIP }));
    for (const res of [
      await read(r.ApplicationId),
      await read(r.ApplicationId, "zly-klucz"),
      await read(999_999, r.Key),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        ErrorCode: 3,
        ErrorMessage: "Nie ma takiego wniosku albo link jest nieprawidłowy.",
      });
    }
  });

  it("refuses a second positive application for a reserved car until the 48 hours pass", async () => {
    const car = await insertOffer({ make: "Mazda", model: "CX-5" });
    const holder = freshEmail();
    const first = await submit(application({ auctionId: car, email: holder }));
    expect(first.Decision.Outcome).toBe("accept");
    const res = await post(application({ auctionId: car }));
    expect(res.status).toBe(409);
    expect((await res.json()).ErrorCode).toBe(70);
    // The person it is kept for may apply again (other terms): the newer application holds the car.
    const again = await submit(
      application({ auctionId: car, email: holder.toUpperCase(), terms: { Period: 36 } }),
    );
    expect(again.ReservedUntil).not.toBeNull();
    const firstView = await (await read(first.ApplicationId, first.Key)).json();
    expect(firstView.ReservedUntil).toBeNull();
    // An application that would only go to an analyst does not need the car kept, so it is taken.
    expect((await submit(application({ auctionId: car, nip: EXEMPT_COMPANY_NIP }))).ReservedUntil).toBeNull();
    clock.advance(48 * 3_600_000 + 1000);
    expect(await server.services.leaseApplications.reservedUntil(car)).toBeNull();
    expect((await submit(application({ auctionId: car }))).Decision.Outcome).toBe("accept");
  });
});

describe("the preliminary decision by the VAT register's cases", () => {
  it("sends a company three months old to an analyst with the plain reason", async () => {
    const r = await submit(application({ nip: YOUNG_COMPANY_NIP, auctionId: midCarId }));
    expect(r.Decision.Outcome).toBe("review");
    expect(r.Decision.Title).toBe("Wniosek do analizy");
    expect(r.Decision.Reasons.map((x) => x.Reason)).toEqual([
      "Firma działa krócej niż 6 miesięcy: wniosek przekażemy analitykowi",
    ]);
    expect(r.ReservedUntil).toBeNull();
  });

  it("sends an exempt company to an analyst; refuses a removed one and one the register does not know", async () => {
    const exempt = await submit(application({ nip: EXEMPT_COMPANY_NIP, auctionId: midCarId }));
    expect(exempt.Decision.Reasons[0].Reason).toBe(
      "Firma jest zwolniona z VAT: wniosek przekażemy analitykowi",
    );

    const removed = await submit(application({ nip: REMOVED_COMPANY_NIP, auctionId: midCarId }));
    expect(removed.Decision.Title).toBe("Nie możemy teraz zaproponować finansowania");
    expect(removed.Status).toBe("refused");
    expect(removed.Decision.Reasons[0]).toEqual({
      Verdict: "refuse",
      Reason: "Firma została wykreślona z rejestru VAT",
      Change: "Finansujemy firmy, które są czynnymi podatnikami VAT",
    });

    const missing = await submit(application({ nip: MISSING_COMPANY_NIP, auctionId: midCarId }));
    expect(missing.Decision.Reasons[0].Reason).toBe(
      "Nie znaleźliśmy firmy o tym numerze NIP w rejestrze VAT",
    );
    const view = await (await read(missing.ApplicationId, missing.Key)).json();
    expect(view.Company).toMatchObject({
      CompanyName: "Wpisana Nazwa",
      VatStatus: "missing",
      Source: "typed",
    });
  });

  it("refuses a car too old at the contract's end and says which term would do", async () => {
    // A 2016 car: 10 years is the limit, so the contract must end in 2026.
    const r = await submit(application({ auctionId: oldCarId, terms: { Period: 36 } }));
    expect(r.Decision.Outcome).toBe("refuse");
    expect(r.Decision.Reasons[0].Reason).toBe(
      "Samochód będzie miał 13 lat na koniec umowy, a finansujemy samochody do 10 lat",
    );
    expect(r.Decision.Reasons[0].Change).toBe("Młodszy samochód");
  });

  it("takes the typed company data when the register does not answer, and sends it to an analyst", async () => {
    const down = await startApiServer({
      COMPANY_REGISTRY_URL: "http://127.0.0.1:9",
      COMPANY_REGISTRY_TIMEOUT_MS: "500",
    });
    try {
      await seedCalculatorProperties(down.services.db, DEFAULT_CALCULATOR_PROPERTIES);
      const res = await fetch(`${down.url}/api/LeaseApplication`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...application({ company: { RegisteredOn: "2020-01-15", LegalForm: "jdg" } }),
          AuctionId: undefined,
          Car: { MakeModel: "Skoda Octavia", Year: 2024, PriceNetto: 90_000 },
        }),
      });
      const r = (await res.json()) as Submitted;
      expect(r.Decision.Reasons.map((x) => x.Reason)).toEqual([
        "Nie udało się sprawdzić firmy w rejestrze VAT: wniosek przekażemy analitykowi",
      ]);
    } finally {
      await down.close();
    }
  });
});

describe("input, limits and the account", () => {
  it("refuses bad input with 400 naming the field", async () => {
    const noConsent = application();
    noConsent.Statements.TruthStatement = false as never;
    const res = await post(noConsent);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole Statements.TruthStatement: Zgoda jest wymagana",
    });
    const badNip = await post(application({ nip: "1234567890" }));
    expect((await badNip.json()).ErrorMessage).toMatch(/^Pole Company.Nip: NIP jest nieprawidłowy/);
    const badTerm = await post(application({ terms: { Period: 30 } }));
    expect((await badTerm.json()).ErrorMessage).toBe(
      "Pole Terms.Period: dostępne okresy to 24, 36, 48, 60, 72, 80 miesięcy",
    );
  });

  it("takes at most 3 applications a day from one e-mail address", async () => {
    const email = freshEmail();
    for (let i = 0; i < 3; i++)
      await submit(application({ email, auctionId: midCarId, nip: EXEMPT_COMPANY_NIP }));
    const res = await post(application({ email, auctionId: midCarId, nip: EXEMPT_COMPANY_NIP }));
    expect(res.status).toBe(429);
    expect((await res.json()).ErrorCode).toBe(5);
  });

  it("puts a signed-in bidder's application on their account, without a key", async () => {
    const bidder = await createBidder(server.services.db);
    const token = await signIn(server.url, bidder);
    const r = await submit(
      application({ email: bidder.email, auctionId: midCarId, nip: EXEMPT_COMPANY_NIP }),
      {
        token,
      },
    );
    expect((await read(r.ApplicationId, undefined, token)).status).toBe(200);
    const mine = await (
      await fetch(`${server.url}/api/LeaseApplication/Mine`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(mine.Applications.map((a: { ApplicationId: number }) => a.ApplicationId)).toEqual([
      r.ApplicationId,
    ]);
    expect((await outbox(bidder.email))[0].text).not.toContain("Załóż konto");
    // The PDF summary for the owner signed in (the account's page has no key); another bidder gets 404.
    const summary = (token?: string, key?: string) =>
      fetch(
        `${server.url}/api/LeaseApplication/Summary?ApplicationId=${r.ApplicationId}${key ? `&Key=${encodeURIComponent(key)}` : ""}`,
        { headers: token ? { authorization: `Bearer ${token}` } : {} },
      );
    const pdf = await summary(token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("%PDF");
    expect((await summary(undefined, r.Key)).status).toBe(200);
    const stranger = await signIn(server.url, await createBidder(server.services.db));
    expect((await summary(stranger)).status).toBe(404);
    expect((await summary()).status).toBe(404);
  });
});

describe("documents and the analyst's decision", () => {
  const upload = (r: Submitted, name: string, body: Buffer) =>
    fetch(
      `${server.url}/api/LeaseApplication/Documents?ApplicationId=${r.ApplicationId}&Key=${encodeURIComponent(r.Key)}&name=${encodeURIComponent(name)}`,
      { method: "POST", headers: { "content-type": "application/octet-stream" }, body: new Uint8Array(body) },
    );

  it("asks for financial statements above the amount; the upload sends the application on", async () => {
    const expensive = await insertOffer({
      make: "Audi",
      model: "Q8",
      totalPriceNetto: 450_000,
      totalPriceBrutto: 553_500,
    });
    const r = await submit(application({ auctionId: expensive, terms: { OwPercent: 10 } }));
    expect(r.Status).toBe("documents");
    expect(r.DocumentsNeeded).toBe(
      "Przy kwocie finansowania powyżej 300\u00a0000\u00a0zł netto dołącz sprawozdanie finansowe za ostatni rok",
    );
    const bad = await upload(r, "bilans.pdf", Buffer.from("to nie jest PDF"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).ErrorMessage).toBe(
      "Niepoprawny format pliku. Obsługiwane formaty: pdf, jpg, jpeg, png.",
    );
    expect((await upload(r, "bilans.pdf", Buffer.from("%PDF-1.4 sprawozdanie"))).status).toBe(200);
    const view = await (await read(r.ApplicationId, r.Key)).json();
    expect(view.Status).toBe("review");
    expect(view.Documents.map((d: { FileName: string }) => d.FileName)).toEqual(["bilans.pdf"]);
    expect(view.Timeline.map((t: { Kind: string }) => t.Kind)).toEqual([
      "submitted",
      "preliminary",
      "documentsRequested",
      "documentAdded",
    ]);
  });

  it("an analyst asks for documents, then decides with a reason: timeline, e-mails and the audit log", async () => {
    const email = freshEmail();
    const r = await submit(application({ nip: YOUNG_COMPANY_NIP, email, auctionId: midCarId }));
    const desk = server.services.staff.leaseApplications;
    expect((await desk.queue("open")).some((q) => q.id === r.ApplicationId)).toBe(true);
    await desk.requestDocuments(r.ApplicationId, "Wyciąg z konta firmowego za 3 miesiące", analyst);
    await desk.decide(
      r.ApplicationId,
      { Decision: "approved", Reason: "Historia rachunku potwierdza przychody." },
      analyst,
    );
    const view = await (await read(r.ApplicationId, r.Key)).json();
    expect(view.Status).toBe("contract");
    expect(view.StatusName).toBe("przygotowujemy umowę");
    expect(view.FinalDecision).toEqual({
      Decision: "approved",
      Reason: "Historia rachunku potwierdza przychody.",
    });
    expect(view.Timeline.map((t: { Title: string }) => t.Title)).toEqual([
      "Wniosek złożony",
      "Wstępna decyzja",
      "Prośba o dokumenty",
      "Decyzja końcowa",
      "Przygotowujemy umowę",
    ]);
    const subjects = (await outbox(email)).map((m) => m.subject);
    expect(subjects).toContain(`Prośba o dokumenty: wniosek leasingowy nr ${r.ApplicationId}`);
    expect(subjects).toContain(`Wniosek zaakceptowany: wniosek leasingowy nr ${r.ApplicationId}`);
    // Each later e-mail carries a link of its own that opens the application.
    const decided = (await outbox(email)).find((m) => m.subject.startsWith("Wniosek zaakceptowany"))!;
    const key = /klucz=([^\s&]+)/.exec(decided.text)![1];
    expect((await read(r.ApplicationId, decodeURIComponent(key))).status).toBe(200);
    const entries = await server.services.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entity, "leaseApplication"));
    expect(entries.filter((e) => e.entityId === String(r.ApplicationId)).map((e) => e.action)).toEqual([
      "leaseApplication.documents",
      "leaseApplication.decide",
    ]);
    await expect(
      desk.decide(r.ApplicationId, { Decision: "declined", Reason: "x" }, analyst),
    ).rejects.toThrow("Wniosek jest już rozpatrzony.");
  });

  it("a declined application frees the reserved car", async () => {
    const car = await insertOffer({ make: "Volvo", model: "XC60" });
    const r = await submit(application({ auctionId: car }));
    expect(r.ReservedUntil).not.toBeNull();
    await server.services.staff.leaseApplications.decide(
      r.ApplicationId,
      { Decision: "declined", Reason: "Zadłużenie firmy." },
      analyst,
    );
    expect(await server.services.leaseApplications.reservedUntil(car)).toBeNull();
  });
});

describe("the rule sets", () => {
  it("starts from the default set (migration 0044) and saves a changed set as the next version", async () => {
    const desk = server.services.staff.leaseApplications;
    const [v1] = await server.services.db.select().from(leaseRuleSets).where(eq(leaseRuleSets.version, 1));
    expect(v1.rules).toEqual(DEFAULT_RULES);
    expect(await desk.saveRules(DEFAULT_RULES, "bez zmian", analyst)).toBeNull();
    const looser: Rule[] = DEFAULT_RULES.map((r) =>
      r.Kind === "vatStatus" ? { ...r, Verdicts: { ...r.Verdicts, removed: "review" } } : r,
    );
    const dry = await desk.dryRun(looser);
    const removedCount = (await server.services.db.select().from(leaseApplications)).filter(
      (a) => a.facts.VatStatus === "removed" && a.facts.CarYear > 2016,
    ).length;
    expect(removedCount).toBeGreaterThan(0);
    expect(dry.shifts).toEqual([{ From: "refuse", To: "review", Count: removedCount }]);
    expect(dry.sentences[0]).toMatch(/^Ta zmiana zamieniłaby \d+ odmow(ę|y|ów) na wnios(ek|ki) do analizy$/);
    expect(await desk.saveRules(looser, "wykreśleni do analizy", analyst)).toBe(2);
    const r = await submit(application({ nip: REMOVED_COMPANY_NIP, auctionId: midCarId }));
    expect(r.Decision.Reasons.map((x) => x.Reason)).toEqual([
      "Firma została wykreślona z rejestru VAT: wniosek przekażemy analitykowi",
    ]);
    const view = await (await read(r.ApplicationId, r.Key)).json();
    expect(view.RuleSetVersion).toBe(2);
    await desk.saveRules(DEFAULT_RULES, "powrót", analyst);
  });

  it("documents the API in /api/docs", async () => {
    const docs = await (await fetch(`${server.url}/api/docs.json`)).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        "/api/LeaseApplication",
        "/api/LeaseApplication/Mine",
        "/api/LeaseApplication/Summary",
        "/api/LeaseApplication/Documents",
      ]),
    );
  });
});
