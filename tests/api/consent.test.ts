import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "../../src/domain/consent";
import { consentRecords, conversions } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { solvedCaptcha } from "../support/captcha";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

/** Consent records and first-party conversions (ADR 021): PGlite and PostgreSQL alike. */

const META_SCRIPT_ORIGIN = "https://tags.example";
const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    {
      LEADS_RATE_LIMIT: "100",
      TRUST_PROXY_HOPS: "1",
      META_PIXEL_ID: "123456789012345",
      META_PIXEL_SCRIPT_URL: `${META_SCRIPT_ORIGIN}/fbevents.js`,
      LINKEDIN_PARTNER_ID: "4242",
    },
    { web: true, clock },
  );
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const record = {
  AnonymousId: "0b6f3c1e-4d2a-4c8e-9f1a-2b3c4d5e6f70",
  Analytics: false,
  Marketing: true,
  Version: CONSENT_VERSION,
  DecidedAt: "2026-11-25T10:15:00.000Z",
};

const conversionRows = async () =>
  (await server.services.db.select().from(conversions)).map(({ id: _id, createdAt: _at, ...r }) => r);

describe("POST /api/Consent", () => {
  it("stores the choice with its version and time, and nothing that identifies the person", async () => {
    expect(await post("Consent", record)).toEqual({ status: 200, body: { Ok: true } });
    const rows = await server.services.db.select().from(consentRecords);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      anonymousId: record.AnonymousId,
      analytics: false,
      marketing: true,
      version: CONSENT_VERSION,
      decidedAt: new Date(record.DecidedAt),
    });
  });

  it("refuses bad input with the error contract and a Polish message", async () => {
    const bad = async (body: unknown) => {
      const res = await post("Consent", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ErrorCode: expect.any(Number), ErrorMessage: expect.any(String) });
      return res.body.ErrorMessage as string;
    };
    expect(await bad({ ...record, AnonymousId: undefined })).toContain("Pole AnonymousId jest wymagane");
    expect(await bad({ ...record, AnonymousId: "<script>" })).toContain(
      "AnonymousId ma nieprawidłowy format",
    );
    expect(await bad({ ...record, Marketing: "tak" })).toContain(
      "Pole Marketing musi mieć wartość true albo false",
    );
    expect(await bad({ ...record, Version: CONSENT_VERSION + 1 })).toContain(
      "Nieznana wersja polityki cookies",
    );
    expect(await bad({ ...record, DecidedAt: "wczoraj" })).toContain("Pole DecidedAt musi być datą");
    await bad("{nie json");
  });
});

describe("first-party conversions", () => {
  it("are recorded by the server with the campaign ids for a lead, a call-back and a registration", async () => {
    const before = (await conversionRows()).length;
    const selfFinancing = await post("Contact/SendMarketingMail", {
      Name: "Łucja",
      Surname: "Brzęczyszczykiewicz",
      Email: "lucja@example.com",
      PhoneNumber: "600700800",
      MessageBody: "Proszę o kontakt.",
      TermsConsent: true,
      MarketingConsent: true,
      Captcha: await solvedCaptcha(server.url),
      FormType: 2,
      CampaignId: "wiosna-2027",
      ClickId: "fb-1",
      AdsClickId: "g-1",
    });
    expect(selfFinancing.status).toBe(200);
    expect(
      (await post("FastCall/Post", { PhoneNumber: "600700801", CampaignId: "wiosna-2027" })).status,
    ).toBe(200);
    const registered = await post("Register", {
      Nip: "1234563218",
      CompanyName: "Transport Nowak sp. z o.o.",
      Street: "ul. Długa 5",
      PostalCode: "90-001",
      City: "Łódź",
      Email: "nowak@firma.pl",
      Password: "Mocne1haslo!",
      RepeatPassword: "Mocne1haslo!",
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
      AdsClickId: "g-7",
    });
    expect(registered.status).toBe(200);

    expect((await conversionRows()).slice(before)).toEqual([
      { event: "lead", form: "selfFinancing", campaignId: "wiosna-2027", clickId: "fb-1", adsClickId: "g-1" },
      { event: "callBack", form: null, campaignId: "wiosna-2027", clickId: null, adsClickId: null },
      { event: "registration", form: null, campaignId: null, clickId: null, adsClickId: "g-7" },
    ]);
  });

  it("are not recorded for a refused request", async () => {
    const before = (await conversionRows()).length;
    expect((await post("FastCall/Post", { PhoneNumber: "12" })).status).toBe(400);
    expect(await conversionRows()).toHaveLength(before);
  });
});

describe("staff pages", () => {
  const csp = (res: Response) => res.headers.get("content-security-policy") ?? "";

  it("leave the advertising tags' hosts out of their CSP, so no tag can load there; public pages keep them", async () => {
    expect(csp(await fetch(`${server.url}/kontakt`))).toContain(META_SCRIPT_ORIGIN);
    // The way into the panel and, signed in, the panel and the consultants' console.
    const signIn = await fetch(`${server.url}/panel/logowanie`);
    expect(signIn.status).toBe(200);
    expect(csp(signIn)).not.toMatch(/tags\.example|facebook|linkedin|licdn/);
    const consultant = await signedIn("consultant");
    for (const path of ["/konsultant", "/panel"]) {
      const page = await send(consultant.browser, path);
      expect(page.status, path).toBe(200);
      expect(csp(page), path).toMatch(/script-src 'self' 'nonce-/);
      expect(csp(page), path).not.toMatch(/tags\.example|facebook|linkedin|licdn/);
    }
  });
});
