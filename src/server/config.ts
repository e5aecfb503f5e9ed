import path from "node:path";
import { z } from "zod";

/** A whole number within bounds, read from its text in the environment, with its default. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A size PostgreSQL's shared_buffers takes: digits and a unit (PGLITE_SHARED_BUFFERS). */
export const SHARED_BUFFERS_SIZE = /^\d+(kB|MB|GB)$/;

/** pino's levels (src/server/log.ts), most severe first; "silent" logs nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Environment configuration, parsed once at start. A wrong value stops the process with one line
 * naming the variable (ConfigError, below), so operators never get a half-configured server.
 */
const schema = z.object({
  PORT: wholeNumber(0, 65535, 3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * Online backups of the embedded database (db/embedded-backup.ts): where they go (default
   * DATA_DIR/backups), how often the running server takes one (0: only `npm run backup`) and how many
   * are kept. Not used with DATABASE_URL (pg_dump, docs/operations.md).
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /**
   * Whether a first start on an empty database loads the demo catalogue (offers, photos, banners).
   * "false" for a real site, set before its first start: it then starts with no offers, which staff and
   * the fleet system add. The reference data (texts, calculator settings) is loaded either way.
   */
  DEMO_DATA: z.enum(["true", "false"]).default("true"),
  BACKUP_INTERVAL_HOURS: wholeNumber(0, 8760, 24),
  BACKUP_KEEP: wholeNumber(1, 1000, 7),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "musi zaczynać się od postgres:// lub postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "musi zaczynać się od smtp:// lub smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Marketplace <no-reply@marketplace.local>"),
  SALES_EMAIL: z.email().default("sprzedaz@marketplace.local"),
  PUBLIC_URL: z.url().optional(),
  SITE_PASSWORD: z.string().min(1).optional(),
  /** Key of the offer management API (/api/Admin, for the fleet system); unset: that API is off. */
  OFFERS_API_KEY: z.string().min(24, "musi mieć co najmniej 24 znaki").optional(),
  /** Lets a scraper reach /metrics from outside the loopback interface (Authorization: Bearer …). */
  METRICS_TOKEN: z.string().min(24, "musi mieć co najmniej 24 znaki").optional(),
  /** Signs captcha challenges (ALTCHA); set the same value on every process behind a load balancer. */
  CAPTCHA_SECRET: z.string().min(16, "musi mieć co najmniej 16 znaków").optional(),
  /** Lead forms (contact, self-financing, call-back): requests per address per 10 minutes, per form. */
  LEADS_RATE_LIMIT: wholeNumber(1, 1_000_000, 10),
  /** Bound of the resized-image cache on disk (DATA_DIR/…); the least recently used files go first. */
  IMAGE_CACHE_MAX_MB: wholeNumber(1, 10_000_000, 2048),
  /**
   * Multiplies the built-in per-address limits of registration, password reset, car alerts,
   * consultant sign-in and image resizing (constants at each endpoint). 1 in production; a test
   * environment where everyone comes from one address (the browser journeys) raises it.
   */
  RATE_LIMITS_SCALE: wholeNumber(1, 10_000, 1),
  /** Seconds between writes of the offer pages' visit counts (ADR 065): visits of that long may be lost in a crash. */
  OFFER_VISITS_FLUSH_SECONDS: wholeNumber(1, 3600, 15),
  /** Minutes between runs of the alert digest timer (at most one digest a day per owner); 0: off. */
  ALERTS_DIGEST_INTERVAL_MINUTES: wholeNumber(0, 24 * 60, 10),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** Lifetime of a sign-in access token; short so a stolen one is useful only briefly (tests: a few s). */
  // scrypt's N = 2^PASSWORD_HASH_COST for new password hashes (32 MiB at 15, OWASP's setting). Each
  // hash keeps its own parameters, so a change never locks anyone out. Test servers use 10 (ADR 040).
  PASSWORD_HASH_COST: wholeNumber(10, 17, 15),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(1, 86_400, 900),
  /** Lifetime of a refresh token (each is used once; the session lives while it keeps being used). */
  REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 365, 30),
  /**
   * A refresh token presented again within this many seconds of its first use is a concurrent
   * refresh and gets a fresh pair; later it revokes the session (ADR 006). 0: every reuse revokes.
   */
  REFRESH_REUSE_GRACE_SECONDS: wholeNumber(0, 300, 30),
  /** Base address of the Ministry of Finance VAT payer register ("biała lista") used to fill company data. */
  COMPANY_REGISTRY_URL: z.url().default("https://wl-api.mf.gov.pl"),
  COMPANY_REGISTRY_TIMEOUT_MS: wholeNumber(100, 60_000, 5000),
  /**
   * How many reverse proxies (load balancers) stand in front of the server. Only their
   * X-Forwarded-For entries are trusted, so rate limits cannot be dodged with a forged header.
   */
  TRUST_PROXY_HOPS: wholeNumber(0, 10, 0),
  /** Anti-sniping: a bid with less than this many seconds left extends the auction... */
  ANTI_SNIPING_WINDOW_SECONDS: wholeNumber(0, 3600, 120),
  /** ...to this many seconds after the bid. */
  ANTI_SNIPING_EXTENSION_SECONDS: wholeNumber(0, 3600, 120),
  /** How often the end-of-auction job looks for auctions to close, in milliseconds. */
  AUCTION_CLOSE_POLL_MS: wholeNumber(50, 60_000, 1000),
  /** How often the bidders' notification job looks for favourite auctions' starts and last hours (ADR 051). */
  BIDDER_NOTICES_POLL_MS: wholeNumber(50, 600_000, 30_000),
  /** Live chat: a chat whose customer has been silent this long is closed for inactivity. */
  CHAT_INACTIVITY_MINUTES: wholeNumber(1, 24 * 60, 15),
  /** Live chat: how long a consultant may be disconnected before their chats go to someone else. */
  CHAT_CONSULTANT_GRACE_SECONDS: wholeNumber(0, 3600, 30),
  /** Live chat: the average wait per chat ahead in the queue, for the customer's estimate. */
  CHAT_MINUTES_PER_QUEUED: wholeNumber(1, 60, 3),
  /** Page cache for anonymous visitors (server-rendered public pages, compressed): its size in MB; 0: off. */
  PAGE_CACHE_MB: wholeNumber(0, 4096, 32),
  /** The embedded database's buffer cache (read by db/client.ts, which scripts use without this). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(SHARED_BUFFERS_SIZE, "podaj rozmiar, np. 32MB lub 128MB")
    .default("32MB"),
  /** Pages rendered at once (past the page cache); more wait their turn. Bounds the memory of a burst. */
  SSR_CONCURRENCY: wholeNumber(1, 256, 4),
  /**
   * Advertising tags (ADR 021), loaded in the browser only after marketing consent; unset id:
   * no tag and nothing in the CSP. The script URLs are the vendors' own unless a test points them at a
   * local stand-in.
   */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "musi być liczbą (identyfikator piksela)")
    .optional(),
  META_PIXEL_SCRIPT_URL: z.url().default("https://connect.facebook.net/en_US/fbevents.js"),
  LINKEDIN_PARTNER_ID: z
    .string()
    .regex(/^\d{3,20}$/, "musi być liczbą (partner id)")
    .optional(),
  LINKEDIN_SCRIPT_URL: z.url().default("https://snap.licdn.com/li.lms-analytics/insight.min.js"),
  /** LinkedIn conversion ids of the three events: "lead=123,callBack=456,registration=789". */
  LINKEDIN_CONVERSION_IDS: z
    .string()
    .regex(
      /^((lead|callBack|registration)=\d+)(,(lead|callBack|registration)=\d+)*$/,
      "musi mieć postać lead=123,callBack=456,registration=789",
    )
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /**
   * Test harnesses only: the server's clock is the system time plus the milliseconds written in this
   * file, so a test skips time (a token's lifetime, an auction's end) instead of waiting for it
   * (clock.ts). Never set in production.
   */
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema> & { publicUrl: string; dataDir: string; backupDir: string };

/** The variables the server reads (README's table and .env.example name each of them). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

export class ConfigError extends Error {}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === "" ? undefined : v;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "?");
    throw new ConfigError(
      `Nieprawidłowa zmienna środowiskowa ${name}=${JSON.stringify(env[name])}: ${issue.message}`,
    );
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, "backups")),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
  };
}
