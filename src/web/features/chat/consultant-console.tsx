import { useEffect, useState } from "react";
import { BRAND } from "../../../domain/brand";
import type { ChatSummary } from "../../../domain/chat/dto";
import { isRefusal } from "../../../domain/chat/events";
import { chatTexts } from "../../../domain/chat/texts";
import { CannedAnswersPanel, useCannedAnswers } from "./canned-answers";
import { ConversationPane } from "./console-conversation";
import { type ConsultantSession, type HandOver, useConsoleHub, useConsoleSession } from "./console-hub";
import { Avatar } from "./message-list";
import { ChatOverview } from "./overview";

const PANEL_SIGN_IN = `/panel/logowanie?returnTo=${encodeURIComponent("/konsultant")}`;

const minutesAgo = (iso: string, now: number) => Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));

/** Browser-only: the browser's clock ticks the "waiting" minutes of the queue. */
function useClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
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

/** The console's bar: who is signed in and whether the hub is connected, the statistics and the way out. */
function ConsoleHeader({
  session,
  connected,
  overview,
  onOverview,
}: {
  session: ConsultantSession;
  connected: boolean;
  overview: boolean;
  onOverview: (on: boolean) => void;
}) {
  const [notifications, setNotifications] = useState<NotificationPermission | "unsupported">("unsupported");
  useEffect(() => {
    if ("Notification" in window) setNotifications(Notification.permission);
  }, []);
  return (
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
        onClick={() => onOverview(!overview)}
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
  );
}

/** One list of chats (the queue, or the consultant's own); a chat opens on a click. */
function ChatList({
  title,
  items,
  empty,
  selected,
  now,
  onOpen,
  handedOver = {},
}: {
  title: string;
  items: ChatSummary[];
  empty: string;
  selected: number | null;
  now: number;
  onOpen: (chatId: number) => void;
  /** Chats handed to this consultant: the ones not opened yet are marked and counted. */
  handedOver?: Record<number, HandOver>;
}) {
  const fresh = items.filter((c) => handedOver[c.ChatId]?.opened === false).length;
  return (
    <section aria-label={title} className="mb-6">
      <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase">
        {`${title} (${items.length})${fresh ? ` · przekazane: ${fresh}` : ""}`}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((c) => (
            <li key={c.ChatId}>
              <button
                type="button"
                onClick={() => onOpen(c.ChatId)}
                aria-current={selected === c.ChatId ? "true" : undefined}
                className={`w-full rounded-lg border p-3 text-left hover:bg-slate-50 ${selected === c.ChatId ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
              >
                <span className="block font-semibold">{c.CustomerName}</span>
                {handedOver[c.ChatId]?.opened === false && (
                  <span className="mt-1 inline-block rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950">
                    {`Przekazana od: ${handedOver[c.ChatId].From}`}
                  </span>
                )}
                <span className="block text-sm text-slate-600">
                  {c.Topic} ·{" "}
                  {c.Status === "queued" ? `czeka ${minutesAgo(c.CreatedAtUtc, now)} min` : "w toku"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Said (and announced) when a chat is handed to this consultant, until they open it. */
function TransferNotice({ mine, handedOver }: { mine: ChatSummary[]; handedOver: Record<number, HandOver> }) {
  const fresh = mine.filter((c) => handedOver[c.ChatId]?.opened === false);
  const text =
    fresh.length === 1
      ? `Przekazano Ci rozmowę: ${fresh[0].CustomerName} (od: ${handedOver[fresh[0].ChatId].From}).`
      : fresh.length > 1
        ? `Przekazano Ci rozmowy do otwarcia: ${fresh.length}.`
        : "";
  return (
    <p
      role="status"
      className={text ? "mb-4 rounded-md bg-sky-50 p-3 text-sm font-semibold text-sky-950" : ""}
    >
      {text}
    </p>
  );
}

/**
 * The consultants' side of the live chat: the queue of waiting customers and the consultant's own
 * conversations, live over socket.io (namespace /chat). Taking a chat, replying, sending a file and
 * ending the chat; the customer's messages are marked delivered, and seen while shown.
 */
export function ConsultantConsole() {
  const { session, problem, lost } = useConsoleSession();
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overview, setOverview] = useState(false);
  const now = useClock();
  const hub = useConsoleHub(session, lost, selected);
  const { socket, addEvents } = hub;

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

  const chats = hub.chats;
  const queued = chats.filter((c) => c.Status === "queued");
  const mine = chats.filter((c) => c.Status === "active" && c.ConsultantId === session.id);
  const listProps = { selected, now, onOpen: open };

  return (
    // A staff page: no cookie bar ever covers the reply box (the staff layout leaves it out).
    <div className="flex min-h-screen flex-col bg-slate-50">
      <ConsoleHeader
        session={session}
        connected={hub.connected}
        overview={overview}
        onOverview={setOverview}
      />
      {overview && (
        <div className="p-4">
          <ChatOverview token={session.token} />
        </div>
      )}
      <div className={`flex-1 flex-col gap-4 p-4 md:flex-row ${overview ? "hidden" : "flex"}`}>
        <nav aria-label="Rozmowy" className="md:w-80 md:shrink-0">
          <ChatList title="Oczekujące" items={queued} empty="Nikt nie czeka." {...listProps} />
          <TransferNotice mine={mine} handedOver={hub.handedOver} />
          <ChatList
            title="Moje rozmowy"
            items={mine}
            empty="Nie prowadzisz teraz rozmowy."
            handedOver={hub.handedOver}
            {...listProps}
          />
          <CannedAnswersPanel token={session.token} answers={canned.answers} onChanged={canned.reload} />
        </nav>
        <ConversationPane
          session={session}
          socket={socket}
          current={chats.find((c) => c.ChatId === selected) ?? null}
          selected={selected}
          events={hub.events}
          typing={hub.typing}
          handedOver={hub.handedOver}
          canned={canned.answers}
          notice={notice}
          onNotice={setNotice}
          onAccept={accept}
          onEnd={end}
        />
      </div>
    </div>
  );
}
