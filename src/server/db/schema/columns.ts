import { type AnyPgColumn, bigint, integer, serial, text, timestamp } from "drizzle-orm/pg-core";

// Column builders the tables repeat. Each is the exact column the tables spelled out before, so the
// generated SQL (and so the migrations) does not depend on whether a table uses them.

type Target = () => AnyPgColumn;

/** A point in time: every one the schema keeps is a timestamp with time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, set by the database. */
export const createdAt = () => at("created_at").notNull().defaultNow();

/** A row's own number, counted by the database. */
export const serialId = () => serial("id").primaryKey();

/** A row's own number for tables that grow without end (outbox, events, jobs): a 64-bit identity. */
export const identityId = () => bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

/** The row this one belongs to: required, and this row is deleted with it. */
export const belongsTo = (name: string, target: Target) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** A row this one names but does not belong to: required, and it cannot be deleted while named. */
export const refersTo = (name: string, target: Target) => integer(name).notNull().references(target);

/** More columns of another table's row: one row per it, keyed by its id, deleted with it. */
export const extensionOf = (name: string, target: Target) =>
  integer(name).primaryKey().references(target, { onDelete: "cascade" });

/**
 * A row named if there is one, emptied when it is deleted: the audit-like rows keep their own copy of
 * what they need (a staff member's name), so they outlive the member.
 */
export const looseRef = (name: string, target: Target) =>
  integer(name).references(target, { onDelete: "set null" });

/** A secret token's SHA-256, as the key of its row: the token itself is never stored. */
export const tokenHashKey = () => text("token_hash").primaryKey();
