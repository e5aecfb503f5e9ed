import { useId, useState } from "react";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../../domain/chat/dto";
import { CHAT_FILE_ACCEPT, chatFileRefusal } from "../../../domain/chat/files";
import { chatTexts } from "../../../domain/chat/texts";

type CannedAnswer = { Shortcut: string; Text: string };

/** The canned answers whose shortcut starts with what follows '/', each put in the box by a click. */
function CannedAnswers({ matches, onPick }: { matches: CannedAnswer[]; onPick: (text: string) => void }) {
  return (
    <ul
      aria-label="Gotowe odpowiedzi"
      className="mb-2 max-h-48 overflow-y-auto rounded-lg border border-slate-200"
    >
      {matches.map((c) => (
        <li key={c.Shortcut + c.Text}>
          <button
            type="button"
            onClick={() => onPick(c.Text)}
            className="block w-full px-3 py-1.5 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50"
          >
            <span className="font-semibold text-brand-800">/{c.Shortcut}</span>{" "}
            <span className="text-slate-700">{c.Text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'wyślij plik' and what became of the file: 'wysyłanie pliku…' while it uploads, a refused one named
 * with its refusal under it.
 */
function FileButton({
  disabled,
  onFile,
}: {
  disabled: boolean;
  onFile: (file: File) => Promise<string | null>;
}) {
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<{ name: string; message: string } | null>(null);
  const fileId = useId();
  return (
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
          accept={CHAT_FILE_ACCEPT}
          disabled={disabled || uploading}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            setFileError(null);
            // Name and size are checked before uploading; the server checks the content too.
            let refused = chatFileRefusal(file.name, file.size);
            if (!refused) {
              setUploading(true);
              refused = await onFile(file);
              setUploading(false);
            }
            setFileError(refused ? { name: file.name, message: refused } : null);
          }}
        />
      </label>
      {fileError && (
        <div role="alert" className="mt-1 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-sm">
          <p className="truncate font-medium text-slate-800">{fileError.name}</p>
          <p className="text-red-700">{fileError.message}</p>
        </div>
      )}
    </div>
  );
}

/**
 * Writing in a chat, for the customer's widget and the consultant's console: a message (Enter sends,
 * Shift+Enter breaks the line) and 'wyślij plik'. `onSend` and `onFile` answer an error message to
 * show, or null; the text is cleared once it was taken. A refused file is named with its refusal
 * under it (the spec's format message, or the size limit), apart from a refused message.
 */
export function Composer({
  label,
  disabled = false,
  onSend,
  onFile,
  onTyping,
  canned = [],
}: {
  label: string;
  disabled?: boolean;
  onSend: (text: string) => Promise<string | null>;
  onFile: (file: File) => Promise<string | null>;
  /** Told on every keystroke that leaves text in the box (the caller throttles what it sends). */
  onTyping?: () => void;
  /** Canned answers: '/' and the start of a shortcut lists them; Enter or a click puts one in the box. */
  canned?: CannedAnswer[];
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  // '/god' lists the answers whose shortcut starts with 'god'.
  const query = /^\/(\S*)$/.exec(text)?.[1]?.toLowerCase();
  const matches =
    query === undefined ? [] : canned.filter((c) => c.Shortcut.toLowerCase().startsWith(query)).slice(0, 6);
  const pick = (answer: string) => {
    setText(answer);
    document.getElementById(inputId)?.focus();
  };
  const send = async () => {
    const t = text.trim();
    if (!t) return;
    const refused = await onSend(t);
    setError(refused);
    if (!refused) setText("");
  };
  return (
    <div className="border-t border-slate-200 p-3">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {matches.length > 0 && <CannedAnswers matches={matches} onPick={pick} />}
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          disabled={disabled}
          placeholder={chatTexts.placeholder}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping?.();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              if (matches.length) pick(matches[0].Text);
              else void send();
            }
          }}
          className="min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => void send()}
          disabled={disabled}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Wyślij
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <FileButton disabled={disabled} onFile={onFile} />
    </div>
  );
}
