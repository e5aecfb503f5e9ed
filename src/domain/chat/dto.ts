/**
 * What the live chat's API and hub send, and its limits: shared by the server, the widget and the
 * consultant's console.
 */

import type { z } from "zod";
import type { cannedAnswerSchema, chatEventSchema, chatOverviewRowSchema } from "./answers";

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** Answers' types come from their schemas (answers.ts, server-side): one definition, no zod here. */
export type ChatEventDto = z.infer<typeof chatEventSchema>;
export type CannedAnswerDto = z.infer<typeof cannedAnswerSchema>;
export type ChatOverviewRowDto = z.infer<typeof chatOverviewRowSchema>;

/**
 * Typing: a side that types says so at most every CHAT_TYPING_EVERY_MS; the other side shows it until
 * CHAT_TYPING_SHOWN_MS pass without another word (or the message arrives). Shown longer than the
 * interval, so steady typing does not flicker.
 */
export const CHAT_TYPING_EVERY_MS = 2000;
export const CHAT_TYPING_SHOWN_MS = 5000;
export interface ChatTypingDto {
  ChatId: number;
  Author: "customer" | "agent";
}

export interface ChatSummary {
  ChatId: number;
  Status: "queued" | "active" | "ended";
  CustomerName: string;
  Topic: string;
  ConsultantId: number | null;
  ConsultantName: string | null;
  /** 'YYYY-MM-DD HH:mm:SS', Polish time; CreatedAtUtc: the same instant as ISO 8601 in UTC. */
  CreatedAt: string;
  CreatedAtUtc: string;
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
  /**
   * When the state was read (the server's clock, ms, at the read's start). States travel by different
   * ways (a process's own answer, another's through PostgreSQL's NOTIFY) and can arrive out of order:
   * one read earlier than the state shown is stale (keepsNewerState).
   */
  Version: number;
}

/**
 * Whether a state that arrived replaces the one shown: not when it is of the same chat and was read
 * before it. A place in the queue read at the chat's start and delivered late would otherwise show
 * "3. w kolejce" after "2." was already shown.
 */
export const replacesState = (shown: ChatStateDto | null, arrived: ChatStateDto): boolean =>
  !shown || shown.ChatId !== arrived.ChatId || arrived.Version >= shown.Version;

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
