import { useRef, useState } from "react";
import {
  type CannedAnswerDto,
  CHAT_TYPING_EVERY_MS,
  type ChatEventDto,
  type ChatSummary,
} from "../../../domain/chat/dto";
import { isRefusal } from "../../../domain/chat/events";
import { chatTexts } from "../../../domain/chat/texts";
import { withoutControlCharacters } from "../../../domain/input-safety";
import { type ChatSocket, chatRequest, newClientId } from "./chat-client";
import { Composer } from "./composer";
import type { ConsultantSession, HandOver } from "./console-hub";
import { MessageList } from "./message-list";
import { TransferForm } from "./transfer";

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

export interface ConversationPaneProps {
  session: ConsultantSession;
  socket: ChatSocket | null;
  /** The chat shown, when it is still among the console's chats. */
  current: ChatSummary | null;
  selected: number | null;
  events: Record<number, ChatEventDto[]>;
  typing: Record<number, boolean>;
  handedOver: Record<number, HandOver>;
  canned: CannedAnswerDto[];
  notice: string | null;
  onNotice: (notice: string | null) => void;
  onAccept: (chatId: number) => void;
  onEnd: (chatId: number) => void;
}

/**
 * The console's main pane: the chat chosen from the lists, an ended chat's history, or a hint to
 * choose one; a refusal from the hub above it.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const { session, current, selected, events, notice } = props;
  // The chat whose transfer form is open; kept here so that it stays open while the lists change.
  const [transferring, setTransferring] = useState<number | null>(null);
  return (
    <main className="flex min-h-0 flex-1 flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:min-h-[28rem]">
      {notice && (
        <p role="alert" className="m-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      )}
      {!current && selected !== null && events[selected] ? (
        <>
          <h2 className="border-b border-slate-200 p-4 text-lg font-bold">Rozmowa zakończona</h2>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            <MessageList
              events={events[selected]}
              viewer="agent"
              showForms
              credentials={{ bearer: session.token }}
            />
          </div>
        </>
      ) : !current ? (
        <p className="p-6 text-slate-600">Wybierz rozmowę z listy.</p>
      ) : (
        <OpenConversation
          {...props}
          current={current}
          transferring={transferring}
          onTransferring={setTransferring}
        />
      )}
    </main>
  );
}

/** The open chat's buttons: smaller on a phone, so that its name and both fit one line. */
const action = "rounded-lg border px-3 py-1.5 text-sm font-semibold md:px-4 md:py-2 md:text-base";

/** A chat in the queue or one of the consultant's own: its actions, its messages and the reply box. */
function OpenConversation({
  session,
  socket,
  current,
  events,
  typing,
  handedOver,
  canned,
  onNotice,
  onAccept,
  onEnd,
  transferring,
  onTransferring,
}: ConversationPaneProps & {
  current: ChatSummary;
  transferring: number | null;
  onTransferring: (chatId: number | null) => void;
}) {
  const mine = current.Status === "active" && current.ConsultantId === session.id;
  const handOver = handedOver[current.ChatId];
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 md:gap-3 md:p-4">
        <h2 className="flex-1 text-lg font-bold">{`${current.CustomerName} · ${current.Topic}`}</h2>
        {current.Status === "queued" && (
          <button
            type="button"
            onClick={() => onAccept(current.ChatId)}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Przyjmij rozmowę
          </button>
        )}
        {mine && (
          <button
            type="button"
            aria-expanded={transferring === current.ChatId}
            onClick={() => onTransferring(transferring === current.ChatId ? null : current.ChatId)}
            className={`${action} border-slate-400 hover:bg-slate-50`}
          >
            Przekaż
          </button>
        )}
        {mine && (
          <button
            type="button"
            onClick={() => onEnd(current.ChatId)}
            className={`${action} border-red-700 text-red-800 hover:bg-red-50`}
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
            onNotice(error);
            if (!error) onTransferring(null);
          }}
        />
      )}
      {handOver && current.ConsultantId === session.id && (
        <p className="mx-4 mt-3 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          {`Przekazanie rozmowy od: ${handOver.From}.`}
          {handOver.Note && ` Notatka: ${handOver.Note}`}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <MessageList
          events={events[current.ChatId] ?? []}
          viewer="agent"
          showForms
          credentials={{ bearer: session.token }}
        />
        <p role="status" className="mt-2 min-h-5 text-sm text-slate-600 italic">
          {current.Status === "active" && typing[current.ChatId] ? chatTexts.customerTyping : ""}
        </p>
      </div>
      {mine && socket && (
        <Reply chatId={current.ChatId} token={session.token} socket={socket} canned={canned} />
      )}
    </>
  );
}
