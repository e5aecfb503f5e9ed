import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { BRAND } from "../../../domain/brand";
import type { ChatSummary } from "../../../domain/chat/dto";
import { isRefusal } from "../../../domain/chat/events";
import { chatTexts } from "../../../domain/chat/texts";
import { ModalDialog } from "../../components/modal-dialog";
import { useScrollLock } from "../../components/shell/scroll-lock";
import { StorageKeys, writeItem } from "../../lib/storage";
import { useStoredItem } from "../../lib/use-stored-item";
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

// Smaller on a phone, so that the four fit one line under the title.
const headerButton = "rounded-md border border-white/60 px-2 py-1.5 text-xs md:px-3 md:py-1 md:text-sm";

/** Silences the console's tones (new chats, messages, chats handed over); remembered in this browser. */
function MuteToggle() {
  const muted = useStoredItem(StorageKeys.consoleMuted) === "1";
  return (
    <button
      type="button"
      aria-pressed={muted}
      onClick={() => writeItem(StorageKeys.consoleMuted, muted ? null : "1")}
      className={`${headerButton} ${muted ? "bg-white font-semibold text-brand-900" : ""}`}
    >
      Wycisz dźwięki
    </button>
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
    <header className="flex flex-wrap items-center gap-x-2 gap-y-2 bg-brand-900 px-4 py-2 text-white md:gap-x-3 md:py-3">
      <span className="hidden font-bold md:inline">{BRAND.name}</span>
      <h1 className="flex-1 font-semibold">Konsola konsultanta</h1>
      <span className="flex items-center gap-2 text-xs md:text-sm">
        <Avatar name={session.name} size="h-8 w-8" />
        {session.name} · {connected ? "online" : chatTexts.reconnecting}
      </span>
      {notifications === "default" && (
        <button
          type="button"
          onClick={() => void Notification.requestPermission().then(setNotifications)}
          className={headerButton}
        >
          Włącz powiadomienia
        </button>
      )}
      <MuteToggle />
      <button
        type="button"
        aria-pressed={overview}
        onClick={() => onOverview(!overview)}
        className={headerButton}
      >
        Statystyki
      </button>
      <a href="/panel" className={headerButton}>
        Panel
      </a>
      {/* Signing out of the panel ends the console's session with it. */}
      <form method="post" action="/panel/wyloguj">
        <button type="submit" className={headerButton}>
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

/** From 768 px (Tailwind's md) the lists stand beside the conversation; below, they open in a drawer. */
const WIDE = "(min-width: 768px)";
function subscribeWide(change: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
}
/** Browser-only (the console renders after its session opens in the browser); the server says wide. */
function useWide() {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

interface ListsProps {
  queued: ChatSummary[];
  mine: ChatSummary[];
  handedOver: Record<number, HandOver>;
  selected: number | null;
  now: number;
  onOpen: (chatId: number) => void;
}

/** The queue and the consultant's own chats (those handed over marked), in the column or the drawer. */
function ConsoleLists({ queued, mine, handedOver, ...listProps }: ListsProps) {
  return (
    <>
      <ChatList title="Oczekujące" items={queued} empty="Nikt nie czeka." {...listProps} />
      <ChatList
        title="Moje rozmowy"
        items={mine}
        empty="Nie prowadzisz teraz rozmowy."
        handedOver={handedOver}
        {...listProps}
      />
    </>
  );
}

/**
 * On a phone the open chat fills the screen and the lists wait in a drawer (a modal dialog: focus
 * stays in it, Escape or 'Zamknij' closes it and focus goes back to the button), opened by a button
 * that counts the waiting, the own and the handed-over chats. Choosing a chat closes it.
 */
function ListsDrawer({ children, ...props }: ListsProps & { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useScrollLock(open);
  const fresh = props.mine.filter((c) => props.handedOver[c.ChatId]?.opened === false).length;
  const onOpen = (chatId: number) => {
    setOpen(false);
    props.onOpen(chatId);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="w-full rounded-lg border border-brand-600 bg-white px-4 py-2 text-left font-semibold text-brand-800"
      >
        {`Rozmowy · oczekujące: ${props.queued.length} · moje: ${props.mine.length}${fresh ? ` · przekazane: ${fresh}` : ""}`}
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Rozmowy"
        padding="p-4"
        className="mr-auto ml-0 h-dvh max-h-none w-[min(24rem,90vw)] max-w-none rounded-none bg-slate-50 shadow-xl backdrop:bg-slate-950/50"
      >
        <form method="dialog" className="absolute top-3 right-3">
          <button type="submit" className="rounded-md border border-slate-400 bg-white px-3 py-1 text-sm">
            Zamknij
          </button>
        </form>
        <nav aria-label="Rozmowy" className="mt-4">
          <ConsoleLists {...props} onOpen={onOpen} />
          {children}
        </nav>
      </ModalDialog>
    </>
  );
}

/**
 * The consultants' side of the live chat: the queue of waiting customers and the consultant's own
 * conversations, live over socket.io (namespace /chat). Taking a chat, replying, sending a file and
 * ending the chat; the customer's messages are marked delivered, and seen while shown. On a phone the
 * open chat comes first and the lists open in a drawer.
 */
export function ConsultantConsole() {
  const { session, problem, lost } = useConsoleSession();
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overview, setOverview] = useState(false);
  const now = useClock();
  const wide = useWide();
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
  const lists = { queued, mine, handedOver: hub.handedOver, selected, now, onOpen: open };
  const cannedPanel = (
    <CannedAnswersPanel token={session.token} answers={canned.answers} onChanged={canned.reload} />
  );
  const transferNotice = <TransferNotice mine={mine} handedOver={hub.handedOver} />;

  return (
    // A staff page: no cookie bar ever covers the reply box (the staff layout leaves it out). On a
    // phone the console is as high as the screen: the messages scroll, the reply box stays in view.
    <div
      className={`flex min-h-screen flex-col bg-slate-50 ${overview ? "" : "max-md:h-dvh max-md:min-h-0"}`}
    >
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
      <div
        className={`min-h-0 flex-1 flex-col gap-2 p-2 md:flex-row md:gap-4 md:p-4 ${overview ? "hidden" : "flex"}`}
      >
        {wide ? (
          <nav aria-label="Rozmowy" className="md:w-80 md:shrink-0">
            <ChatList
              title="Oczekujące"
              items={queued}
              empty="Nikt nie czeka."
              selected={selected}
              now={now}
              onOpen={open}
            />
            {transferNotice}
            <ChatList
              title="Moje rozmowy"
              items={mine}
              empty="Nie prowadzisz teraz rozmowy."
              handedOver={hub.handedOver}
              selected={selected}
              now={now}
              onOpen={open}
            />
            {cannedPanel}
          </nav>
        ) : (
          <div>
            <ListsDrawer {...lists}>{cannedPanel}</ListsDrawer>
            {transferNotice}
          </div>
        )}
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
