import type { FastifyInstance } from "fastify";
import type { Namespace, Socket } from "socket.io";
import {
  CHAT_TYPING_EVERY_MS,
  type ChatStateDto,
  type ChatSummary,
  type ChatTypingDto,
} from "../../domain/chat/dto";
import type { ChatClientEvents, ChatServerEvents } from "../../domain/chat/events";
import { ErrorCode } from "../../domain/errors";
import type { BiddingServer } from "../auctions/hub";
import { ApiError, notFound, toApiError } from "../http/errors";
import { refuseUnsafeEvents } from "../http/socket-input";
import { PeriodicJob } from "../periodic-job";
import type { Services } from "../services";
import type { Consultant } from "./consultants";
import { chatErrors } from "./errors";
import type { ChatLive } from "./service";

type SocketData =
  | { role: "customer"; chatId: number }
  | { role: "agent"; consultant: Consultant; chats: number[] };

/** Events between processes (LISTS_CHANGED below). */
interface ChatServerSideEvents {
  "chat:listsChanged": () => void;
}
type ChatNamespace = Namespace<ChatClientEvents, ChatServerEvents, ChatServerSideEvents, SocketData>;
type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, ChatServerSideEvents, SocketData>;

type Ack = (answer: unknown) => void;
const ackOf = (fn: unknown): Ack => (typeof fn === "function" ? (fn as Ack) : () => {});
const chatRoom = (id: number) => `chat:${id}`;
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
const CONSULTANTS = "consultants";
const consultantRoom = (id: number) => `consultant:${id}`;
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

/** Runs a socket event's work; a refused request answers {ErrorCode, ErrorMessage} like the API. */
async function answer(ack: Ack, work: () => Promise<unknown>, log: FastifyInstance["log"]) {
  try {
    ack(await work());
  } catch (err) {
    const refused = toApiError(err);
    if (refused.status >= 500) log.warn({ err }, "chat event failed");
    ack(refused.body());
  }
}

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
        socket.data = { role: "agent", consultant, chats } satisfies SocketData;
        return next();
      }
      const row = typeof auth.token === "string" ? await chat.chatByToken(auth.token) : null;
      if (!row) return next(new Error("chat-unknown"));
      socket.data = { role: "customer", chatId: row.id } satisfies SocketData;
      next();
    } catch (err) {
      log.warn({ err }, "chat handshake failed");
      next(new Error("server-error"));
    }
  });

  // Whether a consultant is online: this process's own connections first; the other processes are
  // asked (a request through PostgreSQL, answered within seconds under load) only when none is here,
  // and their answer is shared by the calls of the next moments instead of one request per visitor.
  // No answer in time counts as nobody: the visitor gets the leave-a-message form, not an error.
  let remote: { at: number; answer: Promise<boolean> } | null = null;
  const online = async (): Promise<boolean> => {
    if ((nsp.adapter.rooms.get(CONSULTANTS)?.size ?? 0) > 0) return true;
    if (!remote || clock.now().getTime() - remote.at > REMOTE_ONLINE_TRUSTED_MS) {
      const answer = nsp
        .in(CONSULTANTS)
        .fetchSockets()
        .then(
          (sockets) => sockets.length > 0,
          (err) => {
            log.warn({ err }, "the other processes did not say whether a consultant is online");
            return false;
          },
        );
      remote = { at: clock.now().getTime(), answer };
    }
    return remote.answer;
  };

  const stateOf = (s: ChatSummary, queue: number[]): ChatStateDto => {
    const position = s.Status === "queued" ? queue.indexOf(s.ChatId) + 1 || null : null;
    return {
      ChatId: s.ChatId,
      Status: s.Status,
      ConsultantName: s.ConsultantName,
      EndReason: s.EndReason,
      Rating: s.Rating,
      Position: position,
      WaitMinutes: position ? position * config.CHAT_MINUTES_PER_QUEUED : null,
    };
  };

  /** A chat's state for its widget (its place in line read only while it waits). */
  const stateNow = async (chatId: number): Promise<ChatStateDto | null> => {
    const summary = await chat.summary(chatId);
    return summary && stateOf(summary, summary.Status === "queued" ? await chat.queue() : []);
  };

  /**
   * The consultants' list of open chats and every waiting customer's place in line, to this process's
   * own connections, from one read of the open chats. A change anywhere wakes it in every process (one
   * server-side event between processes, not a message per connection); changes while it runs are
   * sent by one more pass after it.
   */
  const lists = new PeriodicJob({
    name: "chat lists",
    everyMs: LISTS_EVERY_MS,
    runAtStart: false,
    log: (msg, err) => log.warn({ err }, msg),
    run: async () => {
      const seen = changes;
      const open = await chat.openChats();
      // Read before a change this process has just acknowledged (a chat taken): not sent, since it
      // would show the chat as still waiting after the consultant took it; the pass after it sends.
      // Only once in a row, so that a stream of changes cannot hold the lists back.
      if (seen !== changes && !skipped) skipped = true;
      else {
        skipped = false;
        nsp.local.to(CONSULTANTS).emit("chats", open);
        const queue = queueOf(open);
        for (const s of open) {
          if (s.Status === "queued") nsp.local.to(chatRoom(s.ChatId)).emit("chat", stateOf(s, queue));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, LISTS_SPACING_MS));
    },
  });
  let changes = 0;
  let skipped = false;
  const listsChanged = () => {
    changes++;
    void lists.wake();
  };
  lists.start();
  const clustered = services.database.kind === "postgres" && Boolean(services.database.listenPool);
  if (clustered) nsp.on(LISTS_CHANGED, listsChanged);

  /** A chat's new events and state go to both its sides; the lists change in every process. */
  const changed: ChatLive["changed"] = async (chatId, events) => {
    listsChanged();
    if (clustered) nsp.serverSideEmit(LISTS_CHANGED);
    for (const e of events) nsp.to(chatRoom(chatId)).emit("event", e);
    const state = await stateNow(chatId);
    if (state) nsp.to(chatRoom(chatId)).emit("chat", state);
  };

  /** A chat was started: announced, and ended at once when nobody is online (the widget then offers the ticket form). */
  const started: ChatLive["started"] = async (chatId, events) => {
    await changed(chatId, events);
    if (await online()) return;
    const ended = await chat.end(chatId, "noConsultants");
    if (ended) await changed(chatId, [ended]);
  };

  // A consultant whose connection dropped gets a grace period to come back before their chats move.
  const graceTimers = new Map<number, NodeJS.Timeout>();
  const consultantGone = async (consultantId: number) => {
    graceTimers.delete(consultantId);
    if ((await nsp.in(consultantRoom(consultantId)).fetchSockets()).length > 0) return;
    const someoneElse = await online();
    for (const id of await chat.chatsOf(consultantId)) {
      const e = someoneElse ? await chat.requeue(id) : await chat.end(id, "noConsultants");
      if (e) await changed(id, [e]);
    }
    if (!someoneElse) for (const e of await chat.endQueued()) await changed(e.ChatId, [e]);
  };

  nsp.on("connection", (socket: ChatSocket) => {
    refuseUnsafeEvents(socket);
    const data = socket.data as SocketData;
    // Rooms are joined and listeners registered before anything is awaited: a client may send its
    // first event as soon as it is connected.
    if (data.role === "customer") void socket.join(chatRoom(data.chatId));
    else {
      clearTimeout(graceTimers.get(data.consultant.id));
      graceTimers.delete(data.consultant.id);
      void socket.join([CONSULTANTS, consultantRoom(data.consultant.id), ...data.chats.map(chatRoom)]);
    }
    void (async () => {
      if (data.role === "agent") socket.emit("chats", await chat.openChats());
      else {
        const state = await stateNow(data.chatId);
        if (state) socket.emit("chat", state);
      }
    })().catch((err) => log.warn({ err }, "chat connection setup failed"));

    // A flood of messages from one connection is refused (a person types far slower than this).
    const sent: number[] = [];
    socket.on("send", (payload: unknown, ack) =>
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
      ),
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
      socket
        .to(chatRoom(chatId))
        .emit("typing", { ChatId: chatId, Author: data.role } satisfies ChatTypingDto);
    });

    for (const what of ["delivered", "seen"] as const) {
      socket.on(what, (input: unknown) => {
        void (async () => {
          const chatId =
            data.role === "customer"
              ? data.chatId
              : (await chat.assertConsultantChat(chatIdOf(input), data.consultant)).id;
          const { ids, status } = await chat.mark(chatId, data.role, Number(fieldsOf(input).upTo), what);
          if (ids.length)
            nsp.to(chatRoom(chatId)).emit("status", { ChatId: chatId, Ids: ids, Status: status });
        })().catch((err) => log.debug({ err }, "chat mark refused"));
      });
    }

    if (data.role === "customer") {
      socket.on("leave", (_input: unknown, ack) =>
        answer(
          ackOf(ack),
          async () => {
            const e = await chat.end(data.chatId, "customerLeft");
            if (e) await changed(data.chatId, [e]);
            return { Ok: true };
          },
          log,
        ),
      );
      return;
    }

    const { consultant } = data;
    socket.on("accept", (input: unknown, ack) =>
      answer(
        ackOf(ack),
        async () => {
          const chatId = chatIdOf(input);
          const e = await chat.accept(chatId, consultant);
          // Every connection of this consultant (other tabs too) joins the conversation.
          nsp.in(consultantRoom(consultant.id)).socketsJoin(chatRoom(chatId));
          await socket.join(chatRoom(chatId));
          await changed(chatId, [e]);
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
            const d = s.data as SocketData;
            if (d.role === "agent" && d.consultant.id !== consultant.id)
              seen.set(d.consultant.id, { Id: d.consultant.id, Name: d.consultant.name });
          }
          return { Consultants: [...seen.values()].sort((a, b) => a.Name.localeCompare(b.Name, "pl")) };
        },
        log,
      ),
    );
    // A chat handed to another online consultant with a note for them (not for the customer, and not
    // stored: it travels to the new consultant's connections only).
    socket.on("transfer", (payload: unknown, ack) =>
      answer(
        ackOf(ack),
        async () => {
          const chatId = chatIdOf(payload);
          const input = fieldsOf(payload);
          const targetSockets = await nsp.in(consultantRoom(Number(input.to))).fetchSockets();
          const target = targetSockets.map((s) => s.data as SocketData).find((d) => d.role === "agent");
          if (target?.role !== "agent")
            throw new ApiError(409, ErrorCode.ChatUnavailable, chatErrors.transferOffline);
          const e = await chat.transfer(chatId, consultant, target.consultant);
          nsp.in(consultantRoom(target.consultant.id)).socketsJoin(chatRoom(chatId));
          nsp.in(consultantRoom(consultant.id)).socketsLeave(chatRoom(chatId));
          const note = typeof input.note === "string" ? input.note.trim().slice(0, 500) : "";
          nsp
            .to(consultantRoom(target.consultant.id))
            .emit("transferred", { ChatId: chatId, From: consultant.name, Note: note });
          await changed(chatId, [e]);
          return { Ok: true };
        },
        log,
      ),
    );
    socket.on("end", (input: unknown, ack) =>
      answer(
        ackOf(ack),
        async () => {
          const row = await chat.assertConsultantChat(chatIdOf(input), consultant);
          const e = await chat.end(row.id, "chatEnded");
          if (e) await changed(row.id, [e]);
          return { Ok: true };
        },
        log,
      ),
    );
    socket.on("disconnect", () => {
      clearTimeout(graceTimers.get(consultant.id));
      graceTimers.set(
        consultant.id,
        setTimeout(
          () => void consultantGone(consultant.id).catch((err) => log.warn({ err }, "chat handover failed")),
          config.CHAT_CONSULTANT_GRACE_SECONDS * 1000,
        ),
      );
    });
  });

  // Chats whose customer went silent are closed for inactivity.
  const sweepNow = () => {
    void (async () => {
      for (const e of await chat.closeInactive()) await changed(e.ChatId, [e]);
    })().catch((err) => log.warn({ err }, "closing inactive chats failed"));
  };
  const sweep = setInterval(sweepNow, 30_000);
  sweep.unref();
  // A test that moves the clock past the inactivity limit sees the chat closed without waiting.
  const stopWatchingClock = clock.onMove?.(sweepNow);
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    stopWatchingClock?.();
    await lists.stop();
    for (const t of graceTimers.values()) clearTimeout(t);
  });

  return { online, changed, started };
}
