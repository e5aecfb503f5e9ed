import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  cannedAnswerAddedSchema,
  cannedAnswersSchema,
  chatEventAnswerSchema,
  chatHistorySchema,
  chatOverviewSchema,
  okSchema,
} from "../../domain/chat/answers";
import { cannedAnswerInput } from "../../domain/chat/canned-answer-input";
import {
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_MAX_BYTES,
  chatFileErrors,
  chatFileInline,
} from "../../domain/chat/files";
import { chatForms } from "../../domain/chat/forms";
import { ErrorCode } from "../../domain/errors";
import { chatErrors } from "../chat/errors";
import { chatOverview, overviewQuery, overviewRange } from "../chat/overview";
import type { ChatLive, ChatService } from "../chat/service";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { bearerToken } from "../http/bearer";
import { ApiError, badRequest, notFound } from "../http/errors";
import type { OpenApiRegistry } from "../http/openapi";
import { tooManyMessage } from "../http/rate-limit";
import { apiRoute } from "../http/route";
import { replyRetryAfter } from "../mail/recipient-limit";
import { panelTokenOf } from "../staff/sessions";
import type { ApiPlugin } from "./index";

const CHAT_BODY_LIMIT = 32 * 1024;
const formBody = (form: keyof typeof chatForms) =>
  z
    .record(z.string(), z.unknown())
    .describe(
      `Odpowiedzi formularza „${form}” według pól: ${chatForms[form].fields
        .flatMap((f) => ("name" in f ? [`${f.name} (${f.type})`] : []))
        .join(", ")}.`,
    );

const CHAT_TOKEN_HEADER = "x-chat-token";

/**
 * Chats started per client address per rate window: its own counter, not the lead forms', sized for
 * an office whose people all reach us through one address (scaled by RATE_LIMITS_SCALE).
 */
export const CHAT_STARTS_PER_WINDOW = 60;

/** A file name for `filename*=UTF-8''…` (RFC 5987): encodeURIComponent leaves ' ( ) * unescaped. */
const encodeRFC5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signed-in consultant from the Authorization: Bearer header. */
async function signedInConsultant(chat: ChatService, request: FastifyRequest) {
  const consultant = await chat.consultants.byToken(bearerToken(request.headers.authorization));
  if (!consultant) throw new ApiError(401, ErrorCode.Unauthenticated, "Zaloguj się ponownie.");
  return consultant;
}

/** The customer's chat from the X-Chat-Token header. */
async function customerChat(chat: ChatService, request: FastifyRequest) {
  const row = await chat.chatByToken(String(request.headers[CHAT_TOKEN_HEADER] ?? "") || undefined);
  if (!row) throw notFound(chatErrors.unknownChat);
  return row;
}

/**
 * Live chat (spec sections 4 and 7): availability, the leave-a-message ticket, starting a chat from
 * the pre-chat form, its history, files, the post-chat rating, and the consultants' console. Messages
 * and the queue travel over socket.io (namespace /chat, src/server/chat/hub.ts). A customer proves
 * their chat with the token Start answered (header X-Chat-Token); a consultant with the console's
 * bearer token, opened from their panel session (consultants are staff members).
 */

export const chatApi: ApiPlugin = async (api, { services, docs, chatLive }) => {
  const routes: ChatRoutes = {
    chat: services.chat,
    live: chatLive,
    db: services.db,
    clock: services.clock,
    docs,
    limit: services.config.LEADS_RATE_LIMIT,
  };
  await api.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.bodyLimit ??= CHAT_BODY_LIMIT;
    });
    // Every chat answer is one person's conversation or the console's, true at that moment: no
    // browser or proxy keeps one (a file's download says so itself, also "private").
    scope.addHook("onSend", async (_request, reply) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });
    registerConversationRoutes(scope, routes);
    await registerFileRoutes(scope, routes);
    registerAfterChatRoutes(scope, routes);
    registerConsoleRoutes(scope, routes);
  });
};

/** What the chat's route groups share. */
interface ChatRoutes {
  chat: ChatService;
  live: ChatLive;
  db: Db;
  clock: Clock;
  docs: OpenApiRegistry;
  /** Tickets and transcripts per client address per rate window (LEADS_RATE_LIMIT). */
  limit: number;
}

const tags = ["Czat"];

/** The customer's side until the chat ends: availability, the ticket, starting a chat, its history. */
function registerConversationRoutes(scope: FastifyInstance, { chat, live, docs, limit }: ChatRoutes) {
  apiRoute(scope, docs, {
    method: "GET",
    url: "/Chat/Availability",
    summary: "Czy konsultanci są teraz dostępni (online: formularz przed czatem, offline: zostaw wiadomość)",
    tags,
    response: z.object({ Online: z.boolean() }),
    handler: async () => ({ Online: await live.online() }),
  });

  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Tickets",
    rateLimit: { name: "ChatTicket", perWindow: limit },
    summary: "Wiadomość zostawiona, gdy konsultanci są niedostępni",
    description: "Zapisuje wiadomość i kolejkuje e-mail do działu sprzedaży oraz potwierdzenie dla klienta.",
    tags,
    body: formBody("ticket"),
    response: z.object({ TicketId: z.number().int() }),
    handler: async ({ body }) => {
      return chat.createTicket(body);
    },
  });

  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Start",
    rateLimit: {
      name: "ChatStart",
      perWindow: CHAT_STARTS_PER_WINDOW,
      message: tooManyMessage("rozpoczętych rozmów"),
      scaled: true,
    },
    summary: "Rozpoczęcie czatu z formularza przed rozmową; odpowiada tokenem rozmowy",
    description:
      "Czat czeka w kolejce na konsultanta. Gdy nikt nie jest dostępny, kończy się od razu (komunikat systemowy), a klient może zostawić wiadomość.",
    tags,
    body: formBody("prechat"),
    response: z.object({ ChatId: z.number().int(), Token: z.string() }),
    handler: async ({ body }) => {
      const started = await chat.start(body);
      await live.started(started.chat.id, started.events);
      return { ChatId: started.chat.id, Token: started.token };
    },
  });

  apiRoute(scope, docs, {
    method: "GET",
    url: "/Chat/History",
    summary: "Przebieg rozmowy klienta (nagłówek X-Chat-Token)",
    tags,
    response: chatHistorySchema,
    handler: async (_input, request) => {
      const row = await customerChat(chat, request);
      return { ChatId: row.id, Status: row.status, Rating: row.rating, Events: await chat.history(row.id) };
    },
  });
}

/** A chat's files: sent by either side, fetched only by the chat's two sides. */
async function registerFileRoutes(scope: FastifyInstance, { chat, live, docs }: ChatRoutes) {
  // A file arrives as the request body itself, named in the query, of whatever content type the
  // browser guessed (often none for .rar or .docx): its own scope takes any type as bytes and
  // checks it by name and content (domain/chat/files.ts). The body limit sits just above the file
  // limit so a file one byte too large gets the chat's own message, and anything larger too.
  await scope.register(async (files) => {
    files.addHook("onRoute", (route) => {
      route.bodyLimit = CHAT_FILE_MAX_BYTES + 1;
    });
    files.removeAllContentTypeParsers();
    files.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    // Thrown on to the API's own error handler, which answers {ErrorCode, ErrorMessage}.
    files.setErrorHandler((err) => {
      throw (err as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? new ApiError(413, ErrorCode.PayloadTooLarge, chatFileErrors.size)
        : err;
    });
    apiRoute(files, docs, {
      method: "POST",
      url: "/Chat/Files",
      summary: `Plik w rozmowie: treścią żądania jest sam plik (${CHAT_FILE_EXTENSIONS.join(", ")}; do 5 MB)`,
      description:
        "Klient podaje nagłówek X-Chat-Token, konsultant Authorization: Bearer i chatId. Nazwa pliku w parametrze name; rodzaj pliku sprawdzany jest po nazwie i treści, nie po nagłówku Content-Type.",
      tags,
      query: z.object({
        name: z.string().max(200).default("plik"),
        chatId: z.coerce.number().int().optional(),
      }),
      response: chatEventAnswerSchema,
      handler: async ({ query }, request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest(chatFileErrors.empty);
        const token = bearerToken(request.headers.authorization);
        let row: Awaited<ReturnType<typeof customerChat>>;
        let author: "customer" | "agent" = "customer";
        if (token) {
          const consultant = await chat.consultants.byToken(token);
          if (!consultant) throw new ApiError(401, ErrorCode.Unauthenticated, "Zaloguj się ponownie.");
          row = await chat.assertConsultantChat(query.chatId ?? 0, consultant);
          author = "agent";
        } else row = await customerChat(chat, request);
        const event = await chat.sendFile(row, author, {
          name: query.name,
          data: request.body,
        });
        await live.changed(row.id, [event]);
        return { Event: event };
      },
    });
  });

  // A chat's file is for its two sides only: the customer's chat token (X-Chat-Token) or a signed-in
  // consultant's console token (Authorization: Bearer), both as headers. The widget and console
  // fetch the bytes with those headers and show them from a blob: URL, rather than putting a token
  // in the link: a token in a URL outlives the moment in history, logs and copied links, and a
  // signed short-lived URL would need a new secret and links that stop working in an open console.
  // An unknown file and someone else's file answer the same 404, so ids cannot be probed.
  scope.get<{ Params: { id: string } }>("/Chat/Files/:id", async (request, reply) => {
    const file = await chat.file(request.params.id);
    const token = bearerToken(request.headers.authorization);
    const allowed =
      file &&
      (token
        ? Boolean(await chat.consultants.byToken(token))
        : (await chat.chatByToken(String(request.headers[CHAT_TOKEN_HEADER] ?? "") || undefined))?.id ===
          file.chatId);
    if (!file || !allowed) throw notFound("Nie ma takiego pliku.");
    // Only raster images may show in the page, as images; everything else (PDF, which can carry
    // scripts, office files, archives, text) is a download. The sandboxing CSP keeps any of it from
    // running as a page of our origin should it be opened anyway, and nosniff stops the browser
    // from guessing another type from the bytes.
    const disposition = chatFileInline(file.contentType) ? "inline" : "attachment";
    return (
      reply
        .header("content-type", file.contentType)
        .header("content-disposition", `${disposition}; filename*=UTF-8''${encodeRFC5987(file.name)}`)
        .header("content-security-policy", "sandbox; default-src 'none'")
        .header("x-content-type-options", "nosniff")
        // Answered only with credentials: no cache keeps a copy another request could be given.
        .header("cache-control", "private, no-store")
        .send(file.data)
    );
  });
}

/** After the chat: the customer's rating and the transcript by e-mail. */
function registerAfterChatRoutes(scope: FastifyInstance, { chat, live, docs, limit }: ChatRoutes) {
  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Rate",
    summary: "Ocena rozmowy po jej zakończeniu (formularz po czacie, nagłówek X-Chat-Token)",
    tags,
    body: formBody("postchat"),
    response: chatEventAnswerSchema,
    handler: async ({ body }, request) => {
      const row = await customerChat(chat, request);
      const event = await chat.rate(row, body);
      await live.changed(row.id, [event]);
      return { Event: event };
    },
  });

  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Transcript",
    rateLimit: { name: "ChatTranscript", perWindow: limit },
    summary:
      "Zapis zakończonej rozmowy na adres e-mail podany przed jej rozpoczęciem (nagłówek X-Chat-Token)",
    description:
      "Kolejkuje e-mail z datą, konsultantem i każdą wiadomością z godziną oraz nazwami plików. Innego adresu podać nie można (pole w treści: 400). Rozmowa bez adresu albo jeszcze trwająca: 409. Limity: na adres klienta i na adres e-mail odbiorcy (429 z Retry-After).",
    tags,
    body: z
      .strictObject({})
      .describe(
        "{} albo żadna treść (wtedy bez nagłówka Content-Type): adres jest ten z formularza przed czatem.",
      ),
    response: okSchema.extend({ Email: z.string().describe("Adres, na który wysłano zapis.") }),
    handler: async (_input, request, reply) => {
      const row = await customerChat(chat, request);
      const to = await replyRetryAfter(reply, chat.mailTranscript(row));
      return { Ok: true as const, Email: to };
    },
  });
}

/** The consultants' console: its session, canned answers, the ratings overview, signing out. */
function registerConsoleRoutes(scope: FastifyInstance, { chat, db, clock, docs }: ChatRoutes) {
  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Consultant/Session",
    summary:
      "Sesja konsoli konsultanta z sesji panelu pracownika (ciasteczko panel_session, rola konsultant lub administrator); odpowiada tokenem konsoli ważnym, dopóki trwa sesja panelu",
    tags,
    response: z.object({ Token: z.string(), Id: z.number().int(), Name: z.string() }),
    handler: async (_input, request) => {
      const { token, consultant } = await chat.consultants.openConsole(panelTokenOf(request.headers.cookie));
      return { Token: token, Id: consultant.id, Name: consultant.name };
    },
  });

  apiRoute(scope, docs, {
    method: "GET",
    url: "/Chat/Consultant/CannedAnswers",
    summary: "Gotowe odpowiedzi konsultanta: własne i wspólne zespołu (Authorization: Bearer)",
    tags,
    response: cannedAnswersSchema,
    handler: async (_input, request) => ({
      Answers: await chat.canned.list(await signedInConsultant(chat, request)),
    }),
  });

  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Consultant/CannedAnswers",
    summary: "Nowa gotowa odpowiedź: własna albo wspólna (Shared)",
    tags,
    body: cannedAnswerInput,
    response: cannedAnswerAddedSchema,
    handler: async ({ body }, request) => ({
      Answer: await chat.canned.add(await signedInConsultant(chat, request), body),
    }),
  });

  apiRoute(scope, docs, {
    method: "DELETE",
    url: "/Chat/Consultant/CannedAnswers",
    summary: "Usunięcie własnej lub wspólnej gotowej odpowiedzi (cudzej własnej: 404)",
    tags,
    query: z.object({ id: z.coerce.number().int() }),
    response: okSchema,
    handler: async ({ query }, request) => {
      await chat.canned.remove(await signedInConsultant(chat, request), query.id);
      return { Ok: true };
    },
  });

  apiRoute(scope, docs, {
    method: "GET",
    url: "/Chat/Consultant/Overview",
    summary:
      "Oceny i liczba rozmów według konsultanta i dnia (domyślnie ostatnie 7 dni; Authorization: Bearer)",
    tags,
    query: overviewQuery,
    response: chatOverviewSchema,
    handler: async ({ query }, request) => {
      await signedInConsultant(chat, request);
      const { from, to } = overviewRange(query, clock.now());
      return { From: from, To: to, Rows: await chatOverview(db, from, to) };
    },
  });

  apiRoute(scope, docs, {
    method: "POST",
    url: "/Chat/Consultant/SignOut",
    summary: "Wylogowanie konsultanta (Authorization: Bearer)",
    tags,
    response: okSchema,
    handler: async (_input, request) => {
      const token = bearerToken(request.headers.authorization);
      if (token) await chat.consultants.signOut(token);
      return { Ok: true };
    },
  });
}
