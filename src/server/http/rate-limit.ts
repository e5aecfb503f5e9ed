import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../domain/errors";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema/index";
import { ApiError } from "./errors";

export const RATE_WINDOW_MS = 10 * 60_000;

/** A 429 text "Zbyt wiele {what} w krótkim czasie. Spróbuj ponownie za N min." for one action. */
export const tooManyMessage = (what: string) => (minutes: number) =>
  `Zbyt wiele ${what} w krótkim czasie. Spróbuj ponownie za ${minutes} min.`;

export const rateLimitedMessage = (minutes: number) =>
  `Wysłano zbyt wiele zgłoszeń z tego adresu. Spróbuj ponownie za ${minutes} min lub zadzwoń do nas.`;

/**
 * Fixed-window counter per (endpoint, key) in the database, so every server process counts the same
 * hits. The key is usually the client address; mail limits count per recipient instead
 * (mail/recipient-limit.ts). Counts one hit; over the limit, answers the seconds until the window ends.
 */
export async function countHit(
  db: Db,
  endpoint: string,
  key: string,
  limit: number,
  now: number,
): Promise<number | null> {
  const windowStart = new Date(now - (now % RATE_WINDOW_MS));
  const bucket = `${endpoint}|${key}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimitHits)
      .where(sql`${rateLimitHits.windowStart} < ${new Date(now - 3_600_000).toISOString()}::timestamptz`);
  }
  if (row.hits <= limit) return null;
  return Math.ceil((windowStart.getTime() + RATE_WINDOW_MS - now) / 1000);
}

/**
 * Takes back a hit counted by `countHit` at `hitAt` (same window), for limits that count only what
 * went wrong: the hit is counted first so parallel attempts cannot slip past the limit, and an
 * attempt that succeeds gives it back.
 */
export async function refundHit(db: Db, endpoint: string, ip: string, hitAt: number): Promise<void> {
  const windowStart = new Date(hitAt - (hitAt % RATE_WINDOW_MS));
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.bucket, `${endpoint}|${ip}`), eq(rateLimitHits.windowStart, windowStart)));
}

/** Minutes to tell a person to wait, from the seconds left in the window. */
export const minutesToWait = (retryAfterS: number) => Math.max(1, Math.ceil(retryAfterS / 60));

/** An API request over its endpoint's limit: 429 with a Polish message and Retry-After. */
export async function enforceRateLimit(
  deps: { db: Db; clock: Clock },
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  limit: number,
  /** The 429's text for the person, given the minutes to wait; leads' "zgłoszeń" text by default. */
  message: (minutes: number) => string = rateLimitedMessage,
): Promise<void> {
  const retryAfterS = await countHit(deps.db, endpoint, request.ip, limit, deps.clock.now().getTime());
  if (retryAfterS === null) return;
  reply.header("retry-after", String(retryAfterS));
  throw new ApiError(429, ErrorCode.RateLimited, message(minutesToWait(retryAfterS)));
}

/**
 * The per-address limit of an action that mails someone or burns CPU (registration, password reset,
 * car alerts, consultant sign-in, image resizing): `perWindow` real people never reach, multiplied by
 * RATE_LIMITS_SCALE for test environments where everyone shares one address.
 */
export function enforceAbuseLimit(
  services: { db: Db; clock: Clock; config: { RATE_LIMITS_SCALE: number } },
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  perWindow: number,
  message: (minutes: number) => string,
): Promise<void> {
  return enforceRateLimit(
    services,
    request,
    reply,
    endpoint,
    perWindow * services.config.RATE_LIMITS_SCALE,
    message,
  );
}
