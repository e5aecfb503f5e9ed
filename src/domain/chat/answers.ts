import { z } from "zod";

/**
 * The chat API's answers as zod (ADR 023): the server's response schemas, checked under test and
 * published at /api/docs. The widget and the console import only the types (dto.ts, `import type`),
 * so these schemas never reach a browser's bundle.
 */

/** What the widget and the console show of one chat event (spec section 3 "Chat"). */
export const chatEventSchema = z.object({
  Id: z.number().int(),
  ChatId: z.number().int(),
  Kind: z.enum(["message", "file", "system_message", "filled_form"]),
  Author: z.enum(["customer", "agent", "system"]),
  Text: z.string(),
  /** file: {Id, Name, ContentType, Size, Url}; system_message: {Type}; filled_form: {Form, Values}. */
  Payload: z.record(z.string(), z.unknown()).nullable(),
  ClientId: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:SS', Polish time; CreatedAtUtc: the same instant as ISO 8601 in UTC. */
  CreatedAt: z.string(),
  CreatedAtUtc: z.string(),
  Status: z.enum(["sent", "delivered", "seen"]),
});

/** A canned answer of the console: the consultant's own or shared by the team. */
export const cannedAnswerSchema = z.object({
  Id: z.number().int(),
  Shortcut: z.string(),
  Text: z.string(),
  Shared: z.boolean(),
  /** The consultant's own (shared ones are nobody's). */
  Mine: z.boolean(),
});

/** One consultant's day in the console's ratings and volume overview (days in Polish time). */
export const chatOverviewRowSchema = z.object({
  ConsultantId: z.number().int(),
  ConsultantName: z.string(),
  /** "2026-11-25" */
  Day: z.string(),
  Chats: z.number().int(),
  /** Messages and files of both sides in those chats. */
  Messages: z.number().int(),
  AverageRating: z.number().nullable(),
  Ratings: z.number().int(),
  /** From the start of the chat (queue included) to the consultant's first message or file. */
  AverageFirstAnswerSeconds: z.number().nullable(),
});

/** GET /api/Chat/History: the customer's conversation. */
export const chatHistorySchema = z.object({
  ChatId: z.number().int(),
  Status: z.enum(["queued", "active", "ended"]),
  Rating: z.number().int().nullable(),
  Events: z.array(chatEventSchema),
});

/** A file sent or the rating given: the event the conversation gained. */
export const chatEventAnswerSchema = z.object({ Event: chatEventSchema });

export const cannedAnswersSchema = z.object({ Answers: z.array(cannedAnswerSchema) });
export const cannedAnswerAddedSchema = z.object({ Answer: cannedAnswerSchema });

export const chatOverviewSchema = z.object({
  /** The days asked for, "YYYY-MM-DD", both included. */
  From: z.string(),
  To: z.string(),
  Rows: z.array(chatOverviewRowSchema),
});

/** Done; nothing else to say (transcript queued, answer deleted, signed out). */
export const okSchema = z.object({ Ok: z.literal(true) });
