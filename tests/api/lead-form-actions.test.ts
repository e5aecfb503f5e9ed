import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/domain/lead-forms";
import { seedContent } from "../../src/server/content/seed";
import { leads, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { solvedCaptcha } from "../support/captcha";
import { offerRow } from "../support/catalogue-fixtures";

// The lead forms sent before their page hydrated (ADR 024): the browser posts the form itself to the
// page, whose action checks it with the schema the browser uses, stores it through the same service
// as the API, and answers either the confirmation page or the form with its messages and the values
// sent. Production build of the web app.

let server: TestServer;
let offerId: number;
beforeAll(async () => {
  server = await startApiServer(
    { SALES_EMAIL: "sprzedaz@test.local", LEADS_RATE_LIMIT: "3", TRUST_PROXY_HOPS: "1" },
    { web: true },
  );
  await seedContent(server.services.database);
  // A certified ex-lease offer (the texts of the fixture's row live in another table).
  const { description: _d, equipment: _e, ...row } = offerRow({ saleType: "afterLease", isCertified: true });
  const [o] = await server.services.db.insert(offers).values(row).returning({ id: offers.id });
  offerId = o.id;
});
afterAll(() => server.close());

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The form as a browser without scripts posts it. */
const postForm = (path: string, fields: Record<string, string>, ip = freshIp()) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
  });

const person = (email: string) => ({
  Name: "Łucja",
  Surname: "Brzęczyszczykiewicz",
  Email: email,
  PhoneNumber: "+48 600-700-800",
  MessageBody: "Proszę o ofertę.",
  TermsConsent: "on",
  MarketingConsent: "on",
});

/** The opening tag of the form control named `name`. */
const control = (html: string, name: string) =>
  new RegExp(`<(?:input|textarea|select)[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(html)?.[0] ?? "";

const leadsTo = (email: string) => server.services.db.select().from(leads).where(eq(leads.email, email));

describe("the contact form posted before hydration", () => {
  it("answers 400 with every message the browser would show and the values as typed; stores nothing", async () => {
    const response = await postForm("/formularz-kontaktowy", {
      Name: "Z",
      Email: "zofia@firma",
      TermsConsent: "on",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const text of ["Pole wymaga minimum 2 znaków", MSG.email, MSG.required, MSG.consent, MSG.captcha])
      expect(html).toContain(text);
    expect(html).toContain(MSG.summary);
    // The captcha is a proof of work run by a script: a browser without scripts is told so.
    expect(html).toMatch(/<noscript>[\s\S]*włącz obsługę JavaScriptu w przeglądarce/);
    expect(control(html, "Name")).toContain('value="Z"');
    expect(control(html, "Name")).toContain('aria-invalid="true"');
    expect(control(html, "Email")).toContain('value="zofia@firma"');
    expect(control(html, "TermsConsent")).toContain("checked");
    expect(control(html, "TermsConsent")).not.toContain("aria-invalid");
    expect(await leadsTo("zofia@firma")).toHaveLength(0);
  });

  it("stores a valid form with its offer and goes on to the confirmation; the captcha works once", async () => {
    const captcha = await solvedCaptcha(server.url);
    const fields = { ...person("lucja.akcja@example.com"), Captcha: captcha, SendCertificateData: "on" };
    const sent = await postForm(`/formularz-kontaktowy?auctionId=${offerId}`, fields);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/wyslano-pomyslnie");
    const [lead] = await leadsTo("lucja.akcja@example.com");
    expect(lead).toMatchObject({ kind: "question", auctionId: offerId, phoneNumber: "+48600700800" });
    expect(lead.payload).toMatchObject({ SendCertificateData: true, MessageBody: "Proszę o ofertę." });

    // The same captcha again: refused by the service, the captcha marked, the text with the hint.
    const again = await postForm(`/formularz-kontaktowy?auctionId=${offerId}`, fields);
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain("to potwierdzenie zostało już użyte");
    expect(html).toContain("W razie problemów skontaktuj się z administratorem.");
    expect(html).toMatch(/data-testid="captcha"[^>]*data-invalid="true"/);
    expect(await leadsTo("lucja.akcja@example.com")).toHaveLength(1);
  });

  it("with the 'car from outside the offer' tick, requires and stores the car", async () => {
    const email = "lucja.auto@example.com";
    const withoutCar = await postForm("/formularz-kontaktowy", {
      ...person(email),
      WithCar: "on",
      Captcha: await solvedCaptcha(server.url),
    });
    expect(withoutCar.status).toBe(400);
    expect(control(await withoutCar.text(), "CarDetails.Make")).toContain('aria-invalid="true"');

    const sent = await postForm("/formularz-kontaktowy", {
      ...person(email),
      WithCar: "on",
      "CarDetails.Make": "Volvo",
      "CarDetails.Model": "XC60",
      "CarDetails.CarMileage": "85000",
      Captcha: await solvedCaptcha(server.url),
    });
    expect(sent.status).toBe(302);
    const [lead] = await leadsTo(email);
    expect(lead.payload).toMatchObject({ CarDetails: { Make: "Volvo", Model: "XC60", CarMileage: 85_000 } });
  });

  it("counts with the API under one limit per address: over it, 429 in Polish", async () => {
    const ip = freshIp();
    // Well formed, with a captcha the service refuses: each one counts as a send.
    const refused = { ...person("limit@example.com"), Captcha: "nieprawidłowe" };
    const api = await fetch(`${server.url}/api/Contact/SendQuestion`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ ...refused, TermsConsent: true, MarketingConsent: true }),
    });
    expect(api.status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await postForm("/formularz-kontaktowy", refused, ip)).status).toBe(400);
    const limited = await postForm("/formularz-kontaktowy", refused, ip);
    expect(limited.status).toBe(429);
    // A page's 429 says when to come back too (its text says it in minutes).
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await limited.text()).toContain("Wysłano zbyt wiele zgłoszeń z tego adresu");
  });
});

describe("the self-financing form posted before hydration", () => {
  it("stores the request with FormType 2 and goes on to the confirmation", async () => {
    const sent = await postForm("/formularz-samofinansowanie", {
      ...person("lucja.samo@example.com"),
      Captcha: await solvedCaptcha(server.url),
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/wyslano-pomyslnie");
    const [lead] = await leadsTo("lucja.samo@example.com");
    expect(lead).toMatchObject({ kind: "selfFinancing" });
    expect(lead.payload).toMatchObject({ FormType: 2 });
  });
});
