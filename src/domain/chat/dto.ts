/**
 * What the live chat's API and hub send, and its limits: shared by the server, the widget and the
 * consultant's console.
 */

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/**
 * Typing: a side that types says so at most every CHAT_TYPING_EVERY_MS; the other side shows it until
 * CHAT_TYPING_SHOWN_MS pass without another word (or the message arrives). Shown longer than the
 * interval, so steady typing does not flicker.
 */
/** A canned answer of the console: the consultant's own or shared by the team. */
export interface CannedAnswerDto {
  Id: number;
  Shortcut: string;
  Text: string;
  Shared: boolean;
  /** The consultant's own (shared ones are nobody's). */
  Mine: boolean;
}

export const CHAT_TYPING_EVERY_MS = 2000;
export const CHAT_TYPING_SHOWN_MS = 5000;
export interface ChatTypingDto {
  ChatId: number;
  Author: "customer" | "agent";
}

/** What the widget and the console show of one chat event (spec section 3 "Chat"). */
export interface ChatEventDto {
  Id: number;
  ChatId: number;
  Kind: "message" | "file" | "system_message" | "filled_form";
  Author: "customer" | "agent" | "system";
  Text: string;
  /** file: {Id, Name, ContentType, Size, Url}; system_message: {Type}; filled_form: {Form, Values}. */
  Payload: Record<string, unknown> | null;
  ClientId: string | null;
  CreatedAt: string;
  Status: "sent" | "delivered" | "seen";
}

export interface ChatSummary {
  ChatId: number;
  Status: "queued" | "active" | "ended";
  CustomerName: string;
  Topic: string;
  ConsultantId: number | null;
  ConsultantName: string | null;
  CreatedAt: string;
  EndReason: string | null;
  Rating: number | null;
}

/** What the widget is told about its chat: status, who answers, place in the queue. */
export interface ChatStateDto {
  ChatId: number;
  Status: "queued" | "active" | "ended";
  ConsultantName: string | null;
  EndReason: string | null;
  Rating: number | null;
  /** Queued only: 1 for the first in line. */
  Position: number | null;
  WaitMinutes: number | null;
}

/** A conversation with events added (a newer copy of an event replaces it), in order. */
export function mergeEvents(list: ChatEventDto[], added: ChatEventDto[]): ChatEventDto[] {
  const byId = new Map(list.map((e) => [e.Id, e]));
  for (const e of added) byId.set(e.Id, e);
  return [...byId.values()].sort((a, b) => a.Id - b.Id);
}

/** The hub's status message applied: those events are delivered or seen now (seen stays seen). */
export function markEvents(
  list: ChatEventDto[],
  ids: number[],
  status: "delivered" | "seen",
): ChatEventDto[] {
  const marked = new Set(ids);
  return list.map((e) => (marked.has(e.Id) && e.Status !== "seen" ? { ...e, Status: status } : e));
}

/** One consultant's day in the console's ratings and volume overview (days in Polish time). */
export interface ChatOverviewRowDto {
  ConsultantId: number;
  ConsultantName: string;
  /** "2026-11-25" */
  Day: string;
  Chats: number;
  /** Messages and files of both sides in those chats. */
  Messages: number;
  AverageRating: number | null;
  Ratings: number;
  /** From the start of the chat (queue included) to the consultant's first message or file. */
  AverageFirstAnswerSeconds: number | null;
}

/** Delivered/seen marks of messages, sent to both sides of a chat. */
export interface ChatStatusDto {
  ChatId: number;
  Ids: number[];
  Status: "delivered" | "seen";
}

/** To the consultant a chat was handed to, with the note of the one who handed it over. */
export interface ChatTransferredDto {
  ChatId: number;
  From: string;
  Note: string;
}
