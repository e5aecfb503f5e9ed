// @vitest-environment happy-dom
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { StorageKeys, session } from "../lib/storage";
import { ApiRequestError, api, configureApiClient, logout, REFRESH_LOCK } from "./index";

/**
 * The client against a real HTTP server that answers each case of spec section 8. The page's origin
 * is set to the server's, so calls are same-origin as in production.
 */
let server: FastifyInstance;
let origin: string;
let validAccess = "access-1";
let validRefresh = "refresh-1";
let refreshCalls = 0;
let refreshFails = false;
/** The refresh's refusal: 44 (session revoked) by default, 45 for a blocked account. */
let refreshRefusal = { ErrorCode: 44, ErrorMessage: "Sesja unieważniona." };
let refreshDelayMs = 0;
let logoutBodies: unknown[] = [];
const seenAuth: string[] = [];
let holdNext = false;
/** The release of a held answer (set by the server when it holds one). */
const held: { release?: () => void } = {};
const alerts: string[] = [];
const visits: string[] = [];

const bearer = (h: string | undefined) => h?.replace(/^Bearer /, "") ?? "";

beforeAll(async () => {
  server = Fastify();
  server.get("/api/protected", async (req, reply) => {
    seenAuth.push(req.headers.authorization ?? "");
    // The next call's answer waits until the test releases it (a call in flight while another tab acts).
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((r) => (held.release = r));
    }
    if (bearer(req.headers.authorization) !== validAccess) {
      return reply.status(401).send({ ErrorCode: 8, ErrorMessage: "Token wygasł." });
    }
    return { ok: true, token: validAccess };
  });
  server.post("/api/Account/RefreshManually", async (req, reply) => {
    refreshCalls++;
    const body = req.body as { ExpiredAccessToken: string; RefreshToken: string };
    await new Promise((r) => setTimeout(r, refreshDelayMs));
    if (refreshFails || body.RefreshToken !== validRefresh) {
      return reply.status(401).send(refreshRefusal);
    }
    const n = refreshCalls + 1;
    validAccess = `access-${n}`;
    validRefresh = `refresh-${n}`;
    return { access_token: validAccess, refresh_token: validRefresh, utoken: "u-1" };
  });
  server.get("/api/always401", async (_req, reply) =>
    reply.status(401).send({ ErrorCode: 8, ErrorMessage: "x" }),
  );
  server.get("/api/status/:status/:code", async (req, reply) => {
    const { status, code } = req.params as { status: string; code: string };
    return reply.status(Number(status)).send({ ErrorCode: Number(code), ErrorMessage: `Komunikat ${code}.` });
  });
  server.post("/api/login-json", async (_req, reply) =>
    reply
      .status(401)
      .send({ ErrorCode: 35, ErrorMessage: "Nieprawidłowy e-mail lub hasło.", Error: "Invalid credentials" }),
  );
  // The real sign-in's path, refusing as a blocked account is refused.
  server.post("/api/Account/Login", async (_req, reply) =>
    reply
      .status(401)
      .send({ ErrorCode: 45, ErrorMessage: "Konto zostało zablokowane. Skontaktuj się z nami." }),
  );
  server.post("/api/login-text", async (_req, reply) =>
    reply.status(401).type("text/plain").send("Invalid credentials"),
  );
  server.get("/api/text400", async (_req, reply) =>
    reply.status(400).type("text/plain").send("Zły parametr."),
  );
  server.get("/api/empty400", async (_req, reply) => reply.status(400).send());
  server.get("/api/crash", async (_req, reply) =>
    reply.status(500).send({ ErrorCode: 7, ErrorMessage: "x" }),
  );
  // The connection ends without an answer (a network failure, as the browser meets it).
  server.get("/api/hangup", async (req, reply) => {
    req.raw.socket.destroy();
    return reply.hijack();
  });
  server.get("/api/echo", async (req) => ({ query: req.query, auth: req.headers.authorization ?? null }));
  server.put("/api/echo", async (req) => ({ body: req.body }));
  // A file as it is: what arrived, under which type.
  server.addContentTypeParser("image/png", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  server.post("/api/file", async (req) => ({
    type: req.headers["content-type"],
    bytes: (req.body as Buffer).length,
    auth: req.headers.authorization ?? null,
    chatToken: req.headers["x-chat-token"] ?? null,
  }));
  server.post("/api/pdf", async (_req, reply) =>
    reply.type("application/pdf").send(Buffer.from("%PDF-1.7 x")),
  );
  server.post("/api/Account/Logout", async (req) => {
    logoutBodies.push({ body: req.body, auth: req.headers.authorization });
    return { ok: true };
  });
  origin = await server.listen({ port: 0, host: "127.0.0.1" });
  // biome-ignore lint/suspicious/noExplicitAny: happy-dom's own control object
  (window as any).happyDOM.setURL(`${origin}/strona`);
});
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  validAccess = "access-1";
  validRefresh = "refresh-1";
  refreshCalls = 0;
  refreshFails = false;
  refreshRefusal = { ErrorCode: 44, ErrorMessage: "Sesja unieważniona." };
  refreshDelayMs = 0;
  logoutBodies = [];
  seenAuth.length = 0;
  alerts.length = 0;
  visits.length = 0;
  configureApiClient({ alert: (m) => alerts.push(m), navigate: (p) => visits.push(p) });
});

function signIn(access = "access-1", refresh = "refresh-1") {
  session.save({ accessToken: access, refreshToken: refresh, utoken: "u-1", userName: "Jan Nowak" });
}

async function failure(p: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiRequestError);
    return e as ApiRequestError;
  }
  throw new Error("expected the call to fail");
}

describe("bearer header", () => {
  it("sends the stored access token, and none when signed out", async () => {
    expect(await api.get("/api/echo", { query: { a: 1, b: undefined } })).toEqual({
      query: { a: "1" },
      auth: null,
    });
    signIn("abc");
    expect(await api.get<{ auth: string }>("/api/echo")).toMatchObject({ auth: "Bearer abc" });
    expect(await api.put("/api/echo", { X: 1 })).toEqual({ body: { X: 1 } });
  });
});

describe("401: refresh and replay", () => {
  it("refreshes an expired token, stores the new ones and replays the call", async () => {
    signIn("expired", "refresh-1");
    const res = await api.get<{ token: string }>("/api/protected");
    expect(res.token).toBe("access-2");
    expect(seenAuth).toEqual(["Bearer expired", "Bearer access-2"]);
    expect(session.tokens()).toMatchObject({
      accessToken: "access-2",
      refreshToken: "refresh-2",
      utoken: "u-1",
    });
    expect(alerts).toEqual([]);
    expect(visits).toEqual([]);
  });

  it("shares one refresh between concurrent 401s", async () => {
    signIn("expired", "refresh-1");
    refreshDelayMs = 100;
    const results = await Promise.all([1, 2, 3, 4].map(() => api.get<{ token: string }>("/api/protected")));
    expect(results.map((r) => r.token)).toEqual(["access-2", "access-2", "access-2", "access-2"]);
    expect(refreshCalls).toBe(1);
  });

  it("replays with tokens another tab refreshed meanwhile, without a refresh of its own", async () => {
    signIn("expired", "refresh-1");
    holdNext = true;
    const call = api.get<{ token: string }>("/api/protected");
    await vi.waitFor(() => expect(held.release).toBeDefined());
    // Another tab refreshed while this call was in flight: storage already holds the new tokens.
    validAccess = "access-9";
    session.save({ accessToken: "access-9", refreshToken: "refresh-9", utoken: "u-1" });
    held.release?.();
    expect((await call).token).toBe("access-9");
    expect(refreshCalls).toBe(0);
    expect(seenAuth).toEqual(["Bearer expired", "Bearer access-9"]);
  });

  it("a failed refresh clears the tokens, sets the access-denied flag and goes to /login", async () => {
    signIn("expired", "refresh-1");
    refreshFails = true;
    const e = await failure(api.get("/api/protected"));
    expect(e.status).toBe(401);
    expect(session.tokens()).toBeNull();
    expect(localStorage.getItem(StorageKeys.accessDenied)).toBe("true");
    expect(visits).toEqual(["/login"]);
  });

  it("a refresh refused for a blocked account keeps the server's words for the sign-in page", async () => {
    signIn("expired", "refresh-1");
    refreshFails = true;
    refreshRefusal = { ErrorCode: 45, ErrorMessage: "Konto zostało zablokowane. Skontaktuj się z nami." };
    await failure(api.get("/api/protected"));
    expect(session.tokens()).toBeNull();
    expect(session.accessDeniedMessage()).toBe("Konto zostało zablokowane. Skontaktuj się z nami.");
    expect(visits).toEqual(["/login"]);
    // The sign-in page reads and forgets the words; a call of the ended session refused later (no
    // session left to end) does not write them again, or a reload of the page would show them anew.
    session.forgetAccessDenied();
    await failure(api.get("/api/protected"));
    expect(session.accessDeniedMessage()).toBeNull();
  });

  it("a refresh refused for an ended session tells only that it ended", async () => {
    signIn("expired", "refresh-1");
    refreshFails = true;
    await failure(api.get("/api/protected"));
    expect(session.wasAccessDenied()).toBe(true);
    expect(session.accessDeniedMessage()).toBeNull();
  });

  it("a refused sign-in (a blocked account) goes to the form as it is, the stored session untouched", async () => {
    signIn();
    const e = await failure(api.post("/api/Account/Login", { Email: "a@b.pl", Password: "x" }));
    expect(e).toMatchObject({ status: 401, code: 45, handled: false });
    expect(e.message).toBe("Konto zostało zablokowane. Skontaktuj się z nami.");
    expect(refreshCalls).toBe(0);
    expect(session.tokens()).not.toBeNull();
    expect(session.wasAccessDenied()).toBe(false);
    expect(visits).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it("retries only once: a 401 after the replay denies access", async () => {
    signIn("access-1", "refresh-1");
    await failure(api.get("/api/always401"));
    expect(refreshCalls).toBe(1);
    expect(visits).toEqual(["/login"]);
  });

  it("does not refresh on 'Invalid credentials' (JSON or text body) and passes the error on", async () => {
    signIn();
    const json = await failure(api.post("/api/login-json", { Email: "a", Password: "b" }));
    expect(json.code).toBe(35);
    expect(json.message).toBe("Nieprawidłowy e-mail lub hasło.");
    const text = await failure(api.post("/api/login-text", {}));
    expect(text.status).toBe(401);
    expect(refreshCalls).toBe(0);
    expect(session.tokens()).not.toBeNull();
    expect(visits).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it.each([44, 45, 46])("401 with ErrorCode %i denies access without a refresh", async (code) => {
    signIn();
    const e = await failure(api.get(`/api/status/401/${code}`));
    expect(e.code).toBe(code);
    expect(refreshCalls).toBe(0);
    expect(session.tokens()).toBeNull();
    expect(session.wasAccessDenied()).toBe(true);
    expect(session.accessDeniedMessage()).toBe(code === 44 ? null : `Komunikat ${code}.`);
    expect(visits).toEqual(["/login"]);
  });
});

describe("401: refresh across tabs (Web Locks)", () => {
  const lockNames: string[] = [];
  /** Runs before this tab is granted the lock: what another tab did while holding it. */
  let otherTabFirst: (() => Promise<void>) | null = null;
  beforeEach(() => {
    lockNames.length = 0;
    otherTabFirst = null;
    Object.defineProperty(navigator, "locks", {
      configurable: true,
      value: {
        // request(name, [options], task): held by the other tab while otherTabFirst is set.
        async request(name: string, ...args: unknown[]) {
          const task = args.at(-1) as (lock: object | null) => Promise<unknown>;
          const options = (args.length > 1 ? args[0] : {}) as { ifAvailable?: boolean };
          lockNames.push(name);
          if (options.ifAvailable && otherTabFirst) return task(null);
          await otherTabFirst?.();
          return task({ name });
        },
      },
    });
  });
  afterEach(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing the stand-in again
    delete (navigator as any).locks;
  });

  /** The other tab refreshes with the same refresh token; `store` puts the new pair in storage. */
  const otherTabRefreshes = (store: (save: () => void) => void) => async () => {
    const res = await fetch(`${origin}/api/Account/RefreshManually`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ExpiredAccessToken: "expired", RefreshToken: "refresh-1" }),
    });
    const data = (await res.json()) as { access_token: string; refresh_token: string };
    store(() =>
      session.save({ accessToken: data.access_token, refreshToken: data.refresh_token, utoken: "u-1" }),
    );
  };

  it("refreshes inside the shared lock", async () => {
    signIn("expired", "refresh-1");
    expect((await api.get<{ token: string }>("/api/protected")).token).toBe("access-2");
    expect(lockNames).toEqual([REFRESH_LOCK]);
    expect(refreshCalls).toBe(1);
  });

  it("uses the tokens another tab got while this one waited for the lock, without spending its own", async () => {
    signIn("expired", "refresh-1");
    otherTabFirst = otherTabRefreshes((save) => save());
    expect((await api.get<{ token: string }>("/api/protected")).token).toBe("access-2");
    expect(refreshCalls).toBe(1);
    expect(visits).toEqual([]);
    expect(session.tokens()).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
  });

  it("waits for the other tab's new tokens to reach its storage instead of spending its own", async () => {
    signIn("expired", "refresh-1");
    // The lock is released before this tab sees the write (Chromium hands it over later).
    otherTabFirst = otherTabRefreshes((save) => setTimeout(save, 50));
    expect((await api.get<{ token: string }>("/api/protected")).token).toBe("access-2");
    expect(refreshCalls).toBe(1);
    expect(visits).toEqual([]);
  });
});

describe("server error codes and HTTP statuses", () => {
  it("409 denies access", async () => {
    signIn();
    await failure(api.get("/api/status/409/9"));
    expect(session.tokens()).toBeNull();
    expect(session.wasAccessDenied()).toBe(true);
    expect(visits).toEqual(["/login"]);
  });

  it("100 goes to /zaakceptuj-regulamin and 101 to /ustawienia?editmode=true, tokens kept", async () => {
    signIn();
    await failure(api.get("/api/status/403/100"));
    await failure(api.get("/api/status/403/101"));
    // Each says where the person was, to take them back there afterwards.
    expect(visits).toEqual([
      "/zaakceptuj-regulamin?returnTo=%2Fstrona",
      "/ustawienia?editmode=true&returnTo=%2Fstrona",
    ]);
    expect(session.tokens()).not.toBeNull();
  });

  it("passes the codes a screen shows itself to it, without a redirect or the /404 page", async () => {
    signIn();
    for (const code of [64, 100, 101]) {
      const e = await failure(api.get(`/api/status/403/${code}`, { passCodes: [64, 100, 101] }));
      expect(e).toMatchObject({ status: 403, code, handled: false });
    }
    expect(visits).toEqual([]);
    await failure(api.get("/api/status/403/64"));
    expect(visits).toEqual(["/404"]);
  });

  it("a 409 whose code the caller shows (the car kept for another applicant) leaves the session alone", async () => {
    signIn();
    const e = await failure(api.get("/api/status/409/70", { passCodes: [70] }));
    expect(e).toMatchObject({ status: 409, code: 70, handled: false });
    expect(session.tokens()).not.toBeNull();
    expect(session.wasAccessDenied()).toBe(false);
    expect(visits).toEqual([]);
  });

  it.each([35, 47, 48])("%i is passed to the caller as a typed error, nothing else happens", async (code) => {
    signIn();
    const e = await failure(api.get(`/api/status/400/${code}`));
    expect(e).toMatchObject({
      status: 400,
      code,
      message: `Komunikat ${code}.`,
      handled: false,
      isCallerError: true,
    });
    expect(alerts).toEqual([]);
    expect(visits).toEqual([]);
    expect(refreshCalls).toBe(0);
  });

  it("400 alerts the message followed by the administrator hint", async () => {
    await failure(api.get("/api/status/400/1"));
    await failure(api.get("/api/text400"));
    await failure(api.get("/api/empty400"));
    expect(alerts).toEqual([
      "Komunikat 1. W razie problemów skontaktuj się z administratorem.",
      "Zły parametr. W razie problemów skontaktuj się z administratorem.",
      "Wystąpił błąd. W razie problemów skontaktuj się z administratorem.",
    ]);
  });

  it("429 shows the server's message instead of leaving for the not-found page", async () => {
    const e = await failure(api.get("/api/status/429/5"));
    expect(e).toMatchObject({ status: 429, code: 5, handled: true });
    expect(alerts).toEqual(["Komunikat 5. W razie problemów skontaktuj się z administratorem."]);
    expect(visits).toEqual([]);
    const quiet = await failure(api.get("/api/status/429/5", { alertOnBadRequest: false }));
    expect(quiet).toMatchObject({ status: 429, message: "Komunikat 5.", handled: false });
  });

  it("a form can opt out of the 400 alert and read the message itself", async () => {
    const e = await failure(api.get("/api/status/400/1", { alertOnBadRequest: false }));
    expect(e).toMatchObject({ status: 400, code: 1, message: "Komunikat 1.", handled: false });
    expect(alerts).toEqual([]);
  });

  it("500 alerts the server-error text", async () => {
    await failure(api.get("/api/crash"));
    expect(alerts).toEqual([
      "Wystąpił błąd po stronie serwera. W razie problemów skontaktuj się z administratorem.",
    ]);
  });

  it("a quiet call shows nothing and sends nobody anywhere: every failure goes to the caller", async () => {
    expect(await failure(api.get("/api/status/404/3", { quiet: true }))).toMatchObject({
      status: 404,
      code: 3,
      handled: false,
    });
    expect(await failure(api.get("/api/crash", { quiet: true }))).toMatchObject({
      status: 500,
      handled: false,
    });
    expect(await failure(api.get("/api/status/400/1", { quiet: true }))).toMatchObject({ status: 400 });
    const lost = await failure(api.get("/api/hangup", { quiet: true }));
    expect(lost).toMatchObject({ status: 0, handled: false });
    expect(alerts).toEqual([]);
    expect(visits).toEqual([]);
  });

  it("any other error goes to /404", async () => {
    await failure(api.get("/api/status/404/3"));
    await failure(api.get("/api/nie-ma"));
    expect(visits).toEqual(["/404", "/404"]);
    expect(alerts).toEqual([]);
  });
});

describe("calls with their own credentials, files and PDFs", () => {
  it("sends the caller's credentials instead of the session's token and leaves a 401 to the caller", async () => {
    signIn("access-1");
    const file = new Blob([new Uint8Array(12)], { type: "image/png" });
    expect(await api.post("/api/file", file, { credentials: { "x-chat-token": "chat-1" } })).toEqual({
      type: "image/png",
      bytes: 12,
      auth: null,
      chatToken: "chat-1",
    });
    const refused = await failure(
      api.get("/api/protected", { quiet: true, credentials: { authorization: "Bearer konsultant" } }),
    );
    expect(refused).toMatchObject({ status: 401, message: "Token wygasł.", handled: false });
    // The person's session is untouched: nothing refreshed, nobody sent to sign in.
    expect(refreshCalls).toBe(0);
    expect(session.tokens()?.accessToken).toBe("access-1");
    expect(visits).toEqual([]);
  });

  it("answers a PDF as a Blob", async () => {
    const pdf = await api.post<Blob>("/api/pdf");
    expect(pdf).toBeInstanceOf(Blob);
    expect(pdf.type).toBe("application/pdf");
    expect(await pdf.text()).toBe("%PDF-1.7 x");
  });
});

describe("logout", () => {
  it("ends the session on the server, clears the tokens and goes to /login", async () => {
    signIn("access-1", "refresh-1");
    await logout();
    expect(logoutBodies).toEqual([{ body: { RefreshToken: "refresh-1" }, auth: "Bearer access-1" }]);
    expect(session.tokens()).toBeNull();
    expect(session.userName()).toBeNull();
    expect(session.wasAccessDenied()).toBe(false);
    expect(visits).toEqual(["/login"]);
  });
});
