import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ENDING_SOON_MS } from "../../domain/catalogue/auction-state";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { type Db, resultRows } from "../db/client";
import { cookieNames } from "../http/cookies";
import { contentSecurityPolicy } from "../http/csp";
import { type CachedPage, compressPage, tagsFor } from "./page-cache";

/**
 * The HTTP side of the page cache (ADR 018): which requests and responses may be cached, how a
 * stored page is sent, and when stored pages change by time alone.
 */

/**
 * Cookies that do not make a visitor someone else: the test-environment gate, and the back-office's
 * session (public pages do not read it; a member browsing the site sees what everyone sees).
 */
const NEUTRAL_COOKIES = new Set(["site_access", "panel_session"]);

/**
 * Only anonymous GET requests read or fill the cache. A request with credentials (an Authorization
 * header, or any cookie but the neutral ones) is a signed-in visitor's: it is rendered for them and
 * never stored, so nothing crosses between the two.
 */
export function isAnonymousPageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.authorization) return false;
  if (cookieNames(request.headers.cookie).some((name) => !NEUTRAL_COOKIES.has(name))) return false;
  return request.url.length <= 2048;
}

/**
 * A response is stored only when its route called it public (`Cache-Control: public`, see
 * src/web/lib/cache-headers.ts), it is a page (HTML) with status 200 or 404, and it sets no cookie.
 * Other errors are never stored.
 */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.has("set-cookie")) return false;
  return /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "set-cookie",
  "transfer-encoding",
]);

/**
 * Turns a rendered page into a stored one. The nonce of its render is taken out: a stored page is
 * sent many times and a nonce must never be sent twice, so its inline scripts are allowed by their
 * hashes instead, in the CSP stored with it.
 */
export function toCachedPage(
  pathname: string,
  response: Response,
  html: string,
  nonce: string,
  config: Config,
  now: number,
): CachedPage {
  const plain = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = [...plain.matchAll(INLINE_SCRIPT)].map(
    (m) => `sha256-${crypto.createHash("sha256").update(m[1]).digest("base64")}`,
  );
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
  }
  headers.push(["content-security-policy", contentSecurityPolicy(config, { hashes: [...new Set(hashes)] })]);
  headers.push(["vary", "Accept-Encoding"]);
  return {
    status: response.status,
    headers,
    tags: tagsFor(pathname),
    storedAt: now,
    ...compressPage(plain),
  };
}

/** brotli, then gzip, then plain, as the client accepts them (a q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((p) => p.trim().toLowerCase())
      .filter((p) => p && !/;\s*q=0(\.0+)?$/.test(p))
      .map((p) => p.split(";")[0]),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * The server's clock as a Server-Timing entry: the browser reads it from the navigation's timing
 * (src/web/lib/server-clock.ts), so countdowns are right even on a page stored minutes ago.
 */
export const serverClockTiming = (clock: Clock) => `clock;desc=${clock.now().getTime()}`;

/** Sends a stored page: its encoding for this client, 304 when the client has it already. */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: "hit" | "miss",
  clock: Clock,
): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header("etag", page.etag);
  reply.header("x-page-cache", state);
  reply.header("server-timing", serverClockTiming(clock));
  if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  reply.status(page.status);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  const body = page[encoding];
  reply.header("content-length", String(body.length));
  return reply.send(request.method === "HEAD" ? undefined : body);
}

/**
 * The next moment after `from` at which a public page changes by time alone: an auction starts,
 * enters its last 12 hours (the "ending" label) or ends, a banner's first or end date comes, a document
 * version dated ahead comes into force (pages link and name the version in force), or a car kept for a
 * leasing applicant is free again (its page says it is reserved until then).
 */
export async function nextTimeBoundary(db: Db, from: number): Promise<number> {
  const at = new Date(from).toISOString();
  const soon = `${ENDING_SOON_MS} milliseconds`;
  const [row] = resultRows<{ next: Date | string | null }>(
    await db.execute(sql`
      select least(
        (select min(auction_start) from offers
          where sale_type = 'auction' and status = 'active' and auction_start > ${at}::timestamptz),
        (select min(auction_end) from offers where sale_type = 'auction' and auction_end > ${at}::timestamptz),
        (select min(auction_end) - ${soon}::interval from offers
          where sale_type = 'auction' and auction_end > ${at}::timestamptz + ${soon}::interval),
        (select min(slider_end_date) from banners where slider_end_date > ${at}::timestamptz),
        (select min(slider_start_date) from banners where slider_start_date > ${at}::timestamptz),
        (select min(effective_from) from documents where effective_from > ${at}::timestamptz),
        (select min(reserved_until) from lease_applications where reserved_until > ${at}::timestamptz)
      ) as next`),
  );
  return row?.next ? new Date(row.next).getTime() : Number.POSITIVE_INFINITY;
}
