import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/domain/lead-forms";
import { leads, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { solvedCaptcha } from "../support/captcha";

let server: TestServer;
let certifiedOfferId: number;
beforeAll(async () => {
  // One trusted proxy hop: the tests play the load balancer and give each request its own client address.
  server = await startApiServer({
    SALES_EMAIL: "sprzedaz@test.local",
    LEADS_RATE_LIMIT: "3",
    TRUST_PROXY_HOPS: "1",
  });
  const [o] = await server.services.db
    .insert(offers)
    .values({
      saleType: "afterLease",
      make: "Škoda",
      model: "Octavia",
      bodyType: "kombi",
      fuelType: "ON",
      gearBoxType: "manualna",
      color: "srebrny",
      year: 2021,
      mileage: 98_000,
      engineCapacity: 1968,
      powerHp: 150,
      isCertified: true,
      isCashAvailable: true,
      totalPriceNetto: 59_000,
    })
    .returning({ id: offers.id });
  certifiedOfferId = o.id;
});
afterAll(() => server.close());

let ipCounter = 0;
/** Each test sends from its own address (the server trusts one proxy hop of X-Forwarded-For), so limits do not interfere. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (path: string, body: unknown, ip = freshIp()) =>
  fetch(`${server.url}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const person = (email: string) => ({
  Name: "Łucja",
  Surname: "Brzęczyszczykiewicz",
  Email: email,
  PhoneNumber: "+48 600-700-800",
  MessageBody: "Proszę o ofertę leasingu.",
  TermsConsent: true,
  MarketingConsent: true,
});

const outbox = async (to: string) => (await fetch(`${server.url}/dev/outbox.json?to=${to}`)).json();

describe("POST /api/Contact/SendQuestion: the lead, its mail and bad input", () => {
  it("stores the lead before answering and queues mail to sales and the customer", async () => {
    const res = await post("Contact/SendQuestion", {
      ...person("lucja@example.com"),
      Captcha: await solvedCaptcha(server.url),
      AuctionId: certifiedOfferId,
      SendCertificateData: true,
      CampaignId: "zima-2026",
      ClickId: "c-1",
      AdsClickId: "g-1",
      CalculatorContactFormData: {
        IsLeasing: true,
        IsNew: false,
        Period: 36,
        Ow: 5900,
        OwPercent: 10,
        Rv: 11_800,
        RvPercent: 20,
        InstallmentPriceNetto: 1412,
        TotalFeesPercent: 113.59,
        TotalPriceBrutto: 81_000,
        AdditionalServices: ["gap"],
      },
    });
    expect(res.status).toBe(200);
    const { LeadId } = await res.json();
    expect(LeadId).toBeGreaterThan(0);
    const [row] = await server.services.db.select().from(leads).where(eq(leads.id, LeadId));
    expect(row).toMatchObject({
      kind: "question",
      auctionId: certifiedOfferId,
      phoneNumber: "+48600700800",
      campaignId: "zima-2026",
      adsClickId: "g-1",
    });
    expect(row.payload).not.toHaveProperty("Captcha");
    const customer = await outbox("lucja@example.com");
    expect(customer).toHaveLength(1);
    expect(customer[0].text).toContain("w ciągu 4 godzin");
    expect(customer[0].text).toContain("/certyfikat-flotis");
    const sales = (await outbox("sprzedaz@test.local")).find((m: { subject: string }) =>
      m.subject.includes(`nr ${LeadId}`),
    );
    expect(sales.subject).toContain("Škoda Octavia");
    expect(sales.text).toContain("Rata miesięczna: 1\u00a0412\u00a0zł netto");
    // Percentages with a decimal comma, as everywhere in Polish: not "113.59%".
    expect(sales.text).toContain("Suma opłat: 113,59%");
    expect(sales.text).toContain("Wpłata własna: 5\u00a0900\u00a0zł (10%)");
  });

  it("keeps HTML in fields as text: stored as typed, escaped in the HTML mail", async () => {
    const evil = '<img src=x onerror="alert(1)"><b>pilne</b>';
    const res = await post("Contact/SendQuestion", {
      ...person("html@example.com"),
      MessageBody: evil,
      Captcha: await solvedCaptcha(server.url),
      CarDetails: {
        Make: "Audi",
        Model: "A4",
        PlateNumber: "WA 12345",
        ProductionYear: "2019",
        CarMileage: 120_000,
      },
    });
    expect(res.status).toBe(200);
    const { LeadId } = await res.json();
    const [row] = await server.services.db.select().from(leads).where(eq(leads.id, LeadId));
    expect(row.messageBody).toBe(evil);
    const sales = (await outbox("sprzedaz@test.local")).find((m: { subject: string }) =>
      m.subject.includes(`nr ${LeadId}`),
    );
    expect(sales.subject).toContain("Audi A4 spoza oferty");
    expect(sales.html).not.toContain("<img");
    expect(sales.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;pilne&lt;/b&gt;");
  });

  it.each([
    ["Name", "", MSG.required],
    ["Name", "J", "Pole wymaga minimum 2 znaków"],
    ["Name", "J".repeat(31), "Pole przyjmuje maksymalnie 30 znaków"],
    ["Name", "<b>", MSG.name],
    ["Surname", "K", "Pole wymaga minimum 2 znaków"],
    ["Surname", "K".repeat(51), "Pole przyjmuje maksymalnie 50 znaków"],
    ["Email", "a@b.p", "Pole wymaga minimum 6 znaków"],
    ["Email", "jan(at)example.com", MSG.email],
    ["Email", `${"a".repeat(45)}@ex.pl`, "Pole przyjmuje maksymalnie 50 znaków"],
    ["PhoneNumber", "600 700", "Pole wymaga minimum 9 znaków"],
    ["PhoneNumber", "6007008001", MSG.phone],
    ["PhoneNumber", "1234567890123456", "Pole przyjmuje maksymalnie 15 znaków"],
    ["TermsConsent", false, MSG.consent],
    ["MarketingConsent", null, MSG.consent],
    ["Captcha", "", MSG.captcha],
    ["Captcha", "bm90LWEtY2FwdGNoYQ==", MSG.captcha],
    ["AuctionId", 987_654, "nie ma oferty o tym numerze"],
  ])("%s = %j -> 400 '%s'", async (field, value, message) => {
    const body = { ...person("bad@example.com"), Captcha: "eyJ9", [field]: value };
    if (field === "AuctionId") body.Captcha = await solvedCaptcha(server.url);
    const res = await post("Contact/SendQuestion", body);
    expect(res.status).toBe(400);
    const e = await res.json();
    expect(e.ErrorMessage).toBe(
      `Pole ${field}: ${message}`.replace(`Pole ${field}: Pole ${field}`, `Pole ${field}`),
    );
    expect(await outbox("bad@example.com")).toHaveLength(0);
  });
});

describe("POST /api/Contact/SendQuestion: replays, sizes and the rate limit", () => {
  it("refuses a captcha used a second time (replay) and stores nothing for it", async () => {
    const captcha = await solvedCaptcha(server.url);
    const ok = await post("Contact/SendQuestion", { ...person("raz@example.com"), Captcha: captcha });
    expect(ok.status).toBe(200);
    const again = await post("Contact/SendQuestion", { ...person("dwa@example.com"), Captcha: captcha });
    expect(again.status).toBe(400);
    expect((await again.json()).ErrorMessage).toContain("zostało już użyte");
    expect(
      await server.services.db.select().from(leads).where(eq(leads.email, "dwa@example.com")),
    ).toHaveLength(0);
  });

  it("refuses bodies over 32 KB with 413 and malformed JSON with 400", async () => {
    const big = await post("Contact/SendQuestion", {
      ...person("big@example.com"),
      MessageBody: "x".repeat(40_000),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).ErrorMessage).toBe("Treść żądania jest za duża.");
    const broken = await post("Contact/SendQuestion", "{nie json");
    expect(broken.status).toBe(400);
  });

  it("answers 429 in Polish after the limit of requests from one address", async () => {
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post("Contact/SendQuestion", { ...person("limit@example.com"), Captcha: "x" }, ip)).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const res = await post("Contact/SendQuestion", { ...person("limit@example.com"), Captcha: "x" }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const e = await res.json();
    expect(e.ErrorCode).toBe(5);
    expect(e.ErrorMessage).toMatch(
      /^Wysłano zbyt wiele zgłoszeń z tego adresu\. Spróbuj ponownie za \d+ min/,
    );
    // another form and another address keep their own counters
    expect((await post("FastCall/Post", { PhoneNumber: "600700800" }, ip)).status).toBe(200);
    expect(
      (await post("Contact/SendQuestion", { ...person("limit@example.com"), Captcha: "x" })).status,
    ).toBe(400);
  });
});

describe("POST /api/Contact/SendMarketingMail (self-financing)", () => {
  it("stores the request with FormType 2 and mails sales and the customer", async () => {
    const res = await post("Contact/SendMarketingMail", {
      ...person("samo@example.com"),
      FormType: 2,
      Captcha: await solvedCaptcha(server.url),
    });
    expect(res.status).toBe(200);
    const { LeadId } = await res.json();
    const [row] = await server.services.db.select().from(leads).where(eq(leads.id, LeadId));
    expect(row.kind).toBe("selfFinancing");
    expect(row.payload).toMatchObject({ FormType: 2 });
    expect(await outbox("samo@example.com")).toHaveLength(1);
  });
  it("refuses another FormType and invalid fields", async () => {
    const wrongType = await post("Contact/SendMarketingMail", {
      ...person("x@example.com"),
      FormType: 1,
      Captcha: "x",
    });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).ErrorMessage).toContain("FormType");
    const badMail = await post("Contact/SendMarketingMail", {
      ...person("x@@example.com"),
      FormType: 2,
      Captcha: "x",
    });
    expect((await badMail.json()).ErrorMessage).toBe(`Pole Email: ${MSG.email}`);
  });
});

describe("POST /api/FastCall/Post (call-back)", () => {
  it("stores the number without spaces and dashes and mails sales", async () => {
    const res = await post("FastCall/Post", { PhoneNumber: "+48 601-602-603", ConversationTopic: null });
    expect(res.status).toBe(200);
    const { LeadId } = await res.json();
    const [row] = await server.services.db.select().from(leads).where(eq(leads.id, LeadId));
    expect(row).toMatchObject({ kind: "callBack", phoneNumber: "+48601602603" });
    const sales = await outbox("sprzedaz@test.local");
    expect(sales.some((m: { subject: string }) => m.subject.includes("+48601602603"))).toBe(true);
  });
  it.each(["600 700", "abc defghi", "", "+48 600 700 800 9"])(
    "refuses %j with 'Podaj numer w poprawnej formie'",
    async (phone) => {
      const res = await post("FastCall/Post", { PhoneNumber: phone });
      expect(res.status).toBe(400);
      expect((await res.json()).ErrorMessage).toBe(`Pole PhoneNumber: ${MSG.callBackPhone}`);
    },
  );
});
