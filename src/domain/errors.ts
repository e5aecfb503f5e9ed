/**
 * Error codes of the API contract (spec section 8). Shared by the server, which produces them, and the
 * browser's API client, which acts on them. Codes the spec names keep its numbers; the rest are ours.
 */
export const ErrorCode = {
  Validation: 1,
  MalformedBody: 2,
  NotFound: 3,
  PayloadTooLarge: 4,
  RateLimited: 5,
  UnsupportedMediaType: 6,
  Internal: 7,
  /**
   * 401: the access token is missing, unknown or expired. Not an access-denied code on purpose: the
   * browser client answers it by refreshing the tokens and replaying the call.
   */
  Unauthenticated: 8,
  /** 409: the session was superseded (the password was changed or reset on another device). */
  SessionSuperseded: 9,
  /** 400: an activation or password-reset link that is unknown, used or expired. */
  LinkInvalid: 10,
  /** 400: the NIP checksum or format is wrong. */
  NipInvalid: 11,
  // 12 was "the e-mail address already has an account"; registration no longer tells (ADR 032), and
  // the number is not given to anything else, so an old client never misreads a new error as it.
  /** 409: the live chat has ended, another consultant took it, or it was rated already. */
  ChatUnavailable: 13,
  /** 403: a consultant wrote in a chat another consultant answers. */
  ChatNotYours: 14,
  /** 503: the database cannot be reached for a moment (restart, failover); the call may be repeated. */
  ServiceUnavailable: 15,
  /** 403: a staff member whose role does not cover this (e.g. the chat console for a sales person). */
  Forbidden: 16,
  /**
   * Errors shown to the caller as they are, without a token refresh (spec: 35, 47, 48).
   * 35: wrong e-mail or password at sign-in, wrong current password at a password change.
   */
  InvalidCredentials: 35,
  /** 47 (HTTP 429): too many failed sign-in attempts for the account or the address. */
  TooManySignInAttempts: 47,
  /** 48 (HTTP 403): the account is not active yet (e-mail not confirmed, or waiting for our check). */
  AccountNotActive: 48,
  /** Access denied: tokens are cleared and the person goes to /login (spec: 44, 45, 46). */
  SessionRevoked: 44,
  AccountBlocked: 45,
  AccountNotVerified: 46,
  /** 409: the car of a leasing application is kept for another applicant (48 h after their positive decision). */
  CarReserved: 70,
  /** 409: the leasing application is decided: no documents or decisions any more. */
  ApplicationClosed: 71,
  /** New auction rules must be accepted first: the client goes to /zaakceptuj-regulamin. */
  RulesNotAccepted: 100,
  /** The profile must be completed first: the client goes to /ustawienia?editmode=true. */
  ProfileIncomplete: 101,
} as const;

export type ApiErrorBody = { ErrorCode: number; ErrorMessage: string };

export const ACCESS_DENIED_CODES: readonly number[] = [44, 45, 46];
export const CALLER_HANDLED_CODES: readonly number[] = [35, 47, 48];

/**
 * The 401 body the spec's client looks for to skip the refresh. The sign-in endpoint sends it in
 * the `Error` field next to the Polish ErrorMessage; a plain-text body is recognised too.
 */
export const INVALID_CREDENTIALS_BODY = "Invalid credentials";

export const ADMIN_SUFFIX = "W razie problemów skontaktuj się z administratorem.";
export const GENERIC_ERROR_MESSAGE = `Wystąpił błąd. ${ADMIN_SUFFIX}`;
export const SERVER_ERROR_MESSAGE = `Wystąpił błąd po stronie serwera. ${ADMIN_SUFFIX}`;

/** The field a 400's message names ("Pole Email: …" → Email and its message), or null. */
export function namedField(message: string): { field: string; message: string } | null {
  const m = /^Pole ([\w.]+): (.*)$/s.exec(message);
  return m ? { field: m[1], message: m[2] } : null;
}

/** The 400 alert text of spec section 8: the server's message followed by the administrator hint. */
export function badRequestAlertText(message: string | null | undefined): string {
  const m = (message ?? "").trim();
  if (!m) return GENERIC_ERROR_MESSAGE;
  // Field messages ("Pole AuctionId: nie ma oferty o tym numerze") end without a full stop.
  return `${/[.!?…]$/.test(m) ? m : `${m}.`} ${ADMIN_SUFFIX}`;
}

/** The 503 message while the database is away (ErrorCode.ServiceUnavailable). */
export const SERVICE_UNAVAILABLE_MESSAGE = "Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.";

/** A request that never reached the server (network down, server restarting). */
export const CONNECTION_ERROR_MESSAGE = `Wystąpił błąd z połączeniem do serwera. ${ADMIN_SUFFIX}`;
