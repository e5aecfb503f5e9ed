import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io";
import { CHAT_TYPING_EVERY_MS, type ChatTypingDto } from "../../domain/chat/dto";
import type { ChatClientEvents, ChatServerEvents } from "../../domain/chat/events";
import { ErrorCode } from "../../domain/errors";
import type { Clock } from "../clock";
import { ApiError, notFound, toApiError } from "../http/errors";
import type { Consultant } from "./consultants";
import { chatErrors } from "./errors";
import {
  type ChatNamespace,
  type ChatServerSideEvents,
  type ChatSocketData,
  CONSULTANTS,
  chatRoom,
  consultantRoom,
  type LiveChat,
} from "./live";
import type { ChatService } from "./service";

export type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, ChatServerSideEvents, ChatSocketData>;

/** What the event handlers of one connection work with. */
export interface ChatHubParts {
  nsp: ChatNamespace;
  chat: ChatService;
  live: LiveChat;
  clock: Clock;
  log: FastifyInstance["log"];
}

type Ack = (answer: unknown) => void;
const ackOf = (fn: unknown): Ack => (typeof fn === "function" ? (fn as Ack) : () => {});
/** An event's fields: a payload that is not an object (null, a number, a list) carries none. */
const fieldsOf = (input: unknown): Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
/**
 * The chat an event names: a whole number in the database's range (a numeric string too). Anything
 * else names no chat, so it is answered as one that does not exist instead of reaching the database
 * as NaN or a number its column cannot hold.
 */
const chatIdOf = (input: unknown): number => {
  const given = fieldsOf(input).chatId;
  const id = typeof given === "string" && /^\d{1,10}$/.test(given) ? Number(given) : given;
  if (typeof id === "number" && Number.isInteger(id) && id > 0 && id < 2 ** 31) return id;
  throw notFound(chatErrors.unknownChat);
};
/** Messages one connection may send per window. */
const SEND_LIMIT = 20;
const SEND_WINDOW_MS = 10_000;

/** Runs a socket event's work; a refused request answers {ErrorCode, ErrorMessage} like the API. */
async function answer(ack: Ack, work: () => Promise<unknown>, log: FastifyInstance["log"]) {
  try {
    ack(await work());
  } catch (err) {
    const refused = toApiError(err);
    if (refused.status >= 500) log.warn({ err }, "Zdarzenie czatu nie powiodło się");
    ack(refused.body());
  }
}

/** Both sides' events in a conversation: messages, typing, delivered and seen marks. */
export function conversationEvents(
  socket: ChatSocket,
  data: ChatSocketData,
  { nsp, chat, clock, log }: ChatHubParts,
) {
  // A flood of messages from one connection is refused (a person types far slower than this).
  const sent: number[] = [];
  // One connection's messages are stored and passed on one after another, in the order it sent them:
  // sent back to back, they would otherwise race to the database on separate connections of its
  // pool and reach the other side shuffled.
  let previous: Promise<void> = Promise.resolve();
  socket.on("send", (payload: unknown, ack) => {
    previous = previous.then(() => sendOne(payload, ack));
  });
  const sendOne = (payload: unknown, ack: unknown) =>
    answer(
      ackOf(ack),
      async () => {
        const now = clock.now().getTime();
        while (sent.length && sent[0] <= now - SEND_WINDOW_MS) sent.shift();
        if (sent.length >= SEND_LIMIT) throw new ApiError(429, ErrorCode.RateLimited, chatErrors.tooFast);
        sent.push(now);
        const row =
          data.role === "customer"
            ? await chat.chat(data.chatId)
            : await chat.assertConsultantChat(chatIdOf(payload), data.consultant);
        if (!row) throw new Error("chat vanished");
        const input = fieldsOf(payload);
        const { event, fresh } = await chat.send(row, data.role, input.text, input.clientId);
        if (fresh) nsp.to(chatRoom(row.id)).emit("event", event);
        return { Event: event };
      },
      log,
    );

  // Typing goes to the other side through the chat's room like a message does (so across processes
  // too), but is not stored. A consultant may only say it in a chat whose room they are in; a
  // connection saying it more often than clients do is not passed on every time.
  let lastTyping = 0;
  socket.on("typing", (input: unknown) => {
    const chatId = data.role === "customer" ? data.chatId : Number(fieldsOf(input).chatId);
    if (!socket.rooms.has(chatRoom(chatId))) return;
    const now = clock.now().getTime();
    if (now - lastTyping < CHAT_TYPING_EVERY_MS / 2) return;
    lastTyping = now;
    socket.to(chatRoom(chatId)).emit("typing", { ChatId: chatId, Author: data.role } satisfies ChatTypingDto);
  });

  for (const what of ["delivered", "seen"] as const) {
    socket.on(what, (input: unknown) => {
      void (async () => {
        const chatId =
          data.role === "customer"
            ? data.chatId
            : (await chat.assertConsultantChat(chatIdOf(input), data.consultant)).id;
        const { ids, status } = await chat.mark(chatId, data.role, Number(fieldsOf(input).upTo), what);
        if (ids.length) nsp.to(chatRoom(chatId)).emit("status", { ChatId: chatId, Ids: ids, Status: status });
      })().catch((err) => log.debug({ err }, "chat mark refused"));
    });
  }
}

/** The customer's own event: leaving the chat. */
export function customerEvents(socket: ChatSocket, chatId: number, { chat, live, log }: ChatHubParts) {
  socket.on("leave", (_input: unknown, ack) =>
    answer(
      ackOf(ack),
      async () => {
        const e = await chat.end(chatId, "customerLeft");
        if (e) await live.changed(chatId, [e]);
        return { Ok: true };
      },
      log,
    ),
  );
}

/** A consultant's events: taking a chat, its history, who else is online, handing it over, ending it. */
export function consultantEvents(socket: ChatSocket, consultant: Consultant, parts: ChatHubParts) {
  const { nsp, chat, live, log } = parts;
  socket.on("accept", (input: unknown, ack) =>
    answer(
      ackOf(ack),
      async () => {
        const chatId = chatIdOf(input);
        const e = await chat.accept(chatId, consultant);
        // Every connection of this consultant (other tabs too) joins the conversation.
        nsp.in(consultantRoom(consultant.id)).socketsJoin(chatRoom(chatId));
        await socket.join(chatRoom(chatId));
        await live.changed(chatId, [e]);
        return { History: await chat.history(chatId) };
      },
      log,
    ),
  );
  socket.on("history", (input: unknown, ack) =>
    answer(ackOf(ack), async () => ({ History: await chat.history(chatIdOf(input)) }), log),
  );
  // Who else is online now (for a transfer), across processes; each consultant once.
  socket.on("online", (_input: unknown, ack) =>
    answer(
      ackOf(ack),
      async () => {
        const seen = new Map<number, { Id: number; Name: string }>();
        for (const s of await nsp.in(CONSULTANTS).fetchSockets()) {
          const d = s.data as ChatSocketData;
          if (d.role === "agent" && d.consultant.id !== consultant.id)
            seen.set(d.consultant.id, { Id: d.consultant.id, Name: d.consultant.name });
        }
        return { Consultants: [...seen.values()].sort((a, b) => a.Name.localeCompare(b.Name, "pl")) };
      },
      log,
    ),
  );
  transferEvent(socket, consultant, parts);
  socket.on("end", (input: unknown, ack) =>
    answer(
      ackOf(ack),
      async () => {
        const row = await chat.assertConsultantChat(chatIdOf(input), consultant);
        const e = await chat.end(row.id, "chatEnded");
        if (e) await live.changed(row.id, [e]);
        return { Ok: true };
      },
      log,
    ),
  );
  socket.on("disconnect", () => live.consultantAway(consultant.id));
}

/**
 * A chat handed to another online consultant with a note for them (not for the customer, and not
 * stored: it travels to the new consultant's connections only).
 */
function transferEvent(socket: ChatSocket, consultant: Consultant, { nsp, chat, live, log }: ChatHubParts) {
  socket.on("transfer", (payload: unknown, ack) =>
    answer(
      ackOf(ack),
      async () => {
        const chatId = chatIdOf(payload);
        const input = fieldsOf(payload);
        const targetSockets = await nsp.in(consultantRoom(Number(input.to))).fetchSockets();
        const target = targetSockets.map((s) => s.data as ChatSocketData).find((d) => d.role === "agent");
        if (target?.role !== "agent")
          throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.transferOffline);
        const e = await chat.transfer(chatId, consultant, target.consultant);
        nsp.in(consultantRoom(target.consultant.id)).socketsJoin(chatRoom(chatId));
        nsp.in(consultantRoom(consultant.id)).socketsLeave(chatRoom(chatId));
        const note = typeof input.note === "string" ? input.note.trim().slice(0, 500) : "";
        nsp
          .to(consultantRoom(target.consultant.id))
          .emit("transferred", { ChatId: chatId, From: consultant.name, Note: note });
        await live.changed(chatId, [e]);
        return { Ok: true };
      },
      log,
    ),
  );
}
