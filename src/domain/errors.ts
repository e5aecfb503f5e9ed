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
  /** Errors shown to the caller as they are, without a token refresh (spec: 35, 47, 48). */
  ShownToCaller: 35,
  ShownToCaller47: 47,
  ShownToCaller48: 48,
  /** Access denied: tokens are cleared and the person goes to /login (spec: 44, 45, 46). */
  SessionRevoked: 44,
  AccountBlocked: 45,
  AccountNotVerified: 46,
  /** New auction rules must be accepted first: the client goes to /zaakceptuj-regulamin. */
  RulesNotAccepted: 100,
  /** The profile must be completed first: the client goes to /ustawienia?editmode=true. */
  ProfileIncomplete: 101,
} as const;

export type ApiErrorBody = { ErrorCode: number; ErrorMessage: string };

export const ACCESS_DENIED_CODES: readonly number[] = [44, 45, 46];
export const CALLER_HANDLED_CODES: readonly number[] = [35, 47, 48];

export const ADMIN_SUFFIX = "W razie problemów skontaktuj się z administratorem.";
export const GENERIC_ERROR_MESSAGE = `Wystąpił błąd. ${ADMIN_SUFFIX}`;
export const SERVER_ERROR_MESSAGE = `Wystąpił błąd po stronie serwera. ${ADMIN_SUFFIX}`;
