import { and, asc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { CHAT_MESSAGE_MAX_LENGTH, type ChatEventDto, type ChatSummary } from "../../domain/chat/dto";
import { checkChatFile, storedFileName } from "../../domain/chat/files";
import { type ChatForm, type ChatFormValues, chatForms, checkChatForm } from "../../domain/chat/forms";
import { type SystemMessageType, systemMessages } from "../../domain/chat/texts";
import { ErrorCode } from "../../domain/errors";
import { formatApiDateTime } from "../../domain/format";
import { randomToken, tokenHash } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { chatConsultants, chatEvents, chatFiles, chats, chatTickets } from "../db/schema/index";
import { ApiError, badRequest, notFound } from "../http/errors";
import { countRecipientMail, enforceRecipientLimit, recipientLimitedMessages } from "../mail/recipient-limit";
import type { MailService } from "../service-types";
import { CannedAnswers } from "./canned-answers";
import { ChatConsultants, type Consultant, type PanelSessions } from "./consultants";
import { chatErrors } from "./errors";
import { chatTicketCustomerMail, chatTicketSalesMail, chatTranscriptMail } from "./mails";

/**
 * A waiting customer unseen this long has closed the browser: their chat leaves the queue. Each process
 * notes its connected customers every CHAT_PRESENCE_EVERY_MS, and the look that ends the unseen runs as
 * often, so a closed browser leaves the queue within a minute (45 s plus at most one round).
 */
export const CUSTOMER_GONE_MS = 45_000;
export const CHAT_PRESENCE_EVERY_MS = 15_000;

/** The live side of the chat that the API calls after a change (made by attachChatHub, handed to the chat API). */
export interface ChatLive {
  online(): Promise<boolean>;
  /** New events of a chat, then its state pushed to both sides and the queue refreshed. */
  changed(chatId: number, events: ChatEventDto[]): Promise<void>;
  /** The same for a chat just started, which ends at once when nobody is online. */
  started(chatId: number, events: ChatEventDto[]): Promise<void>;
}

type EventRow = typeof chatEvents.$inferSelect;
type ChatRow = typeof chats.$inferSelect;

export function eventDto(e: EventRow): ChatEventDto {
  return {
    Id: e.id,
    ChatId: e.chatId,
    Kind: e.kind,
    Author: e.author,
    Text: e.text,
    Payload: e.payload ?? null,
    ClientId: e.clientId,
    CreatedAt: formatApiDateTime(e.createdAt),
    CreatedAtUtc: e.createdAt.toISOString(),
    Status: e.seenAt ? "seen" : e.deliveredAt ? "delivered" : "sent",
  };
}

/** A form's first problem as the API's 400 naming the field (the widget checks with the same rules). */
function formError(form: ChatForm, input: unknown): ChatFormValues {
  const { errors, values } = checkChatForm(form, input);
  const fields = Object.keys(errors);
  if (fields.length) {
    throw badRequest(`Pole ${fields[0]}: ${errors[fields[0]]}`);
  }
  return values;
}

/**
 * The live chat with consultants: tickets left while nobody is online, chats from the pre-chat form
 * through the queue to a consultant and the post-chat rating, their events (messages, files, system
 * messages, the filled form) with delivered and seen marks, and consultants' sign-in. The live side
 * (who is online, pushing events) is src/server/chat/hub.ts.
 */
export class ChatService {
  /** The console's canned answers. */
  readonly canned: CannedAnswers;
  /** Consultants (staff members) and their console sessions. */
  readonly consultants: ChatConsultants;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    panelSessions: PanelSessions,
    private readonly clock: Clock,
  ) {
    this.canned = new CannedAnswers(db);
    this.consultants = new ChatConsultants(db, panelSessions, clock);
  }

  // --- offline tickets ---------------------------------------------------------------------

  /** The leave-a-message form: stored, then mailed to the sales inbox and to the customer (outbox). */
  async createTicket(input: unknown): Promise<{ TicketId: number }> {
    const v = formError(chatForms.ticket, input);
    const ticket = { name: String(v.name), email: String(v.email), message: String(v.message) };
    // Over the recipient's limit the message still reaches sales; only the customer's copy is left
    // out, silently (mail/recipient-limit.ts): the real owner of a flooded address is not turned away.
    const confirm =
      (await countRecipientMail(
        { db: this.db, config: this.config, clock: this.clock },
        "ChatTicketConfirmation",
        ticket.email,
      )) === null;
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(chatTickets).values(ticket).returning({ id: chatTickets.id });
      await this.mail.enqueue(tx, chatTicketSalesMail(this.config.SALES_EMAIL, row.id, ticket));
      if (confirm) await this.mail.enqueue(tx, chatTicketCustomerMail(ticket.email, row.id, ticket.name));
      return row.id;
    });
    this.mail.wake();
    return { TicketId: id };
  }

  // --- chats -------------------------------------------------------------------------------

  /**
   * Starts a chat from the pre-chat form: the chat waits in the queue, its first events are the filled
   * form and the question as the customer's first message. Answers the customer's secret token.
   */
  async start(input: unknown): Promise<{ chat: ChatRow; token: string; events: ChatEventDto[] }> {
    const v = formError(chatForms.prechat, input);
    const token = randomToken();
    return this.db.transaction(async (tx) => {
      const [chat] = await tx
        .insert(chats)
        .values({
          tokenHash: tokenHash(token),
          customerName: String(v.name),
          customerEmail: v.email ? String(v.email) : null,
          topic: String(v.topic),
          // The service's clock, not the database's: the sweeps compare these with it.
          lastActivityAt: this.clock.now(),
          customerSeenAt: this.clock.now(),
        })
        .returning();
      const events = await tx
        .insert(chatEvents)
        .values([
          {
            chatId: chat.id,
            kind: "filled_form",
            author: "customer",
            payload: { Form: "prechat", Values: v },
          },
          { chatId: chat.id, kind: "message", author: "customer", text: String(v.question) },
        ])
        .returning();
      return { chat, token, events: events.map(eventDto) };
    });
  }

  async chatByToken(token: string | undefined): Promise<ChatRow | null> {
    if (!token) return null;
    const [row] = await this.db
      .select()
      .from(chats)
      .where(eq(chats.tokenHash, tokenHash(token)));
    return row ?? null;
  }

  async chat(id: number): Promise<ChatRow | null> {
    const [row] = await this.db.select().from(chats).where(eq(chats.id, id));
    return row ?? null;
  }

  async summary(id: number): Promise<ChatSummary | null> {
    return (await this.summaries(sql`${chats.id} = ${id}`))[0] ?? null;
  }

  /** Open chats for the consultants' console: the queue (oldest first) and the ones being answered. */
  async openChats(): Promise<ChatSummary[]> {
    return this.summaries(ne(chats.status, "ended"));
  }

  private async summaries(where: ReturnType<typeof sql>): Promise<ChatSummary[]> {
    const rows = await this.db
      .select({ chat: chats, consultantName: chatConsultants.name })
      .from(chats)
      .leftJoin(chatConsultants, eq(chatConsultants.id, chats.consultantId))
      .where(where)
      .orderBy(asc(chats.createdAt), asc(chats.id));
    return rows.map(({ chat, consultantName }) => ({
      ChatId: chat.id,
      Status: chat.status,
      CustomerName: chat.customerName,
      Topic: chat.topic,
      ConsultantId: chat.consultantId,
      ConsultantName: consultantName,
      CreatedAt: formatApiDateTime(chat.createdAt),
      CreatedAtUtc: chat.createdAt.toISOString(),
      EndReason: chat.endReason,
      Rating: chat.rating,
    }));
  }

  /** Queued chats' ids, first in line first: a chat's position is its index + 1. */
  async queue(): Promise<number[]> {
    const rows = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(eq(chats.status, "queued"))
      .orderBy(asc(chats.createdAt), asc(chats.id));
    return rows.map((r) => r.id);
  }

  async history(chatId: number): Promise<ChatEventDto[]> {
    const rows = await this.db
      .select()
      .from(chatEvents)
      .where(eq(chatEvents.chatId, chatId))
      .orderBy(asc(chatEvents.id));
    return rows.map(eventDto);
  }

  /** A consultant takes a queued chat (the first to take it gets it). */
  async accept(chatId: number, consultant: Consultant): Promise<ChatEventDto> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .update(chats)
        .set({ status: "active", consultantId: consultant.id, acceptedAt: this.clock.now() })
        .where(and(eq(chats.id, chatId), eq(chats.status, "queued")))
        .returning({ id: chats.id });
      if (!taken) {
        const [chat] = await tx.select({ status: chats.status }).from(chats).where(eq(chats.id, chatId));
        if (!chat) throw notFound(chatErrors.unknownChat);
        throw new ApiError(
          409,
          ErrorCode.ChatUnavailable,
          chat.status === "ended" ? chatErrors.ended : chatErrors.taken,
        );
      }
      return this.system(tx, chatId, "taken", { ConsultantName: consultant.name });
    });
  }

  /**
   * Hands an active chat from one consultant to another (who the hub found online). The customer is
   * told with a line of its own (not the one of a chat first taken), naming the new consultant.
   */
  async transfer(chatId: number, from: Consultant, to: Consultant): Promise<ChatEventDto> {
    if (to.id === from.id) throw badRequest(chatErrors.transferSelf);
    await this.assertConsultantChat(chatId, from);
    return this.db.transaction(async (tx) => {
      // Checked again in the update: the chat may have ended or moved meanwhile.
      const [moved] = await tx
        .update(chats)
        .set({ consultantId: to.id })
        .where(and(eq(chats.id, chatId), eq(chats.status, "active"), eq(chats.consultantId, from.id)))
        .returning({ id: chats.id });
      if (!moved) throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.ended);
      return this.system(tx, chatId, "transferred", { ConsultantName: to.name });
    });
  }

  /** May this consultant write in this chat? Answers the chat. */
  async assertConsultantChat(chatId: number, consultant: Consultant): Promise<ChatRow> {
    const chat = await this.chat(chatId);
    if (!chat) throw notFound(chatErrors.unknownChat);
    if (chat.status === "ended") throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.ended);
    if (chat.consultantId !== consultant.id)
      throw new ApiError(403, ErrorCode.ChatNotYours, chatErrors.notYours);
    return chat;
  }

  /**
   * A message of the customer or the consultant. The sender's client id makes a re-sent message (its
   * answer was lost) count once: the stored event is answered again.
   */
  async send(
    chat: ChatRow,
    author: "customer" | "agent",
    text: unknown,
    clientId: unknown,
  ): Promise<{ event: ChatEventDto; fresh: boolean }> {
    if (chat.status === "ended") throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.ended);
    const body = typeof text === "string" ? text.trim() : "";
    if (!body) throw badRequest(chatErrors.emptyMessage);
    if (body.length > CHAT_MESSAGE_MAX_LENGTH) throw badRequest(chatErrors.longMessage);
    const cid = typeof clientId === "string" && clientId.length <= 64 ? clientId : null;
    try {
      // The customer's last activity is written beside the message, not after it: the message
      // reaches the other side one database round trip sooner.
      const [[row]] = await Promise.all([
        this.db
          .insert(chatEvents)
          .values({ chatId: chat.id, kind: "message", author, text: body, clientId: cid })
          .returning(),
        author === "customer" ? this.touch(chat.id) : null,
      ]);
      return { event: eventDto(row), fresh: true };
    } catch (err) {
      if (!cid || !isUniqueViolation(err)) throw err;
      const [row] = await this.db
        .select()
        .from(chatEvents)
        .where(and(eq(chatEvents.chatId, chat.id), eq(chatEvents.clientId, cid)));
      return { event: eventDto(row), fresh: false };
    }
  }

  /** A file sent in a chat: stored, then announced as a file event linking to it. */
  async sendFile(
    chat: ChatRow,
    author: "customer" | "agent",
    file: { name: string; data: Buffer },
  ): Promise<ChatEventDto> {
    if (chat.status === "ended") throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.ended);
    const name = storedFileName(file.name);
    // By name and content: the type the sender claimed is not trusted, nor stored.
    const checked = checkChatFile(name, file.data);
    if (!checked.ok) throw badRequest(checked.message);
    const contentType = checked.contentType;
    return this.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(chatFiles)
        .values({ chatId: chat.id, name, contentType, data: file.data })
        .returning({ id: chatFiles.id });
      const [row] = await tx
        .insert(chatEvents)
        .values({
          chatId: chat.id,
          kind: "file",
          author,
          text: name,
          payload: {
            Id: stored.id,
            Name: name,
            ContentType: contentType,
            Size: file.data.length,
            Url: `/api/Chat/Files/${stored.id}`,
          },
        })
        .returning();
      if (author === "customer") await this.touch(chat.id, tx);
      return eventDto(row);
    });
  }

  async file(
    id: string,
  ): Promise<{ chatId: number; name: string; contentType: string; data: Buffer } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.db.select().from(chatFiles).where(eq(chatFiles.id, id));
    return row ?? null;
  }

  /**
   * The reader has received (delivered) or looked at (seen) the other side's events up to an id.
   * Answers the events whose mark changed, for the sender's status.
   */
  async mark(
    chatId: number,
    reader: "customer" | "agent",
    upTo: number,
    what: "delivered" | "seen",
  ): Promise<{ ids: number[]; status: "delivered" | "seen" }> {
    if (!Number.isSafeInteger(upTo) || upTo <= 0) return { ids: [], status: what };
    const now = this.clock.now();
    const column = what === "seen" ? chatEvents.seenAt : chatEvents.deliveredAt;
    const rows = await this.db
      .update(chatEvents)
      .set(
        what === "seen"
          ? { seenAt: now, deliveredAt: sql`coalesce(${chatEvents.deliveredAt}, ${now})` }
          : { deliveredAt: now },
      )
      .where(
        and(
          eq(chatEvents.chatId, chatId),
          lte(chatEvents.id, upTo),
          eq(chatEvents.author, reader === "customer" ? "agent" : "customer"),
          sql`${column} is null`,
        ),
      )
      .returning({ id: chatEvents.id });
    if (reader === "customer") await this.touch(chatId);
    return { ids: rows.map((r) => r.id), status: what };
  }

  /** Ends a chat with a reason; null when it had ended already. */
  async end(chatId: number, reason: SystemMessageType): Promise<ChatEventDto | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chats)
        .set({ status: "ended", endReason: reason, endedAt: this.clock.now() })
        .where(and(eq(chats.id, chatId), ne(chats.status, "ended")))
        .returning({ id: chats.id });
      return row ? this.system(tx, chatId, reason) : null;
    });
  }

  /** The consultant is gone: the chat goes back to the queue for another consultant. */
  async requeue(chatId: number): Promise<ChatEventDto | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chats)
        .set({ status: "queued", consultantId: null, acceptedAt: null })
        .where(and(eq(chats.id, chatId), eq(chats.status, "active")))
        .returning({ id: chats.id });
      return row ? this.system(tx, chatId, "agentLost") : null;
    });
  }

  /** The open chats of a consultant. */
  async chatsOf(consultantId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.consultantId, consultantId), eq(chats.status, "active")));
    return rows.map((r) => r.id);
  }

  /** The post-chat form: a rating 1-5 and a comment, once, after the chat has ended. */
  async rate(chat: ChatRow, input: unknown): Promise<ChatEventDto> {
    const v = formError(chatForms.postchat, input);
    const rating = Number(v.rating);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(chats)
        .set({ rating, ratingComment: String(v.comment ?? "") || null })
        .where(and(eq(chats.id, chat.id), eq(chats.status, "ended"), sql`${chats.rating} is null`))
        .returning({ id: chats.id });
      if (!row) {
        throw new ApiError(
          409,
          ErrorCode.ChatUnavailable,
          chat.status === "ended"
            ? "Ta rozmowa została już oceniona."
            : "Rozmowę można ocenić po jej zakończeniu.",
        );
      }
      await tx.insert(chatEvents).values({
        chatId: chat.id,
        kind: "filled_form",
        author: "customer",
        payload: { Form: "postchat", Values: v },
      });
      return this.system(tx, chat.id, rating >= 4 ? "ratedGood" : "ratedBad");
    });
  }

  /**
   * The ended conversation mailed to the address the chat was started with, and no other: the
   * transcript holds text the visitor wrote, so an address typed at the end would let anyone mail
   * their own words to strangers. Limited per recipient too (429, mail/recipient-limit.ts).
   * Answers the address it went to.
   */
  async mailTranscript(chat: ChatRow): Promise<string> {
    // Without an address it can never be sent: said first, rather than "after the end".
    const to = chat.customerEmail;
    if (!to) throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.noTranscriptAddress);
    if (chat.status !== "ended") {
      throw new ApiError(409, ErrorCode.ChatUnavailable, "Zapis rozmowy można wysłać po jej zakończeniu.");
    }
    await enforceRecipientLimit(
      { db: this.db, config: this.config, clock: this.clock },
      "ChatTranscript",
      to,
      recipientLimitedMessages.ChatTranscript,
    );
    const summary = await this.summary(chat.id);
    const mail = chatTranscriptMail(
      to,
      {
        id: chat.id,
        createdAt: chat.createdAt,
        customerName: chat.customerName,
        consultantName: summary?.ConsultantName ?? null,
      },
      await this.history(chat.id),
    );
    await this.mail.enqueue(this.db, mail);
    this.mail.wake();
    return to;
  }

  /** Chats whose customer has been silent too long: ended for inactivity. Answers their closing events. */
  async closeInactive(now = this.clock.now()): Promise<ChatEventDto[]> {
    const limit = new Date(now.getTime() - this.config.CHAT_INACTIVITY_MINUTES * 60_000);
    const stale = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(ne(chats.status, "ended"), lt(chats.lastActivityAt, limit)));
    return this.endEach(
      stale.map((c) => c.id),
      "inactivity",
    );
  }

  /** The customers of these waiting chats are connected now (their process's heartbeat). */
  async customersSeen(chatIds: number[], now = this.clock.now()): Promise<void> {
    if (!chatIds.length) return;
    await this.db
      .update(chats)
      .set({ customerSeenAt: now })
      .where(and(inArray(chats.id, chatIds), eq(chats.status, "queued")));
  }

  /**
   * Waiting chats whose customer has not been connected for CUSTOMER_GONE_MS (a closed browser):
   * ended as left by the customer, so those behind them move up. Answers their closing events.
   */
  async endAbandoned(now = this.clock.now()): Promise<ChatEventDto[]> {
    const limit = new Date(now.getTime() - CUSTOMER_GONE_MS);
    const gone = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.status, "queued"), lt(chats.customerSeenAt, limit)));
    return this.endEach(
      gone.map((c) => c.id),
      "customerLeft",
    );
  }

  /** Queued chats all ended (nobody is online to answer them). */
  async endQueued(): Promise<ChatEventDto[]> {
    return this.endEach(await this.queue(), "noConsultants");
  }

  /** Ends each chat for one reason; answers the closing events of those not ended meanwhile. */
  private async endEach(chatIds: number[], reason: SystemMessageType): Promise<ChatEventDto[]> {
    const closed: ChatEventDto[] = [];
    for (const id of chatIds) {
      const e = await this.end(id, reason);
      if (e) closed.push(e);
    }
    return closed;
  }

  private async touch(chatId: number, tx: Db | Tx = this.db): Promise<void> {
    await tx.update(chats).set({ lastActivityAt: this.clock.now() }).where(eq(chats.id, chatId));
  }

  private async system(
    tx: Db | Tx,
    chatId: number,
    type: SystemMessageType,
    extra: Record<string, unknown> = {},
  ): Promise<ChatEventDto> {
    const [row] = await tx
      .insert(chatEvents)
      .values({
        chatId,
        kind: "system_message",
        author: "system",
        text: systemMessages[type],
        payload: { Type: type, ...extra },
      })
      .returning();
    return eventDto(row);
  }
}
