import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, serialId } from "./columns";

/**
 * A person's request, proved by a link mailed to the address, for what the lead forms, alerts and
 * chats keep under it (migration 0037, ADR 052). The link shows the data and lets the person download
 * it or ask for its erasure; an erasure waits in the panel's queue until staff complete it (due one
 * month after it was asked for). Once completed the e-mail is emptied: the SHA-256 stays as proof.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: serialId(),
    email: text("email").notNull(),
    /** SHA-256 of the lower-case address: counts the links sent to it, and outlives the address. */
    emailHash: text("email_hash").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    /** The link works until then; an erasure asked for before stays in the queue. */
    expiresAt: at("expires_at").notNull(),
    downloadedAt: at("downloaded_at"),
    erasureRequestedAt: at("erasure_requested_at"),
    dueAt: at("due_at"),
    completedAt: at("completed_at"),
    completedBy: text("completed_by"),
    /** How many records of each kind the erasure removed (numbers only). */
    erased: jsonb("erased").$type<Record<string, number>>(),
  },
  (t) => [
    uniqueIndex("privacy_requests_token_idx").on(t.tokenHash),
    index("privacy_requests_email_idx").on(t.emailHash, t.createdAt),
    index("privacy_requests_queue_idx")
      .on(t.dueAt)
      .where(sql`${t.erasureRequestedAt} is not null and ${t.completedAt} is null`),
  ],
);
