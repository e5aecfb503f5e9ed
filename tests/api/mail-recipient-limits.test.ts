import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAILS_PER_RECIPIENT, normalisedRecipient } from "../../src/server/mail/recipient-limit";
import { alertClient, insertOffer } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { createBidder } from "../support/auction-fixtures";
import { solvedCaptcha } from "../support/captcha";
import { ManualClock } from "../support/manual-clock";
import { withinOneWindow } from "../support/rate-limit";

// Mail a visitor can have sent to an address they type is limited per recipient as well as per
// client: here every request comes from a client address of its own (the server trusts one proxy hop
// and the test plays the load balancer), as from a botnet, so only the recipient's limit can stop it.
const SALES = "sprzedaz.limity@test.local";
let server: TestServer;
const clock = new ManualClock();
beforeAll(async () => {
  server = await startApiServer(
    { ALERTS_DIGEST_INTERVAL_MINUTES: "0", TRUST_PROXY_HOPS: "1", SALES_EMAIL: SALES },
    { clock },
  );
  await insertOffer(server.services.db, { make: "Audi", bodyType: "kombi", fuelType: "ON" });
});
afterAll(() => server.close());

// Each case counts up to a limit within one window (withinOneWindow).
beforeEach(() => withinOneWindow(clock));

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json() };
};
const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();

const { validPayload } = alertClient(() => server);

describe("one inbox, one count", () => {
  it("folds case, +tags and Gmail's dots, and keeps other addresses apart", () => {
    expect(normalisedRecipient(" Ewa.Nowak+alerty@Example.COM ")).toBe("ewa.nowak@example.com");
    expect(normalisedRecipient("e.w.a.nowak+1@googlemail.com")).toBe("ewanowak@gmail.com");
    expect(normalisedRecipient("ewa.nowak@example.com")).not.toBe(
      normalisedRecipient("ewanowak@example.com"),
    );
  });
});

describe("per-recipient mail limits", () => {
  it("car alert activation links: 429 with Retry-After once an inbox had its share, from any client", async () => {
    const spellings = ["Adam.Limit@example.com", "adam.limit+auta@example.com", "ADAM.LIMIT@EXAMPLE.COM"];
    expect(spellings).toHaveLength(MAILS_PER_RECIPIENT.CarAlert);
    for (const Email of spellings) {
      expect((await post("/api/CarAlert", await validPayload({ Email }))).status, Email).toBe(200);
    }
    const over = await post("/api/CarAlert", await validPayload({ Email: "adam.limit+inne@example.com" }));
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(over.json).toEqual({
      ErrorCode: 5,
      ErrorMessage: expect.stringMatching(
        /^Na ten adres e-mail wysłaliśmy przed chwilą kilka linków aktywujących alerty\. Sprawdź skrzynkę lub spróbuj ponownie za \d+ min\.$/,
      ),
    });
    const sent = (await Promise.all(spellings.map(outbox))).flat();
    expect(new Set(sent.map((m) => m.text)).size).toBe(MAILS_PER_RECIPIENT.CarAlert);
    expect(await outbox("adam.limit+inne@example.com")).toEqual([]);
    // Someone else's inbox is not affected.
    expect((await post("/api/CarAlert", await validPayload({ Email: "ola.limit@example.com" }))).status).toBe(
      200,
    );
  });

  it("lead form confirmations: the lead is taken and sales are told, the copy stops silently", async () => {
    const person = {
      Name: "Łucja",
      Surname: "Brzęczyszczykiewicz",
      Email: "lucja.limit@example.com",
      PhoneNumber: "+48 600-700-800",
      MessageBody: "Proszę o ofertę leasingu.",
      TermsConsent: true,
      MarketingConsent: true,
    };
    const times = MAILS_PER_RECIPIENT.LeadConfirmation + 2;
    for (let i = 0; i < times; i++) {
      const path = i % 2 ? "/api/Contact/SendMarketingMail" : "/api/Contact/SendQuestion";
      const body = { ...person, Captcha: await solvedCaptcha(server.url), ...(i % 2 ? { FormType: 2 } : {}) };
      const res = await post(path, body);
      expect(res.status, `${path} ${i}`).toBe(200);
      expect(res.json.LeadId).toEqual(expect.any(Number));
    }
    expect(await outbox(person.Email)).toHaveLength(MAILS_PER_RECIPIENT.LeadConfirmation);
    const sales = (await outbox(SALES)).filter((m) => m.text.includes(person.Email));
    expect(sales).toHaveLength(times);
  });

  it("registration attempts on a taken address: every answer the same, the owner told a few times only", async () => {
    const owner = await createBidder(server.services.db, { status: "active" });
    const attempt = {
      Nip: "1234563218",
      CompanyName: "Ktoś Inny sp. z o.o.",
      Street: "ul. Długa 5",
      PostalCode: "90-001",
      City: "Łódź",
      Email: owner.email,
      Password: "Haslo!2026abc",
      RepeatPassword: "Haslo!2026abc",
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    };
    const times = MAILS_PER_RECIPIENT.RegistrationAttempt + 2;
    for (let i = 0; i < times; i++)
      expect(await post("/api/Register", attempt)).toMatchObject({
        status: 200,
        json: { Email: owner.email, Status: "pending_email" },
      });
    const told = (await outbox(owner.email)).filter((m) => m.subject.startsWith("Próba założenia konta"));
    expect(told).toHaveLength(MAILS_PER_RECIPIENT.RegistrationAttempt);
  });

  it("chat ticket confirmations: the message reaches sales, the copy stops silently", async () => {
    const ticket = {
      name: "Ewa",
      email: "ewa.bilet@example.com",
      message: "Proszę o kontakt.",
      consent: true,
    };
    const times = MAILS_PER_RECIPIENT.ChatTicketConfirmation + 2;
    for (let i = 0; i < times; i++) expect((await post("/api/Chat/Tickets", ticket)).status).toBe(200);
    expect(await outbox(ticket.email)).toHaveLength(MAILS_PER_RECIPIENT.ChatTicketConfirmation);
    const sales = (await outbox(SALES)).filter((m) => m.subject.startsWith("Wiadomość z czatu nr"));
    expect(sales).toHaveLength(times);
  });

  it("chat transcripts: 429 with Retry-After once the chat's address had its share, whatever the chat", async () => {
    const transcript = async () => {
      // Nobody is online: the chat ends at once, so its transcript may be asked for.
      const started = await post("/api/Chat/Start", {
        name: "Ewa",
        email: "ewa.zapisy@example.com",
        topic: "Aukcje",
        question: "Pytanie",
        consent: true,
      });
      const res = await fetch(`${server.url}/api/Chat/Transcript`, {
        method: "POST",
        headers: { "x-chat-token": started.json.Token, "x-forwarded-for": freshIp() },
      });
      return { status: res.status, retryAfter: res.headers.get("retry-after"), json: await res.json() };
    };
    for (let i = 0; i < MAILS_PER_RECIPIENT.ChatTranscript; i++) {
      expect(await transcript()).toMatchObject({
        status: 200,
        json: { Ok: true, Email: "ewa.zapisy@example.com" },
      });
    }
    const over = await transcript();
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(over.json.ErrorMessage).toMatch(
      /^Zapis rozmowy wysłaliśmy już kilka razy na ten adres\. Sprawdź skrzynkę lub spróbuj ponownie za \d+ min\.$/,
    );
    expect(await outbox("ewa.zapisy@example.com")).toHaveLength(MAILS_PER_RECIPIENT.ChatTranscript);
  });
});
