import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, looseRef, serialId, tokenHashKey } from "./columns";

/**
 * The company's staff who use the back-office at /panel, apart from the bidders' accounts.
 * A member sets the password through a link (`invite_token_hash`), then adds the second factor (TOTP)
 * at the first sign-in; recovery codes are stored as SHA-256 hashes, each used at most once.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: serialId(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** admin | sales | content | consultant (src/domain/staff/roles.ts). */
    role: text("role").notNull(),
    passwordHash: text("password_hash"),
    /** The set-password link's hash and its end (a new member, or a password reset by an admin). */
    inviteTokenHash: text("invite_token_hash"),
    inviteExpiresAt: at("invite_expires_at"),
    /** Base32 TOTP secret; confirmed once a code made from it was accepted. */
    totpSecret: text("totp_secret"),
    totpConfirmedAt: at("totp_confirmed_at"),
    /** The last accepted 30-second step: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_members_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * A member's session in a browser (an HttpOnly cookie holds the token; only its hash is here). Stage
 * 'password' is the minutes between the password and the second factor; 'signed-in' is the session.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: tokenHashKey(),
    staffId: belongsTo("staff_id", () => staffMembers.id),
    stage: text("stage").notNull(),
    /** Wrong second-factor codes in this session (it ends at the limit). */
    failedCodes: integer("failed_codes").notNull().default(0),
    createdAt: createdAt(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Every change made in the back-office: who, when, what, and the record before and after. */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    /** Null for the command line (npm run staff:add). */
    staffId: looseRef("staff_id", () => staffMembers.id),
    staffName: text("staff_name").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("staff_audit_entity_idx").on(t.entity, t.entityId, t.at),
    index("staff_audit_at_idx").on(t.at),
    index("staff_audit_staff_idx").on(t.staffId, t.at),
    index("staff_audit_action_idx").on(t.action, t.at),
  ],
);

/**
 * Makes an administrator added to the vocabulary (src/domain/make-names.ts has the built-in ones):
 * offers are saved only with a known make, so a make the catalogue has not sold before is added here
 * on purpose, in its spelling, with an entry in the audit log.
 */
export const vehicleMakes = pgTable("vehicle_makes", {
  name: text("name").primaryKey(),
  /** makeSlug(name): two spellings of one make cannot both be added. */
  slug: text("slug").notNull().unique(),
  addedAt: at("added_at").notNull().defaultNow(),
  addedBy: looseRef("added_by", () => staffMembers.id),
});

/** A member's saved view of a panel list: its name and the address's query (filters and sort). */
export const staffListViews = pgTable(
  "staff_list_views",
  {
    id: serialId(),
    staffId: belongsTo("staff_id", () => staffMembers.id),
    /** The list's name (offers, leads, bidders, auctions, audit). */
    list: text("list").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_list_views_name_idx").on(t.staffId, t.list, t.name)],
);

/** The columns a member keeps in view in a panel list (the others are shown in each row's details). */
export const staffListColumns = pgTable(
  "staff_list_columns",
  {
    staffId: belongsTo("staff_id", () => staffMembers.id),
    list: text("list").notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.list] })],
);
