import type { Db } from "../../src/server/db/client";
import { rateLimitHits } from "../../src/server/db/schema/index";
import { RATE_WINDOW_MS } from "../../src/server/http/rate-limit";

/**
 * Spends an endpoint's rate limit for a client address, as if it had already sent `hits` requests
 * in this window (and the next one, should the window turn during the test), so a limit of hundreds
 * can be tested with one request.
 */
export async function spendRateLimit(db: Db, endpoint: string, hits: number, ip = "127.0.0.1") {
  const now = Date.now();
  const current = now - (now % RATE_WINDOW_MS);
  for (const start of [current, current + RATE_WINDOW_MS]) {
    await db
      .insert(rateLimitHits)
      .values({ bucket: `${endpoint}|${ip}`, windowStart: new Date(start), hits })
      .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.windowStart], set: { hits } });
  }
}

/**
 * The limits count in fixed 10-minute windows: a test that counts requests up to a limit and began
 * just before a window's end has them counted in two windows, and the limit never comes (CI, on a busy
 * machine). Called before such a test, it moves the server's test clock past that end when less than
 * two minutes of the window are left.
 */
export function withinOneWindow(clock: { now(): Date; advance(ms: number): void }): void {
  const left = RATE_WINDOW_MS - (clock.now().getTime() % RATE_WINDOW_MS);
  if (left < 120_000) clock.advance(left + 1000);
}
