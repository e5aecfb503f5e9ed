import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, identityId, serialId, tokenHashKey } from "./columns";
import { bytea } from "./core";
import { staffMembers, staffSessions } from "./staff";

/**
 * Who answers the live chat: a staff member who may use the chat (the consultant role, or an admin),
 * as the chat's records name them. The row is made when the member first opens the console; its id is
 * what chats, transfers and canned answers refer to.
 */
export const chatConsultants = pgTable(
  "chat_consultants",
  {
    id: serialId(),
    staffId: belongsTo("staff_id", () => staffMembers.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_consultants_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("chat_consultants_staff_idx").on(t.staffId),
  ],
);

/**
 * A console's session (the Bearer token of the chat API and hub): only the token's hash is stored.
 * It belongs to the panel session it was opened from and ends with it (sign-out, revocation).
 */
export const chatConsultantSessions = pgTable("chat_consultant_sessions", {
  tokenHash: tokenHashKey(),
  consultantId: belongsTo("consultant_id", () => chatConsultants.id),
  staffSessionHash: text("staff_session_hash")
    .notNull()
    .references(() => staffSessions.tokenHash, { onDelete: "cascade" }),
  expiresAt: at("expires_at").notNull(),
});

/**
 * A conversation: 'queued' until a consultant takes it, 'active', then 'ended' (end_reason: a system
 * message type). The customer holds a random token; only its hash is stored.
 */
export const chats = pgTable(
  "chats",
  {
    id: serialId(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["queued", "active", "ended"] })
      .notNull()
      .default("queued"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    topic: text("topic").notNull(),
    consultantId: integer("consultant_id").references(() => chatConsultants.id),
    endReason: text("end_reason"),
    rating: integer("rating"),
    ratingComment: text("rating_comment"),
    createdAt: createdAt(),
    acceptedAt: at("accepted_at"),
    endedAt: at("ended_at"),
    /** The customer's last message or sign of life; the inactivity close reads it. */
    lastActivityAt: at("last_activity_at").notNull().defaultNow(),
    /**
     * When a server process last saw the customer of a waiting chat connected (migration 0035): a
     * queued chat whose customer is gone this long leaves the queue (ChatService.endAbandoned).
     */
    customerSeenAt: at("customer_seen_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chats_token_idx").on(t.tokenHash),
    index("chats_open_idx").on(t.status, t.createdAt).where(sql`${t.status} <> 'ended'`),
    index("chats_queued_seen_idx").on(t.customerSeenAt).where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * What happened in a chat, in order: message, file, system_message or filled_form (spec section 3).
 * client_id makes a re-sent message (after a lost answer) count once.
 */
export const chatEvents = pgTable(
  "chat_events",
  {
    id: identityId(),
    chatId: belongsTo("chat_id", () => chats.id),
    kind: text("kind", { enum: ["message", "file", "system_message", "filled_form"] }).notNull(),
    author: text("author", { enum: ["customer", "agent", "system"] }).notNull(),
    text: text("text").notNull().default(""),
    /** file: {id, name, contentType, size}; system_message: {type}; filled_form: {form, values}. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    clientId: text("client_id"),
    createdAt: createdAt(),
    deliveredAt: at("delivered_at"),
    seenAt: at("seen_at"),
  },
  (t) => [
    index("chat_events_chat_idx").on(t.chatId, t.id),
    uniqueIndex("chat_events_client_idx").on(t.chatId, t.clientId),
  ],
);

/** Files sent in a chat (images and PDF documents). */
export const chatFiles = pgTable("chat_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  chatId: belongsTo("chat_id", () => chats.id),
  name: text("name").notNull(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

/** Messages left while no consultant is online (the offline ticket form). */
export const chatTickets = pgTable("chat_tickets", {
  id: serialId(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Canned answers of the console: a consultant's own, or shared by the team (no consultant). */
export const chatCannedAnswers = pgTable(
  "chat_canned_answers",
  {
    id: serialId(),
    consultantId: integer("consultant_id").references(() => chatConsultants.id, { onDelete: "cascade" }),
    shortcut: text("shortcut").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_canned_answers_consultant_idx").on(t.consultantId)],
);
