/** What the live chat's API and hub send: shared by the server, the widget and the consultant's console. */

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
