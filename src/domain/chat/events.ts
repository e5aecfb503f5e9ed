/**
 * The live chat's socket.io contract (namespace /chat), one definition for the hub that answers and
 * the widget and console that call it: socket.io's typed event maps check both sides' names and
 * payloads. The server still validates what arrives (a client may send anything).
 */
import type { ApiErrorBody } from "../errors";
import type {
  ChatEventDto,
  ChatStateDto,
  ChatStatusDto,
  ChatSummary,
  ChatTransferredDto,
  ChatTypingDto,
} from "./dto";

/** An acknowledged event answers its result, or {ErrorCode, ErrorMessage} like the API. */
export type ChatAck<T> = (answer: T | ApiErrorBody) => void;

/** The hub refused the request (its answer says why, in Polish). */
export const isRefusal = (answer: object): answer is ApiErrorBody => "ErrorMessage" in answer;

export interface ChatServerEvents {
  /** A new event of a chat (message, file, system message, filled form). */
  event: (e: ChatEventDto) => void;
  status: (s: ChatStatusDto) => void;
  /** The widget's state of its chat: status, who answers, place in the queue. */
  chat: (state: ChatStateDto) => void;
  /** The consultants' list of open chats. */
  chats: (list: ChatSummary[]) => void;
  typing: (t: ChatTypingDto) => void;
  transferred: (t: ChatTransferredDto) => void;
}

/** chatId is the consultant's choice; a customer's connection belongs to one chat and omits it. */
export interface ChatClientEvents {
  send: (
    input: { chatId?: number; text: string; clientId: string },
    ack: ChatAck<{ Event: ChatEventDto }>,
  ) => void;
  typing: (input: { chatId?: number }) => void;
  delivered: (input: { chatId?: number; upTo: number }) => void;
  seen: (input: { chatId?: number; upTo: number }) => void;
  /** Customer: leaves the chat. */
  leave: (input: Record<string, never>, ack: ChatAck<{ Ok: true }>) => void;
  /** Consultant: takes a waiting chat; answers its history. */
  accept: (input: { chatId: number }, ack: ChatAck<{ History: ChatEventDto[] }>) => void;
  history: (input: { chatId: number }, ack: ChatAck<{ History: ChatEventDto[] }>) => void;
  /** Consultant: the other consultants online now, for a transfer. */
  online: (
    input: Record<string, never>,
    ack: ChatAck<{ Consultants: { Id: number; Name: string }[] }>,
  ) => void;
  transfer: (input: { chatId: number; to: number; note: string }, ack: ChatAck<{ Ok: true }>) => void;
  end: (input: { chatId: number }, ack: ChatAck<{ Ok: true }>) => void;
}
