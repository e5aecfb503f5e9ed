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
