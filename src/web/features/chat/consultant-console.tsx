import { useCallback, useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import { BRAND } from "../../../domain/brand";
import {
  type CannedAnswerDto,
  CHAT_TYPING_EVERY_MS,
  CHAT_TYPING_SHOWN_MS,
  type ChatEventDto,
  type ChatSummary,
  markEvents,
  mergeEvents,
} from "../../../domain/chat/dto";
import { isRefusal } from "../../../domain/chat/events";
import { chatTexts } from "../../../domain/chat/texts";
import { withoutControlCharacters } from "../../../domain/input-safety";
import { NOTICE_HEIGHT } from "../../components/shell/cookie-notice";
import { CannedAnswersPanel, useCannedAnswers } from "./canned-answers";
import { type ChatSocket, chatRequest, newClientId } from "./chat-client";
import { Composer } from "./composer";
import { useConsoleAlerts } from "./console-alerts";
import { Avatar, MessageList } from "./message-list";
import { ChatOverview } from "./overview";
import { TransferForm } from "./transfer";

interface ConsultantSession {
  token: string;
  id: number;
  name: string;
}

const PANEL_SIGN_IN = `/panel/logowanie?returnTo=${encodeURIComponent("/konsultant")}`;

const minutesAgo = (iso: string, now: number) => Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));

/**
 * The console's session, opened from the member's panel session (the page's loader let only a
 * signed-in member with the chat in their role in); null while it opens, a message when it cannot.
 */
function useConsoleSession() {
  const [session, setSession] = useState<ConsultantSession | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void chatRequest<{ Token: string; Id: number; Name: string }>("/api/Chat/Consultant/Session", {
      method: "POST",
    }).then((r) =>
      r.ok ? setSession({ token: r.body.Token, id: r.body.Id, name: r.body.Name }) : setProblem(r.message),
    );
  }, []);
  const lost = useCallback(() => {
    setSession(null);
    setProblem("Sesja w panelu wygasła. Zaloguj się ponownie.");
  }, []);
  return { session, problem, lost };
}

/** Instead of the console: why it cannot open, and the way to the panel's sign-in. */
function ConsoleClosed({ problem }: { problem: string | null }) {
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Konsola konsultanta</h1>
      {problem ? (
        <>
          <p role="alert" className="mt-4 text-red-700">
            {problem}
          </p>
          <a className="mt-4 inline-block font-semibold text-brand-700 underline" href={PANEL_SIGN_IN}>
            Zaloguj się w panelu pracownika
          </a>
        </>
      ) : (
        <p className="mt-4 text-slate-700" role="status">
          Otwieranie konsoli…
        </p>
      )}
    </main>
  );
}

/** The consultant's reply box: messages over the hub (acknowledged), files over the API. */
function Reply({
  chatId,
  token,
  socket,
  canned,
}: {
  chatId: number;
  token: string;
  socket: ChatSocket;
  canned: CannedAnswerDto[];
}) {
  const typingSaidAt = useRef(0);
  return (
    <Composer
      label="Odpowiedź"
      canned={canned}
      onTyping={() => {
        // The customer sees 'Konsultant pisze…': said at most every few seconds.
        const now = Date.now();
        if (now - typingSaidAt.current < CHAT_TYPING_EVERY_MS) return;
        typingSaidAt.current = now;
        socket.emit("typing", { chatId });
      }}
      onSend={(text) =>
        socket
          .timeout(10_000)
          .emitWithAck("send", { chatId, text: withoutControlCharacters(text), clientId: newClientId() })
          .then((a) => (isRefusal(a) ? a.ErrorMessage : null))
          .catch(() => "Wiadomość nie została wysłana. Spróbuj ponownie.")
      }
      onFile={async (file) => {
        const r = await chatRequest(
          `/api/Chat/Files?chatId=${chatId}&name=${encodeURIComponent(file.name)}`,
          {
            method: "POST",
            body: file,
            bearer: token,
          },
        );
        return r.ok ? null : r.message;
      }}
    />
  );
}

/**
 * The consultants' side of the live chat: the queue of waiting customers and the consultant's own
 * conversations, live over socket.io (namespace /chat). Taking a chat, replying, sending a file and
 * ending the chat; the customer's messages are marked delivered, and seen while shown.
 */
export function ConsultantConsole() {
  const { session, problem, lost } = useConsoleSession();
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [events, setEvents] = useState<Record<number, ChatEventDto[]>>({});
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Browser-only: the browser's clock spaces typing notices and ticks the "waiting" minutes.
  const [now, setNow] = useState(() => Date.now());
  const alert = useConsoleAlerts();
  const knownQueued = useRef(new Set<number>());
  const [notifications, setNotifications] = useState<NotificationPermission | "unsupported">("unsupported");
  // The chat whose transfer form is open, and notes of chats handed to this consultant.
  const [transferring, setTransferring] = useState<number | null>(null);
  const [overview, setOverview] = useState(false);
  const [handedOver, setHandedOver] = useState<Record<number, { From: string; Note: string }>>({});
  // Chats whose customer typed within the last few seconds ('Klient pisze…').
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const customerTyped = useCallback((chatId: number, on: boolean) => {
    clearTimeout(typingTimers.current.get(chatId));
    if (on)
      typingTimers.current.set(
        chatId,
        setTimeout(() => customerTyped(chatId, false), CHAT_TYPING_SHOWN_MS),
      );
    setTyping((old) => (Boolean(old[chatId]) === on ? old : { ...old, [chatId]: on }));
  }, []);
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const addEvents = useCallback(
    (chatId: number, list: ChatEventDto[], sock: ChatSocket | null) => {
      setEvents((old) => ({ ...old, [chatId]: mergeEvents(old[chatId] ?? [], list) }));
      const fromCustomer = list.filter((e) => e.Author === "customer").map((e) => e.Id);
      if (fromCustomer.length || list.some((e) => e.Author === "system")) customerTyped(chatId, false);
      if (fromCustomer.length && sock) {
        const upTo = Math.max(...fromCustomer);
        sock.emit("delivered", { chatId, upTo });
        if (selectedRef.current === chatId && document.visibilityState === "visible")
          sock.emit("seen", { chatId, upTo });
      }
    },
    [customerTyped],
  );

  useEffect(() => {
    if (!session) return;
    const s: ChatSocket = io("/chat", {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { consultantToken: session.token },
      // As in the widget (chat-client.ts): a stalled attempt is retried after 5 s, not 20 s.
      timeout: 5000,
    });
    setSocket(s);
    s.on("connect", () => setConnected(true));
    s.on("disconnect", () => setConnected(false));
    s.on("connect_error", (err) => {
      if (err.message === "consultant-unauthorized") lost();
    });
    s.on("chats", (list) => {
      setChats(list);
      for (const c of list) {
        if (c.Status !== "queued" || knownQueued.current.has(c.ChatId)) continue;
        knownQueued.current.add(c.ChatId);
        alert(`Nowy klient czeka: ${c.CustomerName} (${c.Topic})`);
      }
    });
    s.on("event", (e) => {
      addEvents(e.ChatId, [e], s);
      if (e.Author === "customer" && (e.Kind === "message" || e.Kind === "file"))
        alert(`Nowa wiadomość: ${e.Text.slice(0, 120)}`);
    });
    s.on("transferred", (t) =>
      setHandedOver((old) => ({ ...old, [t.ChatId]: { From: t.From, Note: t.Note } })),
    );
    s.on("typing", (t) => t.Author === "customer" && customerTyped(t.ChatId, true));
    s.on("status", (st) =>
      setEvents((old) => ({ ...old, [st.ChatId]: markEvents(old[st.ChatId] ?? [], st.Ids, st.Status) })),
    );
    return () => {
      s.close();
      setSocket(null);
    };
  }, [session, lost, addEvents, customerTyped, alert]);

  useEffect(() => {
    if ("Notification" in window) setNotifications(Notification.permission);
  }, []);

  const open = (chatId: number) => {
    setSelected(chatId);
    setNotice(null);
    socket?.emit("history", { chatId }, (a) => !isRefusal(a) && addEvents(chatId, a.History, socket));
  };
  const accept = (chatId: number) => {
    socket?.emit("accept", { chatId }, (a) => {
      if (isRefusal(a)) setNotice(a.ErrorMessage);
      else {
        setSelected(chatId);
        setNotice(null);
        addEvents(chatId, a.History, socket);
      }
    });
  };
  const end = (chatId: number) =>
    socket?.emit("end", { chatId }, (a) => isRefusal(a) && setNotice(a.ErrorMessage));

  const canned = useCannedAnswers(session?.token);
  if (!session) return <ConsoleClosed problem={problem} />;

  const current = chats.find((c) => c.ChatId === selected) ?? null;
  const files = { bearer: session.token };
  const queued = chats.filter((c) => c.Status === "queued");
  const mine = chats.filter((c) => c.Status === "active" && c.ConsultantId === session.id);
  const list = (title: string, items: ChatSummary[], empty: string) => (
    <section aria-label={title} className="mb-6">
      <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase">{`${title} (${items.length})`}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((c) => (
            <li key={c.ChatId}>
              <button
                type="button"
                onClick={() => open(c.ChatId)}
                aria-current={selected === c.ChatId ? "true" : undefined}
                className={`w-full rounded-lg border p-3 text-left hover:bg-slate-50 ${selected === c.ChatId ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
              >
                <span className="block font-semibold">{c.CustomerName}</span>
                <span className="block text-sm text-slate-600">
                  {c.Topic} · {c.Status === "queued" ? `czeka ${minutesAgo(c.CreatedAt, now)} min` : "w toku"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    // Room under the cookie bar while it is shown, so that it never covers the reply box.
    <div
      className="flex min-h-screen flex-col bg-slate-50"
      style={{ paddingBottom: `var(${NOTICE_HEIGHT}, 0px)` }}
    >
      <header className="flex flex-wrap items-center gap-3 bg-brand-900 px-4 py-3 text-white">
        <span className="font-bold">{BRAND.name}</span>
        <h1 className="flex-1 font-semibold">Konsola konsultanta</h1>
        <span className="flex items-center gap-2 text-sm">
          <Avatar name={session.name} size="h-8 w-8" />
          {session.name} · {connected ? "online" : chatTexts.reconnecting}
        </span>
        {notifications === "default" && (
          <button
            type="button"
            onClick={() => void Notification.requestPermission().then(setNotifications)}
            className="rounded-md border border-white/60 px-3 py-1 text-sm"
          >
            Włącz powiadomienia
          </button>
        )}
        <button
          type="button"
          aria-pressed={overview}
          onClick={() => setOverview(!overview)}
          className="rounded-md border border-white/60 px-3 py-1 text-sm"
        >
          Statystyki
        </button>
        <a href="/panel" className="rounded-md border border-white/60 px-3 py-1 text-sm">
          Panel
        </a>
        {/* Signing out of the panel ends the console's session with it. */}
        <form method="post" action="/panel/wyloguj">
          <button type="submit" className="rounded-md border border-white/60 px-3 py-1 text-sm">
            Wyloguj
          </button>
        </form>
      </header>
      {overview && (
        <div className="p-4">
          <ChatOverview token={session.token} />
        </div>
      )}
      <div className={`flex-1 flex-col gap-4 p-4 md:flex-row ${overview ? "hidden" : "flex"}`}>
        <nav aria-label="Rozmowy" className="md:w-80 md:shrink-0">
          {list("Oczekujące", queued, "Nikt nie czeka.")}
          {list("Moje rozmowy", mine, "Nie prowadzisz teraz rozmowy.")}
          <CannedAnswersPanel token={session.token} answers={canned.answers} onChanged={canned.reload} />
        </nav>
        <main className="flex min-h-[28rem] flex-1 flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {notice && (
            <p role="alert" className="m-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {notice}
            </p>
          )}
          {!current && selected !== null && events[selected] ? (
            <>
              <h2 className="border-b border-slate-200 p-4 text-lg font-bold">Rozmowa zakończona</h2>
              <div className="min-h-0 flex-1 overflow-y-auto p-4">
                <MessageList events={events[selected]} viewer="agent" showForms credentials={files} />
              </div>
            </>
          ) : !current ? (
            <p className="p-6 text-slate-600">Wybierz rozmowę z listy.</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
                <h2 className="flex-1 text-lg font-bold">{`${current.CustomerName} · ${current.Topic}`}</h2>
                {current.Status === "queued" && (
                  <button
                    type="button"
                    onClick={() => accept(current.ChatId)}
                    className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                  >
                    Przyjmij rozmowę
                  </button>
                )}
                {current.Status === "active" && current.ConsultantId === session.id && (
                  <button
                    type="button"
                    aria-expanded={transferring === current.ChatId}
                    onClick={() => setTransferring(transferring === current.ChatId ? null : current.ChatId)}
                    className="rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                  >
                    Przekaż
                  </button>
                )}
                {current.Status === "active" && current.ConsultantId === session.id && (
                  <button
                    type="button"
                    onClick={() => end(current.ChatId)}
                    className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
                  >
                    Zakończ czat
                  </button>
                )}
              </div>
              {transferring === current.ChatId && socket && (
                <TransferForm
                  chatId={current.ChatId}
                  socket={socket}
                  onDone={(error) => {
                    setNotice(error);
                    if (!error) setTransferring(null);
                  }}
                />
              )}
              {handedOver[current.ChatId] && current.ConsultantId === session.id && (
                <p className="mx-4 mt-3 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
                  {`Przekazanie rozmowy od: ${handedOver[current.ChatId].From}.`}
                  {handedOver[current.ChatId].Note && ` Notatka: ${handedOver[current.ChatId].Note}`}
                </p>
              )}
              <div className="min-h-0 flex-1 overflow-y-auto p-4">
                <MessageList
                  events={events[current.ChatId] ?? []}
                  viewer="agent"
                  showForms
                  credentials={files}
                />
                <p role="status" className="mt-2 min-h-5 text-sm text-slate-600 italic">
                  {current.Status === "active" && typing[current.ChatId] ? chatTexts.customerTyping : ""}
                </p>
              </div>
              {current.Status === "active" && current.ConsultantId === session.id && socket && (
                <Reply
                  chatId={current.ChatId}
                  token={session.token}
                  socket={socket}
                  canned={canned.answers}
                />
              )}
            </>
          )}
        </main>
      </div>
    </div>
  );
}
