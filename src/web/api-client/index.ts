import {
  ACCESS_DENIED_CODES,
  badRequestAlertText,
  CALLER_HANDLED_CODES,
  CONNECTION_ERROR_MESSAGE,
  ErrorCode,
  INVALID_CREDENTIALS_BODY,
  SERVER_ERROR_MESSAGE,
} from "../../domain/errors";
import { type SessionTokens, StorageKeys, session, subscribe } from "../lib/storage";

/**
 * The one HTTP client every screen uses to call the API. It implements the error contract of spec
 * section 8: bearer header from the stored access token, transparent token refresh and replay on 401
 * (one refresh shared by concurrent calls), access denied (44/45/46, 409, failed refresh) back to
 * /login, 100 and 101 to the rules and profile screens, 35/47/48 to the caller, alerts for 400 and
 * 500, and /404 for any other error.
 */

export interface ApiClientEffects {
  /** Shows a message to the person (the site shell wires its toasts in; window.alert by default). */
  alert(message: string): void;
  /** Goes to another screen (the router's navigate once wired; location.assign by default). */
  navigate(path: string): void;
}

interface ClientConfig extends ApiClientEffects {
  /** Origin of the API; empty means the page's own origin. */
  baseUrl: string;
}

const defaults: ClientConfig = {
  baseUrl: "",
  alert: (message) => window.alert(message),
  navigate: (path) => window.location.assign(path),
};
let config: ClientConfig = { ...defaults };

/** Replaces the effects (and, in tests, the base address). Unset keys keep their defaults. */
export function configureApiClient(options: Partial<ClientConfig>): void {
  config = { ...defaults, ...options };
}

export const REFRESH_PATH = "/api/Account/RefreshManually";
export const LOGOUT_PATH = "/api/Account/Logout";
export const LOGIN_PATH = "/api/Account/Login";
export const LOGIN_ROUTE = "/login";
export const RULES_ROUTE = "/zaakceptuj-regulamin";
export const PROFILE_ROUTE = "/ustawienia?editmode=true";
export const NOT_FOUND_ROUTE = "/404";

/**
 * The rules and profile screens, told where the person was (an auction's page): once the rules are
 * accepted and the profile complete, they go back there.
 */
export function withReturnTo(route: string, from = currentPath()): string {
  if (!from || from.startsWith(RULES_ROUTE) || from.startsWith("/ustawienia")) return route;
  return `${route}${route.includes("?") ? "&" : "?"}returnTo=${encodeURIComponent(from)}`;
}

const currentPath = () =>
  typeof window === "undefined" ? null : `${window.location.pathname}${window.location.search}`;

/** An error the caller may look at: HTTP status, the server's ErrorCode and message, the raw body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly body: unknown,
    /** True when the client already acted on it (alert, redirect): the caller need not show it again. */
    readonly handled: boolean,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** 35, 47, 48: errors the spec passes to the caller to show. */
  get isCallerError(): boolean {
    return this.code !== null && CALLER_HANDLED_CODES.includes(this.code);
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false: a 400 (or 429) is not alerted but thrown to the caller, for forms that validate on their
   * own and show the server's message next to the field.
   */
  alertOnBadRequest?: boolean;
  /**
   * true: nothing is shown and nobody is sent anywhere; a refusal (404 included) or a lost connection
   * is thrown to the caller, for calls whose failure the screen handles itself (a report not written
   * yet, search suggestions, a list of favourites). An expired session is still refreshed first.
   */
  quiet?: boolean;
  /**
   * The caller's own credentials as headers (the chat's X-Chat-Token, a consultant's bearer token):
   * the session's token is not sent, and a 401 belongs to the caller (nothing is refreshed).
   */
  credentials?: Record<string, string>;
  /** Lets the request outlive the page (a record sent as the visitor leaves). */
  keepalive?: boolean;
  /**
   * Error codes the caller shows itself (the bid box's refusals: 64, 100, 101): thrown to it unhandled,
   * instead of the catalogue's redirect or the /404 page.
   */
  passCodes?: readonly number[];
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Parsed {
  json: { ErrorCode?: unknown; ErrorMessage?: unknown; Error?: unknown } | null;
  text: string;
}

async function readBody(res: Response): Promise<Parsed> {
  const text = await res.text().catch(() => "");
  if (!text) return { json: null, text: "" };
  try {
    const json = JSON.parse(text);
    return { json: json && typeof json === "object" ? json : null, text };
  } catch {
    return { json: null, text };
  }
}

function url(path: string, query?: RequestOptions["query"]): string {
  const u = new URL(path, config.baseUrl || window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) u.searchParams.set(k, String(v));
  }
  return config.baseUrl ? u.toString() : `${u.pathname}${u.search}`;
}

async function send(method: Method, path: string, opts: RequestOptions, accessToken: string | null) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  Object.assign(headers, opts.credentials);
  let body: string | Blob | undefined;
  if (opts.body instanceof Blob) {
    // A file goes as it is, under its own type (the chat's attachments).
    headers["content-type"] = opts.body.type || "application/octet-stream";
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const { signal, keepalive } = opts;
  return fetch(url(path, opts.query), { method, headers, body, signal, keepalive });
}

/** A successful answer's body: JSON parsed, text as a string, anything else (a PDF) as a Blob. */
function successBody(res: Response): Promise<unknown> {
  if (res.status === 204) return Promise.resolve(undefined);
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) return res.json();
  if (!type || type.startsWith("text/")) return res.text();
  return res.blob();
}

/**
 * Refusals that concern the account itself (blocked, not verified) or another device (the password
 * changed there): the person is told the server's words on the sign-in page, not only that the
 * session ended, or a blocked bidder would just find themselves signed out with no reason given.
 */
const TOLD_DENIALS: readonly number[] = [
  ErrorCode.AccountBlocked,
  ErrorCode.AccountNotVerified,
  ErrorCode.SessionSuperseded,
];

/** What a refused call or refresh says to the person when access is denied, if anything. */
function deniedReason(code: number | null, message: string): string | undefined {
  return code !== null && TOLD_DENIALS.includes(code) && message ? message : undefined;
}

/** Clears the session, remembers why, and sends the person to sign in (spec sections 6 and 8). */
function denyAccess(reason?: string): void {
  // Only the refusal that ends a session says why: another call of the ended session answered later
  // wrote the words again after /login had read and forgotten them, and a reload showed them anew.
  const hadSession = session.tokens() !== null;
  session.clear();
  if (hadSession) session.setAccessDenied(reason);
  config.navigate(LOGIN_ROUTE);
}

/** A refresh's outcome: new tokens (true), refused with words for the person, or refused (false). */
type RefreshOutcome = true | false | { reason: string };

let refreshing: Promise<RefreshOutcome> | null = null;

/** Name of the Web Lock every tab of the site takes around a refresh. */
export const REFRESH_LOCK = "flotis-refresh";

/**
 * Runs `task` while holding the refresh lock shared by every tab of this origin (Web Locks API), so
 * two tabs waking up with the same expired token do not both spend the one refresh token. `task`
 * learns whether another tab held the lock first. Where the browser has no Web Locks the task runs
 * at once: the server's grace window for a refresh token presented twice within seconds (ADR 006)
 * keeps that case signed in too.
 */
async function withRefreshLock<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks?.request) return task(false);
  const atOnce = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? { value: await task(false) } : null,
  );
  if (atOnce) return atOnce.value;
  return locks.request(REFRESH_LOCK, () => task(true)) as Promise<T>;
}

/**
 * The stored tokens once they are no longer `spent`, or after `ms`. Chromium hands one tab's
 * localStorage writes to the other tabs a moment later: a tab that got the lock after another tab's
 * refresh may still read the refresh token that refresh spent (seen in the two-tabs journey).
 */
function tokensOtherThan(spent: string, ms: number): Promise<SessionTokens | null> {
  const current = () => session.tokens();
  if (current()?.refreshToken !== spent) return Promise.resolve(current());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve(current());
    };
    const timer = setTimeout(done, ms);
    const stop = subscribe((key) => {
      if (key === StorageKeys.refreshToken && current()?.refreshToken !== spent) done();
    });
  });
}

/**
 * Exchanges the refresh token for new tokens. Concurrent callers in this tab share one request, and
 * other tabs wait for it on a Web Lock, because the server rotates refresh tokens and treats a
 * second use of the same one (after a short grace window) as theft.
 */
function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    const before = session.tokens();
    return withRefreshLock(async (waited) => {
      // Another tab refreshed while this one waited for the lock: its new tokens are (or are about
      // to be) in the shared storage, and this tab's refresh token is spent.
      const tokens = waited && before ? await tokensOtherThan(before.refreshToken, 1_000) : session.tokens();
      if (!tokens) return false;
      if (before && tokens.refreshToken !== before.refreshToken) return true;
      try {
        const res = await send(
          "POST",
          REFRESH_PATH,
          { body: { ExpiredAccessToken: tokens.accessToken, RefreshToken: tokens.refreshToken } },
          null,
        );
        if (res.status !== 200) return refusedRefresh(res);
        const data = (await res.json()) as {
          access_token?: string;
          refresh_token?: string;
          utoken?: string;
        };
        if (!data.access_token || !data.refresh_token) return false;
        session.save({
          accessToken: data.access_token,
          refreshToken: data.refresh_token,
          utoken: data.utoken ?? "",
        });
        return true;
      } catch {
        return false;
      }
    });
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A refused refresh: a blocked or unverified account keeps the server's words for the person. */
async function refusedRefresh(res: Response): Promise<RefreshOutcome> {
  const { json } = await readBody(res);
  const code = typeof json?.ErrorCode === "number" ? json.ErrorCode : null;
  const reason = deniedReason(code, typeof json?.ErrorMessage === "string" ? json.ErrorMessage : "");
  return reason ? { reason } : false;
}

function isInvalidCredentials(parsed: Parsed): boolean {
  return parsed.text.trim() === INVALID_CREDENTIALS_BODY || parsed.json?.Error === INVALID_CREDENTIALS_BODY;
}

async function request<T>(method: Method, path: string, opts: RequestOptions, retried: boolean): Promise<T> {
  const sentToken = opts.credentials ? null : (session.tokens()?.accessToken ?? null);
  let res: Response;
  try {
    res = await send(method, path, opts, sentToken);
  } catch (err) {
    if ((err as Error)?.name === "AbortError") throw err;
    if (opts.quiet) throw new ApiRequestError(0, null, CONNECTION_ERROR_MESSAGE, null, false);
    config.alert(CONNECTION_ERROR_MESSAGE);
    throw new ApiRequestError(0, null, CONNECTION_ERROR_MESSAGE, null, true);
  }
  if (res.ok) return successBody(res) as Promise<T>;

  const parsed = await readBody(res);
  const code = typeof parsed.json?.ErrorCode === "number" ? parsed.json.ErrorCode : null;
  const message = typeof parsed.json?.ErrorMessage === "string" ? parsed.json.ErrorMessage : parsed.text;
  const fail = (handled: boolean) =>
    new ApiRequestError(res.status, code, message, parsed.json ?? parsed.text, handled);

  if (opts.quiet && res.status !== 401) throw fail(false);
  // A refused sign-in (wrong password, a blocked account, one not verified) is the form's to show:
  // no session is involved yet, so nothing is refreshed or cleared and nobody is sent anywhere.
  if (path === LOGIN_PATH && (res.status === 401 || res.status === 403 || res.status === 409)) {
    throw fail(false);
  }
  // Refused credentials of the caller's own: the person's session has nothing to do with it.
  if (opts.credentials && res.status === 401) throw fail(false);
  if (res.status === 401 && path !== REFRESH_PATH) {
    if (code !== null && ACCESS_DENIED_CODES.includes(code)) {
      denyAccess(deniedReason(code, message));
      throw fail(true);
    }
    // Wrong e-mail or password: nothing to refresh, the sign-in form shows it.
    if (isInvalidCredentials(parsed)) throw fail(false);
    if (!retried) {
      // Another call may have refreshed the tokens while this one was in flight: replay with them.
      const current = session.tokens()?.accessToken ?? null;
      if (current && current !== sentToken) return request<T>(method, path, opts, true);
      const refreshed = await refreshSession();
      if (refreshed === true) return request<T>(method, path, opts, true);
      if (refreshed) {
        denyAccess(refreshed.reason);
        throw fail(true);
      }
    }
    denyAccess();
    throw fail(true);
  }
  // Codes the caller names are its own to show, whatever the status: a 409 of the car being kept for
  // another applicant is not the session taken over elsewhere, which every other 409 means.
  if (code !== null && opts.passCodes?.includes(code)) throw fail(false);
  if (res.status === 409) {
    denyAccess(deniedReason(code, message));
    throw fail(true);
  }
  if (code === ErrorCode.RulesNotAccepted) {
    config.navigate(withReturnTo(RULES_ROUTE));
    throw fail(true);
  }
  if (code === ErrorCode.ProfileIncomplete) {
    config.navigate(withReturnTo(PROFILE_ROUTE));
    throw fail(true);
  }
  if (code !== null && ACCESS_DENIED_CODES.includes(code)) {
    denyAccess(deniedReason(code, message));
    throw fail(true);
  }
  if (code !== null && CALLER_HANDLED_CODES.includes(code)) throw fail(false);
  // 429 (too many requests) did not exist in the original contract; like a 400 it carries a message
  // for the person (when to try again), so it is shown, not turned into the not-found page.
  if (res.status === 400 || res.status === 429) {
    if (opts.alertOnBadRequest === false) throw fail(false);
    config.alert(badRequestAlertText(message));
    throw fail(true);
  }
  if (res.status >= 500) {
    config.alert(SERVER_ERROR_MESSAGE);
    throw fail(true);
  }
  config.navigate(NOT_FOUND_ROUTE);
  throw fail(true);
}

export const api = {
  /** Any method, the body in the options (for callers that choose the method at run time). */
  request: <T>(method: Method, path: string, opts: RequestOptions = {}) =>
    request<T>(method, path, opts, false),
  get: <T>(path: string, opts: Omit<RequestOptions, "body"> = {}) => request<T>("GET", path, opts, false),
  post: <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
    request<T>("POST", path, { ...opts, body }, false),
  put: <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
    request<T>("PUT", path, { ...opts, body }, false),
  patch: <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
    request<T>("PATCH", path, { ...opts, body }, false),
  delete: <T>(path: string, opts: RequestOptions = {}) => request<T>("DELETE", path, opts, false),
};

/** What POST /api/Account/Login answers. */
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  utoken: string;
  UserName: string;
  expires_in: number;
}

/** Keeps a successful sign-in in storage as the spec says (tokens, utoken, user name). */
export function storeLogin(res: LoginResponse): void {
  session.save({
    accessToken: res.access_token,
    refreshToken: res.refresh_token,
    utoken: res.utoken,
    userName: res.UserName,
  });
}

/**
 * Logout of spec section 6: tells the server to end the session, clears the tokens whatever it
 * answered (an unreachable server must not keep the person signed in here), and goes to /login.
 */
export async function logout(): Promise<void> {
  const tokens = session.tokens();
  if (tokens) {
    try {
      const res = await send(
        "POST",
        LOGOUT_PATH,
        { body: { RefreshToken: tokens.refreshToken } },
        tokens.accessToken,
      );
      await res.body?.cancel();
    } catch {
      // The session ends on the server when its refresh token expires; locally it ends now.
    }
  }
  session.clear();
  config.navigate(LOGIN_ROUTE);
}
