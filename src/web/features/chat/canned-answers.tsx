import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { CannedAnswerDto } from "../../../domain/chat/dto";
import { chatRequest } from "./chat-client";

const PATH = "/api/Chat/Consultant/CannedAnswers";

/** The consultant's canned answers (own and shared), and a way to read them again after a change. */
export function useCannedAnswers(token: string | undefined) {
  const [answers, setAnswers] = useState<CannedAnswerDto[]>([]);
  const reload = useCallback(async () => {
    if (!token) return;
    const r = await chatRequest<{ Answers: CannedAnswerDto[] }>(PATH, { bearer: token });
    if (r.ok) setAnswers(r.body.Answers);
  }, [token]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { answers, reload };
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

/**
 * Managing canned answers in the console: the list (own and the team's shared ones, each removable
 * by whoever may) and a form for a new one. In the reply box, '/' and the shortcut bring one in.
 */
export function CannedAnswersPanel({
  token,
  answers,
  onChanged,
}: {
  token: string;
  answers: CannedAnswerDto[];
  onChanged: () => Promise<void>;
}) {
  const [shortcut, setShortcut] = useState("");
  const [text, setText] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { shortcut: useId(), text: useId(), shared: useId() };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const r = await chatRequest(PATH, {
      method: "POST",
      bearer: token,
      body: { Shortcut: shortcut, Text: text, Shared: shared },
    });
    if (!r.ok) return setError(r.message);
    setError(null);
    setShortcut("");
    setText("");
    await onChanged();
  };
  const remove = async (id: number) => {
    const r = await chatRequest(`${PATH}?id=${id}`, { method: "DELETE", bearer: token });
    setError(r.ok ? null : r.message);
    await onChanged();
  };
  return (
    <details className="mb-6 rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-bold tracking-wide text-slate-600 uppercase">
        {`Gotowe odpowiedzi (${answers.length})`}
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        W polu odpowiedzi wpisz „/” i początek skrótu, a potem Enter.
      </p>
      <ul className="mt-2 space-y-2">
        {answers.map((a) => (
          <li key={a.Id} className="flex items-start gap-2 text-sm">
            <div className="min-w-0 flex-1">
              <span className="font-semibold text-brand-800">/{a.Shortcut}</span>
              {a.Shared && (
                <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-700">wspólna</span>
              )}
              <p className="break-words text-slate-700">{a.Text}</p>
            </div>
            <button
              type="button"
              onClick={() => void remove(a.Id)}
              aria-label={`Usuń gotową odpowiedź /${a.Shortcut}`}
              className="rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50"
            >
              Usuń
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="mt-3 space-y-2 border-t border-slate-200 pt-3">
        <label htmlFor={ids.shortcut} className="block text-sm font-medium">
          Skrót
          <input
            id={ids.shortcut}
            value={shortcut}
            maxLength={30}
            onChange={(e) => setShortcut(e.target.value)}
            className={input}
          />
        </label>
        <label htmlFor={ids.text} className="block text-sm font-medium">
          Treść
          <textarea
            id={ids.text}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={input}
          />
        </label>
        <label htmlFor={ids.shared} className="flex items-center gap-2 text-sm">
          <input
            id={ids.shared}
            type="checkbox"
            checked={shared}
            onChange={(e) => setShared(e.target.checked)}
          />
          Wspólna dla wszystkich konsultantów
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Dodaj odpowiedź
        </button>
      </form>
    </details>
  );
}
