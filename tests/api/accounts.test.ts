import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS } from "../../src/domain/documents";
import { tokenHash } from "../../src/server/accounts/secrets";
import { REFRESH_REUSE_GRACE_SECONDS } from "../../src/server/accounts/service";
import { accountRefreshTokens, accountSignInFailures, documents } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { type RegistryStandIn, startRegistryStandIn } from "../support/registry-stand-in";

/** Accounts over real HTTP: registration to sign-in, tokens, settings, reset, and bad input. */
let server: TestServer;
let standIn: RegistryStandIn;

beforeAll(async () => {
  standIn = await startRegistryStandIn();
  server = await startApiServer({
    ACCESS_TOKEN_TTL_SECONDS: "600",
    COMPANY_REGISTRY_URL: standIn.url,
    // Every test registers from 127.0.0.1; the per-address limits have tests of their own.
    RATE_LIMITS_SCALE: "100",
  });
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: (text ? JSON.parse(text) : null) as Json };
}

const PASSWORD = "Mocne1haslo!";
let counter = 0;

function registration(over: Json = {}): Json {
  counter++;
  return {
    Nip: "1234563218",
    CompanyName: "Transport Nowak sp. z o.o.",
    Regon: "123456785",
    Street: "ul. Długa 5",
    PostalCode: "90-001",
    City: "Łódź",
    Email: `jan${counter}@nowak-transport.pl`,
    Password: PASSWORD,
    RepeatPassword: PASSWORD,
    AcceptSiteRules: true,
    AcceptAuctionRules: true,
    MarketingEmail: true,
    ...over,
  };
}

async function mails(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return res.json();
}

function linkParam(text: string, name: string): string {
  const m = new RegExp(`[?&]${name}=([^\\s&]+)`).exec(text);
  if (!m) throw new Error(`no ${name} in mail`);
  return m[1];
}

/** Moves a refresh token's first use into the past, as if that much time had gone by since. */
async function usedSecondsAgo(refreshToken: string, seconds: number) {
  await server.services.db
    .update(accountRefreshTokens)
    .set({ usedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(accountRefreshTokens.tokenHash, tokenHash(refreshToken)));
}

/** A registered, activated and verified account, signed in. */
async function activeAccount(over: Json = {}) {
  const form = registration(over);
  expect((await call("POST", "/api/Register", form)).status).toBe(200);
  const [mail] = await mails(form.Email as string);
  const guid = linkParam(mail.text, "guid");
  expect((await call("GET", `/api/Register/Activate?guid=${guid}`)).status).toBe(200);
  await server.services.staff.bidders.verifyByEmail(form.Email as string);
  const login = await call("POST", "/api/Account/Login", { Email: form.Email, Password: PASSWORD });
  expect(login.status).toBe(200);
  return {
    email: form.Email as string,
    tokens: login.json as { access_token: string; refresh_token: string; utoken: string },
  };
}

describe("registration", () => {
  it("describes the form: consents, rules version 1 of 7 January 2021, password rules", async () => {
    const r = await call("GET", "/api/Register");
    expect(r.status).toBe(200);
    expect(r.json.AuctionRules).toMatchObject({
      Version: 1,
      EffectiveFrom: "2021-01-07 00:00:00",
      EffectiveFromUtc: "2021-01-06T23:00:00.000Z",
    });
    // Each rule completes "Hasło musi zawierać:" (the accusative: "małą i wielką literę").
    expect(r.json.PasswordRules).toContain("co najmniej jedną cyfrę");
    expect(r.json.PasswordRules).toContain("małą i wielką literę");
  });

  it("checks the NIP and fills company data from the VAT register", async () => {
    const ok = await call("GET", "/api/Register/Contractor?nip=123-456-32-18");
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      Nip: "1234563218",
      Found: true,
      Company: {
        CompanyName: expect.stringContaining("TRANSPORT NOWAK"),
        City: "Łódź",
        PostalCode: "90-001",
      },
    });
    const unknown = await call("GET", "/api/Register/Contractor?nip=1111111111");
    expect(unknown.json).toMatchObject({ Found: false, RegistryAvailable: true });
    const bad = await call("GET", "/api/Register/Contractor?nip=1234563219");
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      ErrorCode: 11,
      ErrorMessage: expect.stringContaining("NIP jest nieprawidłowy"),
    });
    expect((await call("GET", "/api/Register/Contractor")).status).toBe(400);
  });

  it("creates the account and sends one activation e-mail; the link works once", async () => {
    const form = registration();
    const r = await call("POST", "/api/Register", form);
    expect(r.json).toEqual({ Email: form.Email, Status: "pending_email" });
    const inbox = await mails(form.Email as string);
    expect(inbox).toHaveLength(1);
    expect(inbox[0].subject).toMatch(/Potwierdź adres e-mail/);
    const guid = linkParam(inbox[0].text, "guid");
    expect(inbox[0].text).toContain(`${server.services.config.publicUrl}/aktywuj-konto?guid=`);

    // Not verified yet: sign-in explains, without tokens.
    const early = await call("POST", "/api/Account/Login", { Email: form.Email, Password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.json.ErrorCode).toBe(48);
    // The registration's link went out a moment ago: no second one, and the message says so.
    expect(early.json.ErrorMessage).toBe(
      "Adres e-mail nie został jeszcze potwierdzony. Link aktywacyjny wysłaliśmy w ciągu ostatnich 10 minut: sprawdź skrzynkę, także folder spam. Jeśli go nie ma, zaloguj się ponownie za kilka minut, a wyślemy nowy.",
    );
    expect(await mails(form.Email as string)).toHaveLength(1);

    expect((await call("GET", `/api/Register/Activate?guid=${guid}`)).json).toEqual({
      Status: "pending_verification",
    });
    const again = await call("GET", `/api/Register/Activate?guid=${guid}`);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ ErrorCode: 10, ErrorMessage: expect.stringContaining("już użyty") });
    const unknown = await call("GET", "/api/Register/Activate?guid=00000000-0000-4000-8000-000000000000");
    expect(unknown.json.ErrorMessage).toMatch(/nieprawidłowy/);

    const waiting = await call("POST", "/api/Account/Login", { Email: form.Email, Password: PASSWORD });
    expect(waiting.json).toMatchObject({
      ErrorCode: 48,
      ErrorMessage: expect.stringMatching(/czeka na weryfikację/),
    });

    // Staff are told, and verification e-mails the person.
    const staff = await mails(server.services.config.SALES_EMAIL);
    expect(
      staff.some((m) => m.text.includes(form.Email as string) && /\/panel\/konta-klientow\/\d+/.test(m.text)),
    ).toBe(true);
    expect(await server.services.staff.bidders.verifyByEmail(form.Email as string)).toMatchObject({
      changed: true,
    });
    expect((await mails(form.Email as string))[0].subject).toMatch(/jest aktywne/);
  });

  it("answers an address that has an account (any letter case) as a new one, and e-mails its owner", async () => {
    const { email } = await activeAccount();
    const before = await mails(email);
    const again = registration({ Email: email.toUpperCase(), CompanyName: "Ktoś Inny sp. z o.o." });
    const fresh = registration();
    const taken = await call("POST", "/api/Register", again);
    const created = await call("POST", "/api/Register", fresh);
    // Same status, same body shape: the answer does not tell whether the address was free.
    expect(taken.status).toBe(200);
    expect(created.status).toBe(200);
    expect(taken.json).toEqual({ Email: again.Email, Status: "pending_email" });
    expect(created.json).toEqual({ Email: fresh.Email, Status: "pending_email" });

    // The owner learns of the attempt, with the way to sign in or set a new password.
    const inbox = await mails(email);
    expect(inbox).toHaveLength(before.length + 1);
    expect(inbox[0].subject).toBe("Próba założenia konta w serwisie Flotis na Twój adres e-mail");
    expect(inbox[0].text).toContain(`${server.services.config.publicUrl}/login`);
    expect(inbox[0].text).toContain(`${server.services.config.publicUrl}/przypomnienie-hasla`);
    expect(inbox[0].text).not.toContain("guid=");
    // No second account: the owner's password and company stay as they were.
    const login = await call("POST", "/api/Account/Login", { Email: email, Password: PASSWORD });
    expect(login.json.UserName).toBe("Transport Nowak sp. z o.o.");
  });

  it("refuses a bad NIP, missing consents and wrong types", async () => {
    const cases: [Json, RegExp][] = [
      [{ Nip: "1234563219" }, /^Pole Nip: NIP jest nieprawidłowy/],
      [{ Nip: undefined }, /^Pole Nip: Pole wymagane/],
      [{ AcceptAuctionRules: false }, /^Pole AcceptAuctionRules: Zgoda jest wymagana/],
      [{ Password: "krotkie1A" }, /^Pole Password: Hasło musi mieć co najmniej 10 znaków/],
      [{ RepeatPassword: "Inne1haslo!!" }, /^Pole RepeatPassword: Hasła nie są takie same/],
      [{ Email: 12345 }, /^Pole Email:/],
      [{ MarketingEmail: "tak" }, /^Pole MarketingEmail:/],
      [{ Status: "active" }, /Status/],
    ];
    for (const [over, message] of cases) {
      const r = await call("POST", "/api/Register", registration(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.json.ErrorMessage).toMatch(message);
    }
    expect((await call("POST", "/api/Register", [])).status).toBe(400);
  });
});

describe("sign-in", () => {
  it("signs in with tokens, the user token and the company name; the account never shows a password", async () => {
    const { email, tokens } = await activeAccount();
    expect(tokens).toMatchObject({ UserName: "Transport Nowak sp. z o.o.", expires_in: 600 });
    const me = await call("GET", "/api/Account", undefined, tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      Email: email,
      Nip: "1234563218",
      UToken: tokens.utoken,
      MarketingEmail: true,
    });
    expect(me.text).not.toMatch(/password|hash|scrypt/i);
  });

  it("answers a wrong password and an unknown e-mail alike, with 'Invalid credentials'", async () => {
    const { email } = await activeAccount();
    const wrong = await call("POST", "/api/Account/Login", { Email: email, Password: "Zle1haslo!!" });
    const unknown = await call("POST", "/api/Account/Login", {
      Email: "nikt@nikt.pl",
      Password: "Zle1haslo!!",
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({
        ErrorCode: 35,
        ErrorMessage: "Nieprawidłowy adres e-mail lub hasło.",
        Error: "Invalid credentials",
      });
    }
  });

  it("pauses an e-mail after failed sign-ins from this address with a Polish message, even for the right password", async () => {
    const { email } = await activeAccount();
    for (let i = 0; i < 5; i++) {
      expect(
        (await call("POST", "/api/Account/Login", { Email: email, Password: "Zle1haslo!!" })).status,
      ).toBe(401);
    }
    const limited = await call("POST", "/api/Account/Login", { Email: email, Password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json.ErrorCode).toBe(47);
    expect(limited.json.ErrorMessage).toMatch(
      /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za \d+ min/,
    );
  });

  it("limits failed sign-ins per address across different e-mails", async () => {
    // Earlier tests failed sign-ins from this address too: start from a clean count.
    await server.services.db.delete(accountSignInFailures);
    try {
      for (let i = 0; i < 20; i++) {
        const r = await call("POST", "/api/Account/Login", {
          Email: `zgadywanie${i}@nikt.pl`,
          Password: "Zle1haslo!!",
        });
        expect(r.status).toBe(401);
      }
      const limited = await call("POST", "/api/Account/Login", {
        Email: "kolejny@nikt.pl",
        Password: "Zle1haslo!!",
      });
      expect(limited.status).toBe(429);
      expect(limited.json.ErrorCode).toBe(47);
    } finally {
      // The limit is per address: clear it so the other tests from this address can sign in.
      await server.services.db.delete(accountSignInFailures);
    }
  });
});

describe("refresh tokens and signing out", () => {
  it("two refreshes with one refresh token at the same moment both succeed; the session lives on", async () => {
    const { tokens } = await activeAccount();
    const body = { ExpiredAccessToken: tokens.access_token, RefreshToken: tokens.refresh_token };
    const [a, b] = await Promise.all([
      call("POST", "/api/Account/RefreshManually", body),
      call("POST", "/api/Account/RefreshManually", body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // A retry a few seconds later (its first answer was lost) is still inside the window.
    const retried = await call("POST", "/api/Account/RefreshManually", body);
    expect(retried.status).toBe(200);
    for (const pair of [a, b, retried]) {
      expect((await call("GET", "/api/Account", undefined, pair.json.access_token as string)).status).toBe(
        200,
      );
    }
    // Each tab goes on refreshing with the pair it got.
    for (const pair of [a, b]) {
      const next = await call("POST", "/api/Account/RefreshManually", {
        ExpiredAccessToken: pair.json.access_token,
        RefreshToken: pair.json.refresh_token,
      });
      expect(next.status).toBe(200);
      expect((await call("GET", "/api/Account", undefined, next.json.access_token as string)).status).toBe(
        200,
      );
    }
  });

  it("revokes the whole session family when a refresh token is used twice", async () => {
    const { tokens } = await activeAccount();
    const first = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: tokens.access_token,
      RefreshToken: tokens.refresh_token,
    });
    expect(first.status).toBe(200);
    await usedSecondsAgo(tokens.refresh_token, REFRESH_REUSE_GRACE_SECONDS + 1);
    // Someone replays the old refresh token (a stolen copy) after the grace window for concurrent
    // refreshes: refused, and the family is revoked.
    const replay = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: tokens.access_token,
      RefreshToken: tokens.refresh_token,
    });
    expect(replay.status).toBe(401);
    expect(replay.json.ErrorCode).toBe(44);
    // The legitimate device is signed out too: its new access and refresh tokens no longer work.
    const me = await call("GET", "/api/Account", undefined, first.json.access_token as string);
    expect(me.status).toBe(401);
    expect(me.json.ErrorCode).toBe(8);
    const next = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: first.json.access_token,
      RefreshToken: first.json.refresh_token,
    });
    expect(next.json.ErrorCode).toBe(44);
  });

  it("refuses a refresh with another session's access token or bad input", async () => {
    const a = await activeAccount();
    const b = await activeAccount();
    const mixed = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: b.tokens.access_token,
      RefreshToken: a.tokens.refresh_token,
    });
    expect(mixed.json.ErrorCode).toBe(44);
    expect((await call("POST", "/api/Account/RefreshManually", { RefreshToken: 5 })).status).toBe(400);
    expect((await call("POST", "/api/Account/RefreshManually", {})).json.ErrorMessage).toMatch(
      /ExpiredAccessToken/,
    );
  });

  it("logs out: the session ends and its tokens stop working", async () => {
    const { tokens } = await activeAccount();
    expect((await call("POST", "/api/Account/Logout", {}, tokens.access_token)).json).toEqual({
      Success: true,
    });
    expect((await call("GET", "/api/Account", undefined, tokens.access_token)).status).toBe(401);
    const refresh = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: tokens.access_token,
      RefreshToken: tokens.refresh_token,
    });
    expect(refresh.json.ErrorCode).toBe(44);
    expect((await call("POST", "/api/Account/Logout", { RefreshToken: 1 })).status).toBe(400);
  });
});

describe("settings", () => {
  it("needs the profile completed (101) and the rules in force accepted (100) before bidding", async () => {
    const { tokens } = await activeAccount();
    const t = tokens.access_token;
    expect((await call("GET", "/api/Account/BiddingReadiness", undefined, t)).json.ErrorCode).toBe(101);
    expect(
      (
        await call(
          "PUT",
          "/api/Account/Update",
          { FirstName: "Jan", LastName: "Nowak", PhoneNumber: "+48 600-700-800" },
          t,
        )
      ).json,
    ).toMatchObject({ FirstName: "Jan", PhoneNumber: "+48600700800", UserName: "Jan Nowak" });
    expect(
      (await call("PUT", "/api/Account/UpdateStatement", { Accepted: true }, t)).json.ProfileComplete,
    ).toBe(true);
    expect((await call("GET", "/api/Account/BiddingReadiness", undefined, t)).json).toEqual({ CanBid: true });

    await server.services.db.insert(documents).values({
      kind: DOCUMENTS.auctionRules.kind,
      name: "Regulamin aukcji v7",
      version: 7,
      effectiveFrom: new Date(Date.now() - 1000),
      data: Buffer.from("%PDF-1.4"),
    });
    const gated = await call("GET", "/api/Account/BiddingReadiness", undefined, t);
    expect(gated.status).toBe(403);
    expect(gated.json.ErrorCode).toBe(100);
    const no = await call("PUT", "/api/Account/AcceptNewRules", { Accept: "nie" }, t);
    expect(no.json.ErrorMessage).toBe("Pole Accept: Akceptacja jest obligatoryjna");
    const yes = await call("PUT", "/api/Account/AcceptNewRules", { Accept: "tak" }, t);
    expect(yes.json).toMatchObject({ AcceptedRulesVersion: 7, RulesAccepted: true });
    expect((await call("GET", "/api/Account/BiddingReadiness", undefined, t)).status).toBe(200);
    await server.services.db.delete(documents);
  });

  it("updates company data, consents and notifications; bad input names the field", async () => {
    const { tokens } = await activeAccount();
    const t = tokens.access_token;
    const c = await call(
      "PATCH",
      "/api/Account/UpdateContractor",
      {
        CompanyName: "Nowak Logistyka S.A.",
        Regon: "",
        Street: "ul. Krótka 1",
        PostalCode: "00-001",
        City: "Warszawa",
      },
      t,
    );
    expect(c.json).toMatchObject({
      CompanyName: "Nowak Logistyka S.A.",
      Nip: "1234563218",
      City: "Warszawa",
    });
    expect(
      (await call("PUT", "/api/Account/UpdateMarketing", { MarketingEmail: false, MarketingPhone: true }, t))
        .json,
    ).toMatchObject({ MarketingEmail: false, MarketingPhone: true });
    const n = { AuctionStart: false, Outbid: true, AuctionWon: true, NewAuctions: true };
    expect((await call("PUT", "/api/Account/UpdateNotifications", n, t)).json.Notifications).toEqual(n);

    const bad: [string, string, Json, RegExp][] = [
      ["PUT", "/api/Account/Update", { FirstName: "Jan" }, /^Pole LastName: Pole wymagane/],
      [
        "PUT",
        "/api/Account/Update",
        { FirstName: "Jan", LastName: "Nowak", PhoneNumber: "12" },
        /PhoneNumber/,
      ],
      [
        "PATCH",
        "/api/Account/UpdateContractor",
        { CompanyName: "X", Street: "a", PostalCode: "1", City: "" },
        /CompanyName/,
      ],
      [
        "PATCH",
        "/api/Account/UpdateContractor",
        {
          CompanyName: "Inna",
          Street: "ul. Krótka 1",
          PostalCode: "00-001",
          City: "Warszawa",
          Nip: "5260250275",
        },
        /Nip/,
      ],
      [
        "PUT",
        "/api/Account/UpdateMarketing",
        { MarketingEmail: "tak", MarketingPhone: true },
        /MarketingEmail/,
      ],
      ["PUT", "/api/Account/UpdateNotifications", { AuctionStart: 1 }, /AuctionStart/],
      ["PUT", "/api/Account/UpdateStatement", { Accepted: false }, /Oświadczenie jest wymagane/],
      ["PUT", "/api/Account/AcceptNewRules", {}, /Akceptacja jest obligatoryjna/],
    ];
    for (const [method, path, body, message] of bad) {
      const r = await call(method, path, body, t);
      expect(r.status, path).toBe(400);
      expect(r.json.ErrorMessage, path).toMatch(message);
    }
  });

  it("acts only on the token's own account: another user's id or e-mail cannot be sent", async () => {
    const a = await activeAccount();
    const b = await activeAccount();
    const r = await call(
      "PUT",
      "/api/Account/Update",
      { FirstName: "Obcy", LastName: "Ktoś", PhoneNumber: "600700800", Email: b.email },
      a.tokens.access_token,
    );
    expect(r.status).toBe(400);
    expect(r.json.ErrorMessage).toMatch(/Email/);
    await call(
      "PUT",
      "/api/Account/Update",
      { FirstName: "Anna", LastName: "Nowak", PhoneNumber: "600700800" },
      a.tokens.access_token,
    );
    const bView = await call("GET", "/api/Account", undefined, b.tokens.access_token);
    expect(bView.json).toMatchObject({ Email: b.email, FirstName: "" });
  });
});

describe("bad input on the remaining endpoints", () => {
  it("names the wrong field for sign-in, activation, reset and password change", async () => {
    const { tokens } = await activeAccount();
    const cases: [string, string, unknown, RegExp, string?][] = [
      ["POST", "/api/Account/Login", {}, /^Pole Email: Pole wymagane/],
      ["POST", "/api/Account/Login", { Email: 5, Password: "x" }, /^Pole Email:/],
      ["POST", "/api/Account/Login", { Email: "a@b.pl" }, /^Pole Password: Pole wymagane/],
      [
        "POST",
        "/api/Account/Login",
        { Email: "a@b.pl", Password: "x".repeat(500) },
        /^Pole Password: Pole przyjmuje maksymalnie 128 znaków/,
      ],
      ["GET", "/api/Register/Activate", undefined, /guid/],
      ["POST", "/api/Account/ResetPassword", {}, /^Pole Email: Pole wymagane/],
      [
        "POST",
        "/api/Account/ResetPassword/Confirm",
        { NewPassword: "Nowe1hasloo!", RepeatPassword: "Nowe1hasloo!" },
        /^Pole Token/,
      ],
      [
        "POST",
        "/api/Account/ResetPassword/Confirm",
        { Token: "nieznany", NewPassword: "Nowe1hasloo!", RepeatPassword: "Nowe1hasloo!" },
        /Link do ustawienia hasła jest nieprawidłowy/,
      ],
      [
        "POST",
        "/api/Account/ChangePassword",
        { CurrentPassword: PASSWORD, NewPassword: "slabe", RepeatPassword: "slabe" },
        /^Pole NewPassword: Hasło musi mieć co najmniej 10 znaków/,
        tokens.access_token,
      ],
      ["PUT", "/api/Account/Update", "tekst", /./, tokens.access_token],
    ];
    for (const [method, path, body, message, token] of cases) {
      const r = await call(method, path, body, token);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.json.ErrorMessage, path).toMatch(message);
      expect(r.text).not.toContain("x".repeat(50));
    }
  });
});

describe("expired access tokens (a server with 2-second tokens)", () => {
  let main: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    main = server;
    server = await startApiServer(
      { ACCESS_TOKEN_TTL_SECONDS: "2", COMPANY_REGISTRY_URL: standIn.url },
      { clock },
    );
  });
  afterAll(async () => {
    await server.close();
    server = main;
  });

  it("refuses a missing token with 401 code 8 and an expired one the same way; refresh then works", async () => {
    const { tokens } = await activeAccount();
    expect((await call("GET", "/api/Account")).json.ErrorCode).toBe(8);
    expect((await call("GET", "/api/Account", undefined, "nieznany")).json.ErrorCode).toBe(8);
    clock.advance(2100);
    const expired = await call("GET", "/api/Account", undefined, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.json.ErrorCode).toBe(8);
    const refreshed = await call("POST", "/api/Account/RefreshManually", {
      ExpiredAccessToken: tokens.access_token,
      RefreshToken: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call("GET", "/api/Account", undefined, refreshed.json.access_token as string)).status).toBe(
      200,
    );
  });

  it("every settings endpoint refuses a missing or expired token", async () => {
    const { tokens } = await activeAccount();
    clock.advance(2100);
    // Valid bodies, so that only the token decides the answer.
    const endpoints: [string, string, Json?][] = [
      ["GET", "/api/Account"],
      ["PUT", "/api/Account/Update", { FirstName: "Jan", LastName: "Nowak", PhoneNumber: "600700800" }],
      [
        "PATCH",
        "/api/Account/UpdateContractor",
        { CompanyName: "Firma", Street: "ul. Krótka 1", PostalCode: "00-001", City: "Warszawa" },
      ],
      ["PUT", "/api/Account/UpdateMarketing", { MarketingEmail: true, MarketingPhone: true }],
      [
        "PUT",
        "/api/Account/UpdateNotifications",
        { AuctionStart: true, Outbid: true, AuctionWon: true, NewAuctions: true },
      ],
      ["PUT", "/api/Account/UpdateStatement", { Accepted: true }],
      ["PUT", "/api/Account/AcceptNewRules", { Accept: "tak" }],
      ["GET", "/api/Account/BiddingReadiness"],
      [
        "POST",
        "/api/Account/ChangePassword",
        { CurrentPassword: PASSWORD, NewPassword: "Nowe1hasloo!", RepeatPassword: "Nowe1hasloo!" },
      ],
    ];
    for (const [method, path, body] of endpoints) {
      for (const token of [undefined, tokens.access_token, "Bearer-zly"]) {
        const r = await call(method, path, body, token);
        expect(r.status, `${path} ${token}`).toBe(401);
        expect(r.json.ErrorCode).toBe(8);
      }
    }
    expect((await call("GET", "/api/Account", undefined, tokens.access_token)).status).toBe(401);
  });
});

describe("passwords", () => {
  it("changes the password with the current one; other devices get 409", async () => {
    const { email, tokens } = await activeAccount();
    const other = (await call("POST", "/api/Account/Login", { Email: email, Password: PASSWORD })).json;
    const wrong = await call(
      "POST",
      "/api/Account/ChangePassword",
      { CurrentPassword: "Zle1haslo!!", NewPassword: "Nowe1hasloo!", RepeatPassword: "Nowe1hasloo!" },
      tokens.access_token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ ErrorCode: 35, ErrorMessage: "Obecne hasło jest nieprawidłowe." });
    const ok = await call(
      "POST",
      "/api/Account/ChangePassword",
      { CurrentPassword: PASSWORD, NewPassword: "Nowe1hasloo!", RepeatPassword: "Nowe1hasloo!" },
      tokens.access_token,
    );
    expect(ok.status).toBe(200);
    expect((await call("GET", "/api/Account", undefined, tokens.access_token)).status).toBe(200);
    const superseded = await call("GET", "/api/Account", undefined, other.access_token as string);
    expect(superseded.status).toBe(409);
    expect(superseded.json.ErrorCode).toBe(9);
    expect(
      (await call("POST", "/api/Account/Login", { Email: email, Password: "Nowe1hasloo!" })).status,
    ).toBe(200);
    expect((await mails(email))[0].subject).toMatch(/zostało zmienione/);
  });

  it("resets the password by a one-time e-mailed link; unknown addresses get the same answer", async () => {
    const { email, tokens } = await activeAccount();
    expect((await call("POST", "/api/Account/ResetPassword", { Email: "nikt@nikt.pl" })).json).toEqual({
      Success: true,
    });
    expect((await call("POST", "/api/Account/ResetPassword", { Email: email })).json).toEqual({
      Success: true,
    });
    const [mail] = await mails(email);
    expect(mail.subject).toMatch(/Ustaw nowe hasło/);
    const token = linkParam(mail.text, "token");
    const mismatch = await call("POST", "/api/Account/ResetPassword/Confirm", {
      Token: token,
      NewPassword: "Reset1haslo!",
      RepeatPassword: "Reset1haslo?",
    });
    expect(mismatch.json.ErrorMessage).toBe("Pole RepeatPassword: Hasła nie są takie same");
    const done = await call("POST", "/api/Account/ResetPassword/Confirm", {
      Token: token,
      NewPassword: "Reset1haslo!",
      RepeatPassword: "Reset1haslo!",
    });
    expect(done.status).toBe(200);
    const reused = await call("POST", "/api/Account/ResetPassword/Confirm", {
      Token: token,
      NewPassword: "Reset2haslo!",
      RepeatPassword: "Reset2haslo!",
    });
    expect(reused.json).toMatchObject({ ErrorCode: 10, ErrorMessage: expect.stringMatching(/już użyty/) });
    // Every earlier session is over; the new password signs in, the old one does not.
    expect((await call("GET", "/api/Account", undefined, tokens.access_token)).status).toBe(409);
    expect((await call("POST", "/api/Account/Login", { Email: email, Password: PASSWORD })).status).toBe(401);
    expect(
      (await call("POST", "/api/Account/Login", { Email: email, Password: "Reset1haslo!" })).status,
    ).toBe(200);
    expect((await call("POST", "/api/Account/ResetPassword", { Email: "zly-adres" })).status).toBe(400);
  });

  it("documents the error codes and the account paths in /api/docs", async () => {
    const doc = await (await fetch(`${server.url}/api/docs`)).json();
    for (const code of [
      "| 44 |",
      "| 45 |",
      "| 46 |",
      "| 35 |",
      "| 47 |",
      "| 48 |",
      "| 100 |",
      "| 101 |",
      "409",
    ]) {
      expect(doc.info.description).toContain(code);
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/Account/Login",
        "/api/Account/RefreshManually",
        "/api/Register/Contractor",
      ]),
    );
  });
});
