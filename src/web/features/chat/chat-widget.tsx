import { type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { chatForms } from "../../../domain/chat/forms";
import { chatTexts, queueMessage } from "../../../domain/chat/texts";
import { NOTICE_HEIGHT } from "../../components/shell/cookie-notice";
import { ChatIcon, CloseIcon, MinusIcon } from "../../components/shell/icons";
import { readItem } from "../../lib/storage";
import { CHAT_TOKEN_KEY, type ChatClientState, chatClient } from "./chat-client";
import { ChatFormView } from "./chat-form";
import { Avatar, MessageList } from "./message-list";

/** Bottom offset that keeps the chat above the cookie notice while it is shown. */
const aboveNotice = (gap: string) => ({ bottom: `calc(${gap} + var(${NOTICE_HEIGHT}, 0px))` });

/** closed: only the button; open: the panel; minimized: a bar over an ongoing chat. */
type WidgetState = "closed" | "open" | "minimized";
const WIDGET_KEY = "chatWidget";

const serverSnapshot = chatClient.getState();
const useChat = (): ChatClientState =>
  useSyncExternalStore(chatClient.subscribe, chatClient.getState, () => serverSnapshot);

const iconButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";

/** The question before leaving an ongoing chat (spec section 4), in a modal dialog. */
function LeaveDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onStay}
      className="m-auto w-[min(27rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold first-letter:uppercase">
          {chatTexts.leaveQuestion}
        </h2>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onStay}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
          >
            Wróć do rozmowy
          </button>
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the dialog's answer takes the focus when it opens
            autoFocus
            onClick={onLeave}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white first-letter:uppercase hover:bg-red-800"
          >
            {chatTexts.closeChat}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function Composer({ disabled }: { disabled: boolean }) {
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputId = useId();
  const fileId = useId();
  const send = () => {
    const t = text.trim();
    if (!t) return;
    chatClient.send(t);
    setText("");
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className="border-t border-slate-200 p-3">
      <label htmlFor={inputId} className="sr-only">
        Wiadomość
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          rows={2}
          maxLength={2000}
          value={text}
          disabled={disabled}
          placeholder={chatTexts.placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          className="min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <button
          type="button"
          onClick={send}
          disabled={disabled}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Wyślij
        </button>
      </div>
      <div className="mt-2">
        <label
          htmlFor={fileId}
          className={`cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-2 has-[:focus-visible]:outline-2 ${
            disabled || uploading ? "pointer-events-none opacity-60" : ""
          }`}
        >
          {uploading ? "wysyłanie pliku…" : chatTexts.sendFile}
          <input
            id={fileId}
            type="file"
            className="sr-only"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            disabled={disabled || uploading}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              setUploading(true);
              setFileError(await chatClient.sendFile(file));
              setUploading(false);
            }}
          />
        </label>
        {fileError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>
    </div>
  );
}

function Body({ s, onReset }: { s: ChatClientState; onReset: () => void }) {
  if (s.connection === "failed") {
    return (
      <div className="space-y-3 p-4">
        <p role="alert" className="text-sm text-red-800">
          {chatTexts.connectionError}
        </p>
        <button
          type="button"
          onClick={() => chatClient.retryConnection()}
          className="text-sm font-semibold underline"
        >
          Spróbuj ponownie
        </button>
      </div>
    );
  }
  if (s.history === "LOADING" && !s.events.length) return <p className="p-4 text-sm">Wczytywanie rozmowy…</p>;

  const chat = s.chat;
  if (s.token && chat) {
    const open = chat.Status !== "ended";
    const nobodyAnswered =
      chat.Status === "ended" && chat.EndReason === "noConsultants" && !chat.ConsultantName;
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          <MessageList
            events={s.events}
            viewer="customer"
            outgoing={s.outgoing}
            onRetry={(o) => chatClient.send(o.text, o.clientId)}
            showForms={false}
          />
          {chat.Status === "queued" && chat.Position && chat.WaitMinutes && (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {queueMessage(chat.Position, chat.WaitMinutes)}
            </p>
          )}
          {!open && (
            <div className="mt-4 border-t border-slate-200 pt-4">
              {nobodyAnswered ? (
                s.ticketSent ? (
                  <p role="status" className="text-sm">
                    {chatTexts.ticketSent}
                  </p>
                ) : (
                  <ChatFormView form={chatForms.ticket} onSubmit={(v) => chatClient.sendTicket(v)} />
                )
              ) : chat.Rating === null ? (
                <ChatFormView form={chatForms.postchat} onSubmit={(v) => chatClient.rate(v)} />
              ) : (
                <p role="status" className="text-sm">
                  Dziękujemy za ocenę rozmowy.
                </p>
              )}
              <button
                type="button"
                onClick={onReset}
                className="mt-4 w-full rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 first-letter:uppercase hover:bg-brand-50"
              >
                {chatTexts.reopen}
              </button>
            </div>
          )}
        </div>
        {open && <Composer disabled={s.connection !== "connected"} />}
      </div>
    );
  }

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4">
      {s.online === null ? (
        <p className="text-sm">Sprawdzamy, czy konsultanci są dostępni…</p>
      ) : s.ticketSent ? (
        <p role="status" className="text-sm">
          {chatTexts.ticketSent}
        </p>
      ) : s.online ? (
        <ChatFormView form={chatForms.prechat} onSubmit={(v) => chatClient.start(v)} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">
            Nasi konsultanci są teraz niedostępni. Zostaw wiadomość, a odezwiemy się najszybciej, jak to
            możliwe.
          </p>
          <ChatFormView form={chatForms.ticket} onSubmit={(v) => chatClient.sendTicket(v)} />
        </>
      )}
    </div>
  );
}

/**
 * The live chat widget in the corner of every page (spec sections 2 and 4): closed (a button),
 * open (the panel), minimized (a bar over an ongoing chat), the post-chat form after an end, and
 * 'ponowne łączenie…' while the connection is being restored. Offline: a leave-a-message form;
 * online: the pre-chat form, then the queue and the conversation with a consultant.
 */
export function ChatWidget() {
  const s = useChat();
  const [widget, setWidget] = useState<WidgetState>("closed");
  const [confirmLeave, setConfirmLeave] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);

  // The widget's state survives navigation and reloads within the browser session.
  useEffect(() => {
    const stored = sessionStorage.getItem(WIDGET_KEY) as WidgetState | null;
    if (stored === "open" || stored === "minimized") setWidget(stored);
    if (stored || readItem(CHAT_TOKEN_KEY)) void chatClient.resume();
  }, []);
  const show = (next: WidgetState) => {
    setWidget(next);
    sessionStorage.setItem(WIDGET_KEY, next);
    if (next === "open") {
      void chatClient.resume();
      requestAnimationFrame(() => panel.current?.focus());
    }
    if (next === "closed") requestAnimationFrame(() => launcher.current?.focus());
  };
  // Messages are "seen" while the panel is open and the page is visible.
  useEffect(() => {
    const update = () => chatClient.setLooking(widget === "open" && document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, [widget]);

  const ongoing = Boolean(s.token && s.chat && s.chat.Status !== "ended");
  const unread = s.events.filter((e) => e.Author === "agent" && e.Status !== "seen").length;
  const agent = s.chat?.ConsultantName ?? null;

  const close = () => {
    if (ongoing) setConfirmLeave(true);
    else {
      if (s.chat?.Status === "ended" && s.chat.Rating !== null) void chatClient.reset();
      show("closed");
    }
  };
  const leave = async () => {
    setConfirmLeave(false);
    await chatClient.leave();
  };

  if (widget !== "open") {
    const minimized = widget === "minimized" && ongoing;
    return (
      <button
        ref={launcher}
        type="button"
        onClick={() => show("open")}
        aria-controls={panelId}
        aria-expanded={false}
        style={aboveNotice("1rem")}
        className="fixed right-4 z-40 flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 max-sm:right-3"
      >
        <ChatIcon className="h-6 w-6" />
        <span className={minimized ? "" : "max-sm:sr-only"}>
          {minimized ? "Rozwiń czat" : "Czat z konsultantem"}
        </span>
        {unread > 0 && (
          <span className="rounded-full bg-amber-400 px-2 text-sm font-bold text-slate-900">
            {unread}
            <span className="sr-only"> nowe wiadomości</span>
          </span>
        )}
      </button>
    );
  }

  return (
    <>
      <section
        id={panelId}
        ref={panel}
        tabIndex={-1}
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === "Escape" && !confirmLeave) show(ongoing ? "minimized" : "closed");
        }}
        style={{
          ...aboveNotice("0.5rem"),
          maxHeight: `min(40rem, calc(100dvh - 1rem - var(${NOTICE_HEIGHT}, 0px)))`,
        }}
        className="fixed right-4 z-40 flex w-[23rem] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 outline-none max-sm:inset-x-2 max-sm:w-auto"
      >
        <header className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-white">
          {agent && s.chat?.Status === "active" && <Avatar name={agent} />}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate font-bold">
              {agent && s.chat?.Status === "active" ? agent : "Czat z konsultantem"}
            </h2>
            <p className="text-xs text-white/90" role="status">
              {s.connection === "reconnecting"
                ? chatTexts.reconnecting
                : agent && s.chat?.Status === "active"
                  ? "Konsultant"
                  : "pon. – pt., 9:00 – 19:00"}
            </p>
          </div>
          <button
            type="button"
            className={iconButton}
            aria-label="Zminimalizuj czat"
            onClick={() => show(ongoing ? "minimized" : "closed")}
          >
            <MinusIcon className="h-5 w-5" />
          </button>
          <button type="button" className={iconButton} aria-label="Zamknij czat" onClick={close}>
            <CloseIcon className="h-5 w-5" />
          </button>
        </header>
        <Body s={s} onReset={() => void chatClient.reset()} />
      </section>
      <LeaveDialog open={confirmLeave} onLeave={() => void leave()} onStay={() => setConfirmLeave(false)} />
    </>
  );
}
