import { useEffect, useRef, useState } from "react";
import type { ChatEventDto } from "../../../domain/chat/dto";
import { chatFileInline } from "../../../domain/chat/files";
import { messageStatusText } from "../../../domain/chat/texts";
import { formatTime } from "../../../domain/format";
import type { Outgoing } from "./chat-client";
import { downloadChatFile, type FileCredentials, useChatImage } from "./chat-files";

const time = (iso: string) => formatTime(new Date(iso));

/** A consultant's avatar: the initials of their name in a circle. */
export function Avatar({ name, size = "h-9 w-9" }: { name: string; size?: string }) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white`}
    >
      {initials}
    </span>
  );
}

/**
 * A file of the chat: a button that saves it (fetched with the reader's credentials), with a preview
 * above its name for the images served as pictures (PNG, JPEG, GIF).
 */
function FileLink({ e, credentials }: { e: ChatEventDto; credentials: FileCredentials }) {
  const p = (e.Payload ?? {}) as { Url?: string; Name?: string; ContentType?: string; Size?: number };
  const kb = Math.max(1, Math.round((p.Size ?? 0) / 1024));
  const name = p.Name ?? e.Text;
  const preview = useChatImage(p.Url, credentials, chatFileInline(p.ContentType ?? ""));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="block text-left underline underline-offset-2"
        onClick={async () => {
          if (p.Url) setProblem(await downloadChatFile(p.Url, name, credentials));
        }}
      >
        {preview && <img src={preview} alt="" className="mb-1 max-h-40 rounded-md" />}
        {`${name} (${kb} KB)`}
      </button>
      {problem && (
        <span role="alert" className="mt-1 block text-xs">
          {problem}
        </span>
      )}
    </>
  );
}

function FilledForm({ e }: { e: ChatEventDto }) {
  const values = ((e.Payload ?? {}) as { Values?: Record<string, unknown> }).Values ?? {};
  const labels: Record<string, string> = {
    name: "Imię",
    email: "E-mail",
    topic: "Temat",
    question: "Pytanie",
    rating: "Ocena",
    comment: "Komentarz",
  };
  const shown = Object.entries(values).filter(([k, v]) => labels[k] && v !== "" && v !== false);
  return (
    <dl className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      {shown.map(([k, v]) => (
        <div key={k} className="flex gap-2">
          <dt className="font-medium text-slate-600">{labels[k]}:</dt>
          <dd className="text-slate-900">{String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The conversation as a live log, for the customer's widget and the consultant's console: messages
 * (the viewer's own on the right, with their status), files, system messages and filled forms.
 */
export function MessageList({
  events,
  viewer,
  outgoing = [],
  onRetry,
  showForms,
  credentials,
}: {
  /** How this viewer proves the chat to read its files: the chat's token or the console's. */
  credentials: FileCredentials;
  events: ChatEventDto[];
  viewer: "customer" | "agent";
  outgoing?: Outgoing[];
  onRetry?: (o: Outgoing) => void;
  showForms: boolean;
}) {
  const end = useRef<HTMLDivElement>(null);
  const count = events.length + outgoing.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest entry when one arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [count]);
  const lastOwn = [...events].reverse().find((e) => e.Author === viewer && e.Kind !== "filled_form");

  return (
    <div role="log" aria-live="polite" aria-label="Przebieg rozmowy" className="space-y-2">
      {events.map((e) => {
        if (e.Kind === "filled_form") return showForms ? <FilledForm key={e.Id} e={e} /> : null;
        if (e.Kind === "system_message") {
          return (
            <p key={e.Id} className="px-2 text-center text-xs text-slate-500 italic">
              {e.Text}
            </p>
          );
        }
        const own = e.Author === viewer;
        return (
          <div key={e.Id} className={`flex flex-col ${own ? "items-end" : "items-start"}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${
                own ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
              }`}
            >
              {e.Kind === "file" ? <FileLink e={e} credentials={credentials} /> : e.Text}
            </div>
            <span className="mt-0.5 text-[11px] text-slate-500">
              {time(e.CreatedAtUtc)}
              {own && e === lastOwn ? ` · ${messageStatusText[e.Status]}` : ""}
            </span>
          </div>
        );
      })}
      {outgoing.map((o) => (
        <div key={o.clientId} className="flex flex-col items-end">
          <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600/70 px-3 py-2 text-sm whitespace-pre-wrap text-white">
            {o.text}
          </div>
          {o.status === "failed" ? (
            <span className="mt-0.5 text-[11px] text-red-700">
              {messageStatusText.failed} ·{" "}
              <button type="button" className="underline" onClick={() => onRetry?.(o)}>
                Wyślij ponownie
              </button>
            </span>
          ) : (
            <span className="mt-0.5 text-[11px] text-slate-500">wysyłanie…</span>
          )}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
