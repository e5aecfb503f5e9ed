import { io, type Socket } from "socket.io-client";
import {
  CHAT_TYPING_EVERY_MS,
  CHAT_TYPING_SHOWN_MS,
  type ChatEventDto,
  type ChatStateDto,
  markEvents,
  mergeEvents,
  replacesState,
} from "../../../domain/chat/dto";
import { type ChatClientEvents, type ChatServerEvents, isRefusal } from "../../../domain/chat/events";
import type { ChatFormValues } from "../../../domain/chat/forms";
import { chatTexts } from "../../../domain/chat/texts";
import { withoutControlCharacters } from "../../../domain/input-safety";
import { ApiRequestError, api } from "../../api-client";
import { PatchStore } from "../../lib/patch-store";
import { readItem, writeItem } from "../../lib/storage";

import { CHAT_TOKEN_KEY } from "./chat-launcher";

/** A connection to the chat hub (namespace /chat), typed by the hub's contract. */
export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

export { CHAT_TOKEN_KEY };

export type Connection = "idle" | "connecting" | "connected" | "reconnecting" | "failed";
/** History loading (spec section 4). */
export type HistoryLoading = "INACTIVE" | "LOADING" | "DONE";

/** A message of this browser not yet confirmed by the server, or refused. */
export interface Outgoing {
  clientId: string;
  text: string;
  status: "sending" | "failed";
}

export interface ChatClientState {
  /** null while unknown; false: the leave-a-message form, true: the pre-chat form. */
  online: boolean | null;
  token: string | null;
  chat: ChatStateDto | null;
  events: ChatEventDto[];
  outgoing: Outgoing[];
  history: HistoryLoading;
  connection: Connection;
  /** The ticket was sent (offline form). */
  ticketSent: boolean;
  /** 'Konsultant pisze…': the consultant typed within the last few seconds. */
  agentTyping: boolean;
}

type ApiAnswer<T> = { ok: true; body: T } | { ok: false; message: string; network: boolean };

/** What a call of /api/Chat sends: a JSON body or a file; the method defaults to GET. */
interface ChatRequestInit {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  /** A customer's chat token (X-Chat-Token). */
  token?: string | null;
  /** A consultant's bearer token. */
  bearer?: string;
}

/**
 * A call of /api/Chat through the API client, with the chat's own credentials instead of the
 * person's session. A refusal answers the server's Polish message; no answer at all (or one without
 * a message), the connection error.
 */
export async function chatRequest<T>(path: string, init: ChatRequestInit = {}): Promise<ApiAnswer<T>> {
  const { method = "GET", body, token, bearer } = init;
  const credentials: Record<string, string> = {
    ...(token ? { "x-chat-token": token } : {}),
    ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
  };
  try {
    return { ok: true, body: await api.request<T>(method, path, { body, quiet: true, credentials }) };
  } catch (e) {
    const refusal = e instanceof ApiRequestError ? (e.body as { ErrorMessage?: unknown } | null) : null;
    const message = typeof refusal?.ErrorMessage === "string" ? refusal.ErrorMessage : undefined;
    return { ok: false, message: message ?? chatTexts.connectionError, network: !message };
  }
}

// Browser-only: the browser's clock makes ids and spaces typing notices (nothing decided by it).
let seq = 0;
/** An id for a message the sender makes up, so a re-sent copy counts once. */
export const newClientId = () =>
  `${Date.now().toString(36)}-${(++seq).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The browser's end of the live chat, one per tab: availability, the ticket form, starting a chat,
 * the conversation over socket.io (namespace /chat) with its history, the statuses of the customer's
 * own messages, files, leaving and the rating. The socket reconnects by itself after a dropped
 * connection (also after an idle timeout); a first connection that fails is tried once more, then the
 * widget shows the connection error of spec section 8.
 */
/** Everything about one conversation, as before any. */
const NO_CHAT: Omit<ChatClientState, "online"> = {
  token: null,
  chat: null,
  events: [],
  outgoing: [],
  history: "INACTIVE",
  connection: "idle",
  ticketSent: false,
  agentTyping: false,
};

export class ChatClient extends PatchStore<ChatClientState> {
  private socket: ChatSocket | null = null;
  /** Whether the customer is looking at the conversation (open widget, visible page): marks "seen". */
  private looking = false;
  private typingSaidAt = 0;
  private agentTypingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super({ online: null, ...NO_CHAT });
  }

  /** On the first open: resumes a stored conversation, or asks whether consultants are online. */
  async resume(): Promise<void> {
    const token = readItem(CHAT_TOKEN_KEY);
    if (token && !this.state.token) {
      this.set({ token });
      await this.loadHistory();
      if (this.state.token) this.connect();
    }
    if (!this.state.token) await this.checkAvailability();
  }

  async checkAvailability(): Promise<void> {
    const r = await chatRequest<{ Online: boolean }>("/api/Chat/Availability");
    this.set({ online: r.ok ? r.body.Online : false });
  }

  private async loadHistory(): Promise<void> {
    this.set({ history: "LOADING" });
    const r = await chatRequest<{
      ChatId: number;
      Status: ChatStateDto["Status"];
      Rating: number | null;
      Events: ChatEventDto[];
    }>("/api/Chat/History", { token: this.state.token });
    if (!r.ok) {
      // An unknown chat (deleted, another database): start afresh.
      if (!r.network) this.forget();
      this.set({ history: "DONE" });
      return;
    }
    // Events of this chat that arrived over the hub while the history was on its way (the consultant
    // taking the chat just after it started) are newer than the answer: kept, not replaced.
    const sameChat = this.state.chat?.ChatId === r.body.ChatId;
    this.set({
      history: "DONE",
      events: sameChat ? mergeEvents(this.state.events, r.body.Events) : r.body.Events,
      chat: this.state.chat ?? {
        ChatId: r.body.ChatId,
        Status: r.body.Status,
        ConsultantName: null,
        EndReason: null,
        Rating: r.body.Rating,
        Position: null,
        WaitMinutes: null,
        // Older than any state of the hub: the first one replaces it.
        Version: 0,
      },
    });
  }

  /** The leave-a-message form. Answers an error message, or null when sent. */
  async sendTicket(values: ChatFormValues): Promise<string | null> {
    const r = await chatRequest<{ TicketId: number }>("/api/Chat/Tickets", {
      method: "POST",
      body: values,
    });
    if (r.ok) this.set({ ticketSent: true });
    return r.ok ? null : r.message;
  }

  /** The pre-chat form: starts the chat and connects. Answers an error message, or null. */
  async start(values: ChatFormValues): Promise<string | null> {
    const r = await chatRequest<{ ChatId: number; Token: string }>("/api/Chat/Start", {
      method: "POST",
      body: values,
    });
    if (!r.ok) return r.message;
    writeItem(CHAT_TOKEN_KEY, r.body.Token);
    this.set({ token: r.body.Token, events: [], outgoing: [], chat: null, history: "DONE" });
    await this.loadHistory();
    this.connect();
    return null;
  }

  /** Sends a message (or sends a refused one again with the same client id, so it counts once). */
  send(typed: string, retryOf?: string): void {
    // Invisible control characters pasted with a text would only get the message refused.
    const text = withoutControlCharacters(typed);
    const clientId = retryOf ?? newClientId();
    const outgoing = this.state.outgoing.filter((o) => o.clientId !== clientId);
    this.set({ outgoing: [...outgoing, { clientId, text, status: "sending" }] });
    const fail = () =>
      this.set({
        outgoing: this.state.outgoing.map((o) => (o.clientId === clientId ? { ...o, status: "failed" } : o)),
      });
    if (!this.socket?.connected) {
      fail();
      return;
    }
    this.socket.timeout(10_000).emit("send", { text, clientId }, (err, answer) => {
      if (err || isRefusal(answer)) {
        fail();
        return;
      }
      this.addEvents([answer.Event]);
      this.set({ outgoing: this.state.outgoing.filter((o) => o.clientId !== clientId) });
    });
  }

  /** A file: an image or a PDF. Answers an error message to show under the file, or null. */
  async sendFile(file: File): Promise<string | null> {
    const r = await chatRequest<{ Event: ChatEventDto }>(
      `/api/Chat/Files?name=${encodeURIComponent(file.name)}`,
      {
        method: "POST",
        body: file,
        token: this.state.token,
      },
    );
    if (!r.ok) return r.message;
    this.addEvents([r.body.Event]);
    return null;
  }

  /** Leaves the conversation (after the customer confirmed): the chat ends, the rating form follows. */
  async leave(): Promise<void> {
    const socket = this.socket;
    if (socket?.connected) await new Promise((resolve) => socket.timeout(5000).emit("leave", {}, resolve));
  }

  /** The post-chat form. Answers an error message, or null. */
  async rate(values: ChatFormValues): Promise<string | null> {
    const r = await chatRequest<{ Event: ChatEventDto }>("/api/Chat/Rate", {
      method: "POST",
      body: values,
      token: this.state.token,
    });
    if (!r.ok) return r.message;
    this.addEvents([r.body.Event]);
    this.set({ chat: this.state.chat && { ...this.state.chat, Rating: Number(values.rating) } });
    return null;
  }

  /**
   * The ended conversation by e-mail, to the address the chat was started with (the only one the
   * server takes). Answers that address, or the error message.
   */
  async mailTranscript(): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
    const r = await chatRequest<{ Ok: true; Email: string }>("/api/Chat/Transcript", {
      method: "POST",
      body: {},
      token: this.state.token,
    });
    return r.ok ? { ok: true, email: r.body.Email } : { ok: false, message: r.message };
  }

  /** 'otwórz czat ponownie': forgets the ended conversation, back to the first form. */
  async reset(): Promise<void> {
    this.forget();
    await this.checkAvailability();
  }

  /** The customer is typing: the consultant is told, at most every few seconds. */
  typing(): void {
    const now = Date.now();
    if (!this.socket?.connected || now - this.typingSaidAt < CHAT_TYPING_EVERY_MS) return;
    this.typingSaidAt = now;
    this.socket.emit("typing", {});
  }

  private agentTyped(typing: boolean) {
    clearTimeout(this.agentTypingTimer);
    if (typing) this.agentTypingTimer = setTimeout(() => this.agentTyped(false), CHAT_TYPING_SHOWN_MS);
    if (this.state.agentTyping !== typing) this.set({ agentTyping: typing });
  }

  /** The customer looks at the conversation (or stops): their unseen messages get "seen". */
  setLooking(looking: boolean): void {
    this.looking = looking;
    if (looking) this.markSeen();
  }

  private forget() {
    this.socket?.close();
    this.socket = null;
    window.removeEventListener("online", this.reconnectNow);
    writeItem(CHAT_TOKEN_KEY, null);
    this.set(NO_CHAT);
  }

  private addEvents(events: ChatEventDto[]) {
    this.set({ events: mergeEvents(this.state.events, events) });
    const fromAgent = events.filter((e) => e.Author === "agent").map((e) => e.Id);
    // What the consultant was typing has arrived (or the chat moved on): no longer 'pisze…'.
    if (fromAgent.length || events.some((e) => e.Author === "system")) this.agentTyped(false);
    if (fromAgent.length) {
      this.socket?.emit("delivered", { upTo: Math.max(...fromAgent) });
      if (this.looking) this.markSeen();
    }
  }

  private markSeen() {
    const unseen = this.state.events.filter((e) => e.Author === "agent" && e.Status !== "seen");
    if (unseen.length && this.socket?.connected)
      this.socket.emit("seen", { upTo: Math.max(...unseen.map((e) => e.Id)) });
  }

  private connect() {
    if (this.socket || typeof window === "undefined" || !this.state.token) return;
    let failures = 0;
    this.set({ connection: "connecting" });
    const socket: ChatSocket = io("/chat", {
      path: "/socket.io",
      transports: ["websocket"],
      auth: (cb) => cb({ token: this.state.token ?? "" }),
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
      // A connection attempt that ends without a WebSocket error (accepted, then closed before
      // socket.io's handshake, as by a process stopping at that moment) is only noticed by this
      // timeout: 5 s instead of socket.io's 20 s before the next try (ADR 022).
      timeout: 5000,
    });
    this.socket = socket;
    window.addEventListener("online", this.reconnectNow);
    socket.on("connect", () => {
      failures = 0;
      this.set({ connection: "connected" });
      // After a reconnect: whatever happened meanwhile comes with the history.
      void this.loadHistory().then(() => this.markSeen());
    });
    socket.on("disconnect", (reason) => {
      this.agentTyped(false);
      if (reason !== "io client disconnect") this.set({ connection: "reconnecting" });
    });
    socket.on("connect_error", (err) => {
      if (err.message === "chat-unknown") {
        this.forget();
        void this.checkAvailability();
        return;
      }
      // Never connected yet: one more try, then the error message (spec section 4 and 8).
      if (this.state.connection === "connecting" || this.state.connection === "failed") {
        failures++;
        if (failures >= 2) {
          socket.io.reconnection(false);
          this.set({ connection: "failed" });
        }
      } else this.set({ connection: "reconnecting" });
    });
    socket.on("event", (e) => this.addEvents([e]));
    socket.on("typing", (t) => {
      if (t.Author === "agent") this.agentTyped(true);
    });
    socket.on("status", (s) => this.set({ events: markEvents(this.state.events, s.Ids, s.Status) }));
    socket.on("chat", (chat) => {
      // A state read before the one shown (delivered late, from another process) is dropped.
      if (!replacesState(this.state.chat, chat)) return;
      this.set({ chat });
      // Nobody could take the chat at its start: the leave-a-message form is offered instead.
      if (chat.Status === "ended" && chat.EndReason === "noConsultants") this.set({ online: false });
    });
  }

  /**
   * The device is back on the network: try at once instead of at the end of socket.io's back-off
   * (up to 10 s after a longer outage), during which the customer would look at "ponowne łączenie…".
   */
  private reconnectNow = () => {
    if (this.state.connection === "reconnecting") this.socket?.disconnect().connect();
  };

  /** Tries the failed connection again (the button under the connection error). */
  retryConnection(): void {
    if (!this.socket) {
      this.connect();
      return;
    }
    this.set({ connection: "connecting" });
    this.socket.io.reconnection(true);
    this.socket.connect();
  }
}

export const chatClient = new ChatClient();
