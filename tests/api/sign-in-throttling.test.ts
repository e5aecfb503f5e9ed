import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";

// Sign-in failures count per (e-mail, client address) and per address (ADR 006). The server trusts
// one proxy hop, so each request can come "from" its own client address via X-Forwarded-For.
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" });
});
afterAll(() => server.close());

const PASSWORD = "Mocne1haslo!";
const WRONG = "Zle1haslo!!";
let counter = 0;

async function login(email: string, password: string, ip: string) {
  const res = await fetch(`${server.url}/api/Account/Login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ Email: email, Password: password }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    json: (await res.json()) as Record<string, unknown>,
  };
}

/** A bidder's active account, created through the service (registration is tested elsewhere). */
async function bidder(): Promise<string> {
  counter++;
  const email = `licytujacy${counter}@firma.pl`;
  const res = await fetch(`${server.url}/api/Register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${counter}` },
    body: JSON.stringify({
      Nip: "1234563218",
      CompanyName: "Transport Nowak sp. z o.o.",
      Street: "ul. Długa 5",
      PostalCode: "90-001",
      City: "Łódź",
      Email: email,
      Password: PASSWORD,
      RepeatPassword: PASSWORD,
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    }),
  });
  expect(res.status).toBe(200);
  const outbox = (await (
    await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(email)}`)
  ).json()) as { text: string }[];
  const guid = /[?&]guid=([^\s&]+)/.exec(outbox[0].text)?.[1];
  expect((await fetch(`${server.url}/api/Register/Activate?guid=${guid}`)).status).toBe(200);
  await server.services.staff.bidders.verifyByEmail(email);
  return email;
}

// Each attempt verifies a password hash (~270 ms of CPU, much more on a busy machine): a budget for
// the tests that make dozens of them.
const MANY_HASHES_MS = 120_000;

describe("sign-in throttling", () => {
  it(
    "a rival failing on a bidder's e-mail cannot lock the bidder out",
    async () => {
      const victim = await bidder();
      const attacker = "203.0.113.66";
      for (let i = 0; i < 5; i++) expect((await login(victim, WRONG, attacker)).status).toBe(401);
      // From here on the attacker's address gets 47 for this e-mail, whatever password it sends.
      for (let i = 0; i < 5; i++) {
        const limited = await login(victim, i === 4 ? PASSWORD : WRONG, attacker);
        expect(limited.status).toBe(429);
        // The wait in seconds, the same the text gives in minutes (RFC 6585).
        expect(Number(limited.retryAfter)).toBeGreaterThan(13 * 60);
        expect(Number(limited.retryAfter)).toBeLessThanOrEqual(15 * 60);
        expect(limited.json).toEqual({
          ErrorCode: 47,
          ErrorMessage: expect.stringMatching(
            /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za 1[45] min albo ustaw nowe hasło\.$/,
          ),
        });
      }
      // The bidder, from their own address, signs in at once with the right password.
      const own = await login(victim, PASSWORD, "192.0.2.10");
      expect(own.status).toBe(200);
      expect(own.json.access_token).toEqual(expect.any(String));
      // The bidder's sign-in does not lift the attacker's pause.
      expect((await login(victim, WRONG, attacker)).status).toBe(429);
    },
    MANY_HASHES_MS,
  );

  it(
    "the person's own mistypes pause only that e-mail from that address, and success clears them",
    async () => {
      const email = await bidder();
      const home = "192.0.2.20";
      for (let i = 0; i < 4; i++) expect((await login(email, WRONG, home)).status).toBe(401);
      expect((await login(email, PASSWORD, home)).status).toBe(200);
      // The count started again after the successful sign-in: four more mistypes are still 401.
      for (let i = 0; i < 4; i++) expect((await login(email, WRONG, home)).status).toBe(401);
      expect((await login(email, WRONG, home)).status).toBe(401);
      expect((await login(email, PASSWORD, home)).status).toBe(429);
    },
    MANY_HASHES_MS,
  );

  it(
    "limits one address trying many e-mails (credential stuffing), not the others",
    async () => {
      const stuffer = "203.0.113.99";
      for (let i = 0; i < 20; i++) {
        expect((await login(`ofiara${i}@nikt.pl`, WRONG, stuffer)).status).toBe(401);
      }
      const email = await bidder();
      const limited = await login(email, PASSWORD, stuffer);
      expect(limited.status).toBe(429);
      expect(limited.json.ErrorCode).toBe(47);
      expect((await login(email, PASSWORD, "192.0.2.30")).status).toBe(200);
    },
    MANY_HASHES_MS,
  );
});
