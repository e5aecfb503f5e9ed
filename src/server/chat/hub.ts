import type { FastifyInstance } from "fastify";
import type { BiddingServer } from "../auctions/socket-server";
import { refuseUnsafeEvents } from "../http/socket-input";
import { PeriodicJob } from "../periodic-job";
import type { Services } from "../service-types";
import {
  type ChatNamespace,
  type ChatSocketData,
  CONSULTANTS,
  chatRoom,
  consultantRoom,
  LiveChat,
} from "./live";
import { CHAT_PRESENCE_EVERY_MS, type ChatLive } from "./service";
import {
  type ChatHubParts,
  type ChatSocket,
  consultantEvents,
  conversationEvents,
  customerEvents,
} from "./socket-events";

/**
 * The live chat on socket.io namespace /chat, on the site's port (spec sections 4 and 7). A customer
 * connects with the token of their chat (handshake auth.token), a consultant with their session token
 * (auth.consultantToken). Both sides of a chat share its room, so every event and state reaches them
 * at once, also across server processes (the PostgreSQL adapter of the bidding hub).
 *
 * Customer events: send {text, clientId}, delivered {upTo}, seen {upTo}, leave. Consultant events:
 * accept {chatId}, history {chatId}, send {chatId, text, clientId}, delivered/seen {chatId, upTo},
 * end {chatId}, online (who else is online), transfer {chatId, to, note}. Both: typing {chatId?} (throttled by the sender). Server events: event (a chat event),
 * status {ChatId, Ids, Status} (delivered/seen marks), chat (the widget's state), chats (the
 * consultants' list of open chats), typing {ChatId, Author} (the other side is typing), transferred
 * {ChatId, From, Note} (to the consultant a chat was handed to).
 */
export function attachChatHub(app: FastifyInstance, io: BiddingServer, services: Services): ChatLive {
  const { chat, config, clock } = services;
  // socket.io types every namespace with the server's event maps; /chat has maps of its own.
  const nsp = io.of("/chat") as unknown as ChatNamespace;
  const log = app.log;

  nsp.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; consultantToken?: unknown };
    try {
      if (typeof auth.consultantToken === "string") {
        const consultant = await chat.consultants.byToken(auth.consultantToken);
        if (!consultant) return next(new Error("consultant-unauthorized"));
        // The consultant's open chats are read here, so that the connection joins their rooms at once.
        const chats = await chat.chatsOf(consultant.id);
        socket.data = { role: "agent", consultant, chats } satisfies ChatSocketData;
        return next();
      }
      const row = typeof auth.token === "string" ? await chat.chatByToken(auth.token) : null;
      if (!row) return next(new Error("chat-unknown"));
      socket.data = { role: "customer", chatId: row.id } satisfies ChatSocketData;
      next();
    } catch (err) {
      log.warn({ err }, "Nie udało się połączyć z czatem");
      next(new Error("server-error"));
    }
  });

  const live = new LiveChat(nsp, chat, config, services.database, clock, log);
  const parts: ChatHubParts = { nsp, chat, live, clock, log };
  nsp.on("connection", (socket: ChatSocket) => {
    refuseUnsafeEvents(socket);
    const data = socket.data as ChatSocketData;
    // Rooms are joined and listeners registered before anything is awaited: a client may send its
    // first event as soon as it is connected.
    if (data.role === "customer") void socket.join(chatRoom(data.chatId));
    else {
      live.consultantBack(data.consultant.id);
      void socket.join([CONSULTANTS, consultantRoom(data.consultant.id), ...data.chats.map(chatRoom)]);
    }
    void (async () => {
      if (data.role === "agent") socket.emit("chats", await chat.openChats());
      else {
        const state = await live.stateNow(data.chatId);
        if (state) socket.emit("chat", state);
      }
    })().catch((err) => log.warn({ err }, "Nie udało się przygotować połączenia z czatem"));
    conversationEvents(socket, data, parts);
    if (data.role === "customer") customerEvents(socket, data.chatId, parts);
    else consultantEvents(socket, data.consultant, parts);
  });

  // The waiting customers connected to this process are noted as seen (a heartbeat every process
  // keeps for its own connections); then waiting chats whose customer is gone (a closed browser) leave
  // the queue, and chats whose customer went silent are closed for inactivity. A test that moves the
  // clock past a limit sees the chat closed without waiting (tests/api/chat-inactivity.test.ts).
  const sweep = new PeriodicJob({
    name: "zamykanie porzuconych i nieaktywnych rozmów czatu",
    everyMs: CHAT_PRESENCE_EVERY_MS,
    run: async () => {
      const waiting = new Set<number>();
      for (const socket of nsp.sockets.values()) {
        const data = socket.data as ChatSocketData | undefined;
        if (data?.role === "customer") waiting.add(data.chatId);
      }
      // One moment for the whole pass: a clock read again after the heartbeat's write could already be
      // past a customer's 45 s (a test moving the clock meanwhile) and end a connected customer's chat.
      const now = clock.now();
      await chat.customersSeen([...waiting], now);
      for (const e of await chat.endAbandoned(now)) await live.changed(e.ChatId, [e]);
      for (const e of await chat.closeInactive(now)) await live.changed(e.ChatId, [e]);
    },
    log: (msg, err) => log.warn({ err }, msg),
    runAtStart: false,
    clock,
  });
  sweep.start();
  app.addHook("onClose", async () => {
    await sweep.stop();
    await live.stop();
  });

  return live;
}
