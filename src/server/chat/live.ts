import type { FastifyInstance } from "fastify";
import type { Namespace } from "socket.io";
import type { ChatStateDto, ChatSummary } from "../../domain/chat/dto";
import type { ChatClientEvents, ChatServerEvents } from "../../domain/chat/events";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { PeriodicJob } from "../periodic-job";
import type { Consultant } from "./consultants";
import type { ChatLive, ChatService } from "./service";

export type ChatSocketData =
  | { role: "customer"; chatId: number }
  | { role: "agent"; consultant: Consultant; chats: number[] };

/** Events between processes (LISTS_CHANGED below). */
export interface ChatServerSideEvents {
  "chat:listsChanged": () => void;
}
export type ChatNamespace = Namespace<
  ChatClientEvents,
  ChatServerEvents,
  ChatServerSideEvents,
  ChatSocketData
>;

export const chatRoom = (id: number) => `chat:${id}`;
export const CONSULTANTS = "consultants";
export const consultantRoom = (id: number) => `consultant:${id}`;
/**
 * The consultants' list and the places in line are sent at most this often by each process (a burst
 * of chats starting or being taken is sent as one update), and once in a while anyway.
 */
const LISTS_SPACING_MS = 150;
const LISTS_EVERY_MS = 15_000;
/** Server-side event between processes: the open chats changed, send your connections the lists. */
const LISTS_CHANGED = "chat:listsChanged";
/** How long another process's answer to "is a consultant online?" is trusted. */
const REMOTE_ONLINE_TRUSTED_MS = 2_000;
/** The waiting chats' ids, first in line first (open chats come oldest first). */
const queueOf = (open: ChatSummary[]) => open.filter((c) => c.Status === "queued").map((c) => c.ChatId);

/**
 * The chat's live side on namespace /chat: whether a consultant is online, a chat's changes pushed to
 * both its sides, the consultants' list and the places in line kept current, and the handover of a
 * consultant's chats when their connection stays away.
 */
export class LiveChat implements ChatLive {
  private remote: { at: number; answer: Promise<boolean> } | null = null;
  private readonly lists: PeriodicJob<void>;
  private changes = 0;
  private skipped = false;
  private readonly clustered: boolean;
  /** A consultant whose connection dropped gets a grace period to come back before their chats move. */
  private readonly graceTimers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly nsp: ChatNamespace,
    private readonly chat: ChatService,
    private readonly config: Config,
    database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyInstance["log"],
  ) {
    this.lists = new PeriodicJob({
      name: "listy rozmów czatu",
      everyMs: LISTS_EVERY_MS,
      runAtStart: false,
      log: (msg, err) => log.warn({ err }, msg),
      run: () => this.sendLists(),
    });
    this.lists.start();
    this.clustered = database.kind === "postgres" && Boolean(database.listenPool);
    if (this.clustered) nsp.on(LISTS_CHANGED, () => this.listsChanged());
  }

  /**
   * Whether a consultant is online: this process's own connections first; the other processes are
   * asked (a request through PostgreSQL, answered within seconds under load) only when none is here,
   * and their answer is shared by the calls of the next moments instead of one request per visitor.
   * No answer in time counts as nobody: the visitor gets the leave-a-message form, not an error.
   */
  async online(): Promise<boolean> {
    if ((this.nsp.adapter.rooms.get(CONSULTANTS)?.size ?? 0) > 0) return true;
    if (!this.remote || this.clock.now().getTime() - this.remote.at > REMOTE_ONLINE_TRUSTED_MS) {
      const answer = this.nsp
        .in(CONSULTANTS)
        .fetchSockets()
        .then(
          (sockets) => sockets.length > 0,
          (err) => {
            this.log.warn({ err }, "Inne procesy nie odpowiedziały, czy konsultant jest dostępny");
            return false;
          },
        );
      this.remote = { at: this.clock.now().getTime(), answer };
    }
    return this.remote.answer;
  }

  /** A chat's new events and state go to both its sides; the lists change in every process. */
  async changed(chatId: number, events: Parameters<ChatLive["changed"]>[1]): Promise<void> {
    this.listsChanged();
    if (this.clustered) this.nsp.serverSideEmit(LISTS_CHANGED);
    for (const e of events) this.nsp.to(chatRoom(chatId)).emit("event", e);
    const state = await this.stateNow(chatId);
    if (state) this.nsp.to(chatRoom(chatId)).emit("chat", state);
  }

  /** A chat was started: announced, and ended at once when nobody is online (the widget then offers the ticket form). */
  async started(chatId: number, events: Parameters<ChatLive["started"]>[1]): Promise<void> {
    await this.changed(chatId, events);
    if (await this.online()) return;
    const ended = await this.chat.end(chatId, "noConsultants");
    if (ended) await this.changed(chatId, [ended]);
  }

  /** A chat's state for its widget (its place in line read only while it waits). */
  async stateNow(chatId: number): Promise<ChatStateDto | null> {
    const readAt = this.clock.now().getTime();
    const summary = await this.chat.summary(chatId);
    return (
      summary && this.stateOf(summary, summary.Status === "queued" ? await this.chat.queue() : [], readAt)
    );
  }

  /** A consultant connected: a handover waiting for their return is called off. */
  consultantBack(consultantId: number): void {
    clearTimeout(this.graceTimers.get(consultantId));
    this.graceTimers.delete(consultantId);
  }

  /** A consultant's connection dropped: their chats move after the grace period unless they come back. */
  consultantAway(consultantId: number): void {
    clearTimeout(this.graceTimers.get(consultantId));
    this.graceTimers.set(
      consultantId,
      setTimeout(
        () =>
          void this.consultantGone(consultantId).catch((err) =>
            this.log.warn({ err }, "Nie udało się przekazać rozmowy czatu"),
          ),
        this.config.CHAT_CONSULTANT_GRACE_SECONDS * 1000,
      ),
    );
  }

  async stop(): Promise<void> {
    await this.lists.stop();
    for (const t of this.graceTimers.values()) clearTimeout(t);
  }

  /** `readAt`: the clock when the read began, the state's version (ChatStateDto.Version). */
  private stateOf(s: ChatSummary, queue: number[], readAt: number): ChatStateDto {
    const position = s.Status === "queued" ? queue.indexOf(s.ChatId) + 1 || null : null;
    return {
      ChatId: s.ChatId,
      Status: s.Status,
      ConsultantName: s.ConsultantName,
      EndReason: s.EndReason,
      Rating: s.Rating,
      Position: position,
      WaitMinutes: position ? position * this.config.CHAT_MINUTES_PER_QUEUED : null,
      Version: readAt,
    };
  }

  /**
   * The consultants' list of open chats and every waiting customer's place in line, to this process's
   * own connections, from one read of the open chats. A change anywhere wakes it in every process (one
   * server-side event between processes, not a message per connection); changes while it runs are
   * sent by one more pass after it.
   */
  private async sendLists() {
    const seen = this.changes;
    const readAt = this.clock.now().getTime();
    const open = await this.chat.openChats();
    // Read before a change this process has just acknowledged (a chat taken): not sent, since it
    // would show the chat as still waiting after the consultant took it; the pass after it sends.
    // Only once in a row, so that a stream of changes cannot hold the lists back.
    if (seen !== this.changes && !this.skipped) this.skipped = true;
    else {
      this.skipped = false;
      this.nsp.local.to(CONSULTANTS).emit("chats", open);
      const queue = queueOf(open);
      for (const s of open) {
        if (s.Status === "queued")
          this.nsp.local.to(chatRoom(s.ChatId)).emit("chat", this.stateOf(s, queue, readAt));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LISTS_SPACING_MS));
  }

  private listsChanged() {
    this.changes++;
    void this.lists.wake();
  }

  private async consultantGone(consultantId: number) {
    this.graceTimers.delete(consultantId);
    if ((await this.nsp.in(consultantRoom(consultantId)).fetchSockets()).length > 0) return;
    const someoneElse = await this.online();
    for (const id of await this.chat.chatsOf(consultantId)) {
      const e = someoneElse ? await this.chat.requeue(id) : await this.chat.end(id, "noConsultants");
      if (e) await this.changed(id, [e]);
    }
    if (!someoneElse) for (const e of await this.chat.endQueued()) await this.changed(e.ChatId, [e]);
  }
}
