import { parseCookie } from "cookie";

/**
 * One cookie's value from a Cookie header, parsed by the `cookie` package: a value whose %-escapes
 * do not decode (`panel_session=%`) comes back as sent, so a malformed cookie is simply a token that
 * matches nothing (treated as absent), never an exception on the request's path.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parseCookie(header)[name];
}

/** The names of the cookies in a Cookie header. */
export function cookieNames(header: string | null | undefined): string[] {
  return header ? Object.keys(parseCookie(header)) : [];
}
