import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { ChatEventDto } from "../../../domain/chat/dto";
import { chatForms } from "../../../domain/chat/forms";
import { chatTexts, queueMessage } from "../../../domain/chat/texts";
import { SubmitButton } from "../../components/form/fields";
import { ModalDialog } from "../../components/modal-dialog";
import { NOTICE_HEIGHT } from "../../components/shell/cookie-notice";
import { CloseIcon, MinusIcon } from "../../components/shell/icons";
import { readItem } from "../../lib/storage";
import { type ChatClientState, chatClient } from "./chat-client";
import { ChatFormView } from "./chat-form";
import {
  aboveNotice,
  CHAT_TOKEN_KEY,
  ChatLauncherButton,
  WIDGET_KEY,
  type WidgetState,
} from "./chat-launcher";
import { Composer } from "./composer";
import { Avatar, MessageList } from "./message-list";

const serverSnapshot = chatClient.getState();
const useChat = (): ChatClientState =>
  useSyncExternalStore(chatClient.subscribe, chatClient.getState, () => serverSnapshot);

const iconButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";

/** The question before leaving an ongoing chat (spec section 4), in a modal dialog. */
function LeaveDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onStay}
      title={chatTexts.leaveQuestion}
      titleClassName="text-lg font-bold first-letter:uppercase"
      className="w-[min(27rem,calc(100vw-2rem))] shadow-xl backdrop:bg-slate-900/50"
    >
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
    </ModalDialog>
  );
}

/** The leave-a-message form, or once sent, its confirmation (spec section 8). */
function Ticket({ sent }: { sent: boolean }) {
  return sent ? (
    <p role="status" className="text-sm">
      {chatTexts.ticketSent}
    </p>
  ) : (
    <ChatFormView form={chatForms.ticket} onSubmit={(v) => chatClient.sendTicket(v)} />
  );
}

/** The address the customer gave in the pre-chat form, if any. */
function prechatEmail(events: ChatEventDto[]): string {
  const form = events.find((e) => e.Kind === "filled_form" && e.Payload?.Form === "prechat");
  const values = form?.Payload?.Values as { email?: unknown } | undefined;
  return typeof values?.email === "string" ? values.email : "";
}

/**
 * After the end: the conversation by e-mail, only to the address given before the chat (the server
 * takes no other), shown so the person knows where it goes.
 */
function Transcript({ events }: { events: ChatEventDto[] }) {
  const email = prechatEmail(events);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sentTo) {
    return (
      <p role="status" className="mt-4 text-sm">
        {chatTexts.transcriptSent(sentTo)}
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-base font-bold text-slate-900">Zapis rozmowy na e-mail</h3>
      {email ? (
        <form
          className="space-y-3"
          onSubmit={async (e) => {
            e.preventDefault();
            setSending(true);
            const r = await chatClient.mailTranscript();
            setSending(false);
            if (r.ok) setSentTo(r.email);
            else setError(r.message);
          }}
        >
          <p className="text-sm break-words text-slate-700">{chatTexts.transcriptOffer(email)}</p>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
          <SubmitButton sending={sending} whileSending={null}>
            {chatTexts.transcriptSend}
          </SubmitButton>
        </form>
      ) : (
        <p className="text-sm text-slate-700">{chatTexts.transcriptNoAddress}</p>
      )}
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
            credentials={{ token: s.token }}
            events={s.events}
            viewer="customer"
            outgoing={s.outgoing}
            onRetry={(o) => chatClient.send(o.text, o.clientId)}
            showForms={false}
          />
          <p role="status" className="mt-2 min-h-5 text-sm text-slate-600 italic">
            {open && s.agentTyping ? chatTexts.agentTyping : ""}
          </p>
          {chat.Status === "queued" && chat.Position && chat.WaitMinutes && (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {queueMessage(chat.Position, chat.WaitMinutes)}
            </p>
          )}
          {!open && (
            <div className="mt-4 border-t border-slate-200 pt-4">
              {nobodyAnswered ? (
                <Ticket sent={s.ticketSent} />
              ) : chat.Rating === null ? (
                <ChatFormView form={chatForms.postchat} onSubmit={(v) => chatClient.rate(v)} />
              ) : (
                <p role="status" className="text-sm">
                  Dziękujemy za ocenę rozmowy.
                </p>
              )}
              {!nobodyAnswered && <Transcript events={s.events} />}
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
        {open && (
          <Composer
            label="Wiadomość"
            disabled={s.connection !== "connected"}
            // A message that fails is marked 'wiadomość nie wysłana' in the conversation, with a re-send.
            onSend={async (text) => {
              chatClient.send(text);
              return null;
            }}
            onFile={(file) => chatClient.sendFile(file)}
            onTyping={() => chatClient.typing()}
          />
        )}
      </div>
    );
  }

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4">
      {s.online === null ? (
        <p className="text-sm">Sprawdzamy, czy konsultanci są dostępni…</p>
      ) : s.online && !s.ticketSent ? (
        <ChatFormView form={chatForms.prechat} onSubmit={(v) => chatClient.start(v)} />
      ) : (
        <>
          {!s.ticketSent && (
            <p className="mb-3 text-sm text-slate-700">
              Nasi konsultanci są teraz niedostępni. Zostaw wiadomość, a odezwiemy się najszybciej, jak to
              możliwe.
            </p>
          )}
          <Ticket sent={s.ticketSent} />
        </>
      )}
    </div>
  );
}

/**
 * The panel's bar: the consultant once one answers (else the chat's name and the hours), or
 * 'ponowne łączenie…'; minimize and close.
 */
function PanelHeader({
  s,
  titleId,
  onMinimize,
  onClose,
}: {
  s: ChatClientState;
  titleId: string;
  onMinimize: () => void;
  onClose: () => void;
}) {
  // The consultant is named once the chat is active (not while queued, nor after the end).
  const agent = s.chat?.Status === "active" ? s.chat.ConsultantName : null;
  return (
    <header className="flex items-center gap-3 bg-brand-700 px-4 py-3 text-white">
      {agent && <Avatar name={agent} />}
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="truncate font-bold">
          {agent || "Czat z konsultantem"}
        </h2>
        <p className="text-xs text-white/90" role="status">
          {s.connection === "reconnecting"
            ? chatTexts.reconnecting
            : agent
              ? "Konsultant"
              : "pon. – pt., 9:00 – 19:00"}
        </p>
      </div>
      <button type="button" className={iconButton} aria-label="Zminimalizuj czat" onClick={onMinimize}>
        <MinusIcon className="h-5 w-5" />
      </button>
      <button type="button" className={iconButton} aria-label="Zamknij czat" onClick={onClose}>
        <CloseIcon className="h-5 w-5" />
      </button>
    </header>
  );
}

/**
 * The live chat widget in the corner of every page (spec sections 2 and 4): closed (a button),
 * open (the panel), minimized (a bar over an ongoing chat), the post-chat form after an end, and
 * 'ponowne łączenie…' while the connection is being restored. Offline: a leave-a-message form;
 * online: the pre-chat form, then the queue and the conversation with a consultant.
 */
export function ChatWidget({ openOnMount = false }: { openOnMount?: boolean }) {
  const s = useChat();
  const [widget, setWidget] = useState<WidgetState>("closed");
  const [confirmLeave, setConfirmLeave] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);

  // The widget's state survives navigation and reloads within the browser session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the launcher loaded the widget
  useEffect(() => {
    if (openOnMount) return show("open");
    const stored = sessionStorage.getItem(WIDGET_KEY) as WidgetState | null;
    if (stored === "open" || stored === "minimized") setWidget(stored);
    if (stored || readItem(CHAT_TOKEN_KEY)) void chatClient.resume();
  }, []);
  function show(next: WidgetState) {
    setWidget(next);
    sessionStorage.setItem(WIDGET_KEY, next);
    if (next === "open") {
      void chatClient.resume();
      requestAnimationFrame(() => panel.current?.focus());
    }
    if (next === "closed") requestAnimationFrame(() => launcher.current?.focus());
  }
  // Messages are "seen" while the panel is open and the page is visible.
  useEffect(() => {
    const update = () => chatClient.setLooking(widget === "open" && document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, [widget]);

  const ongoing = Boolean(s.token && s.chat && s.chat.Status !== "ended");
  const unread = s.events.filter((e) => e.Author === "agent" && e.Status !== "seen").length;

  // The consultant ended the chat while the leave question was open: there is nothing to leave.
  useEffect(() => {
    if (!ongoing) setConfirmLeave(false);
  }, [ongoing]);

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
    return (
      <ChatLauncherButton
        ref={launcher}
        onClick={() => show("open")}
        panelId={panelId}
        minimized={widget === "minimized" && ongoing}
        unread={unread}
      />
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
        <PanelHeader
          s={s}
          titleId={titleId}
          onMinimize={() => show(ongoing ? "minimized" : "closed")}
          onClose={close}
        />
        <Body s={s} onReset={() => void chatClient.reset()} />
      </section>
      <LeaveDialog
        open={confirmLeave && ongoing}
        onLeave={() => void leave()}
        onStay={() => setConfirmLeave(false)}
      />
    </>
  );
}
