import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Notifications } from "../../../domain/account";
import { at, belongsTo, createdAt, extensionOf, serialId, tokenHashKey } from "./columns";
import { users } from "./core";

/**
 * One sign-in = one session (a "family" of refresh tokens). Revoking the session ends every token of
 * the family at once: logout, theft detection (a refresh token used twice), password change.
 */
export const accountSessions = pgTable(
  "account_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
    revokedAt: at("revoked_at"),
    /** logout | reuse | superseded | blocked */
    revokedReason: text("revoked_reason"),
    userAgent: text("user_agent"),
  },
  (t) => [index("account_sessions_user_idx").on(t.userId)],
);

/** The session a token belongs to: revoking or deleting the session ends the token. */
const sessionOf = () =>
  uuid("session_id")
    .notNull()
    .references(() => accountSessions.id, { onDelete: "cascade" });

/** Short-lived bearer tokens; only their SHA-256 is stored. */
export const accountAccessTokens = pgTable(
  "account_access_tokens",
  {
    tokenHash: tokenHashKey(),
    sessionId: sessionOf(),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_access_tokens_session_idx").on(t.sessionId)],
);

/** Rotating refresh tokens: each is used once (used_at set) and replaced by the next one. */
export const accountRefreshTokens = pgTable(
  "account_refresh_tokens",
  {
    tokenHash: tokenHashKey(),
    sessionId: sessionOf(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_refresh_tokens_session_idx").on(t.sessionId)],
);

/** One-time links sent by e-mail (activation, password reset); only the SHA-256 is stored. */
export const accountOneTimeTokens = pgTable(
  "account_one_time_tokens",
  {
    tokenHash: tokenHashKey(),
    userId: belongsTo("user_id", () => users.id),
    purpose: text("purpose", { enum: ["activation", "password-reset"] }).notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("account_one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * Every consent given or withdrawn, with time and version: the history a GDPR question needs. The
 * current state of a consent is its latest row.
 */
export const accountConsents = pgTable(
  "account_consents",
  {
    id: serialId(),
    userId: belongsTo("user_id", () => users.id),
    /** site-rules | auction-rules | marketing-email | marketing-phone | statement */
    kind: text("kind").notNull(),
    granted: boolean("granted").notNull(),
    version: integer("version").notNull(),
    recordedAt: at("recorded_at").notNull().defaultNow(),
    ip: text("ip"),
  },
  (t) => [index("account_consents_user_kind_idx").on(t.userId, t.kind, t.recordedAt)],
);

/** Settings that are not part of `users`: e-mail notifications and the entrepreneur statement. */
export const accountSettings = pgTable(
  "account_settings",
  {
    userId: extensionOf("user_id", () => users.id),
    notifications: jsonb("notifications").$type<Notifications>().notNull(),
    /** Proves the person in the one-click unsubscribe links of the notification e-mails (ADR 051). */
    unsubscribeToken: uuid("unsubscribe_token").notNull().defaultRandom(),
    marketingEmail: boolean("marketing_email").notNull().default(false),
    marketingPhone: boolean("marketing_phone").notNull().default(false),
    statementAcceptedAt: at("statement_accepted_at"),
    passwordChangedAt: at("password_changed_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_settings_unsubscribe_token_idx").on(t.unsubscribeToken)],
);

/**
 * Failed sign-in attempts, kept in the database (not in process memory) so the limit holds across
 * several server processes. Rows older than the window are deleted as new ones arrive.
 */
export const accountSignInFailures = pgTable(
  "account_sign_in_failures",
  {
    id: serialId(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("account_sign_in_failures_email_idx").on(sql`lower(${t.email})`, t.at),
    index("account_sign_in_failures_ip_idx").on(t.ip, t.at),
  ],
);
