import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import type { ChatOverviewRowDto } from "../../../domain/chat/dto";
import { formatDate } from "../../../domain/format";
import { chatRequest } from "./chat-client";

const oneDecimal = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 1 });
/** "2026-11-25" → "25.11.2026" (noon UTC is the same day in Warsaw). */
const dayPl = (day: string) => formatDate(new Date(`${day}T12:00:00Z`));
/** 95 → "1 min 35 s" */
function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m}\u00a0min ${s}\u00a0s` : `${s}\u00a0s`;
}

const input =
  "mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";
const cell = "border-b border-slate-200 px-3 py-2";

/** Per day and consultant: chats, messages, ratings and the time to the first answer. */
function OverviewTable({ rows }: { rows: ChatOverviewRowDto[] }) {
  return (
    // The table scrolls sideways on a phone rather than squeezing its figures.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="mt-4 overflow-x-auto" tabIndex={0} aria-label="Tabela ocen i rozmów">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              Dzień
            </th>
            <th scope="col" className={cell}>
              Konsultant
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Rozmowy
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Wiadomości
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Średnia ocena
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Liczba ocen
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Średni czas do pierwszej odpowiedzi
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.Day}-${r.ConsultantId}`}>
              <td className={cell}>{dayPl(r.Day)}</td>
              <td className={cell}>{r.ConsultantName}</td>
              <td className={`${cell} text-right`}>{r.Chats}</td>
              <td className={`${cell} text-right`}>{r.Messages}</td>
              <td className={`${cell} text-right`}>
                {r.AverageRating === null ? "—" : oneDecimal.format(r.AverageRating)}
              </td>
              <td className={`${cell} text-right`}>{r.Ratings}</td>
              <td className={`${cell} text-right`}>{duration(r.AverageFirstAnswerSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The console's ratings and volume overview: per consultant and day of the chosen range (the last
 * seven days until the consultant picks others), chats, messages, average rating and how many rated,
 * and the average time to the first answer.
 */
export function ChatOverview({ token }: { token: string }) {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [rows, setRows] = useState<ChatOverviewRowDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { from: useId(), to: useId() };

  const load = useCallback(
    async (from?: string, to?: string) => {
      const query = from && to ? `?from=${from}&to=${to}` : "";
      const r = await chatRequest<{ From: string; To: string; Rows: ChatOverviewRowDto[] }>(
        `/api/Chat/Consultant/Overview${query}`,
        { bearer: token },
      );
      if (!r.ok) return setError(r.message);
      setError(null);
      setRange({ from: r.body.From, to: r.body.To });
      setRows(r.body.Rows);
    },
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    void load(String(data.get("from")), String(data.get("to")));
  };

  return (
    <section
      aria-labelledby={`${ids.from}-h`}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${ids.from}-h`} className="text-lg font-bold">
        Oceny i liczba rozmów
      </h2>
      {range && (
        <form
          onSubmit={submit}
          className="mt-3 flex flex-wrap items-end gap-3"
          key={`${range.from}-${range.to}`}
        >
          <label htmlFor={ids.from} className="text-sm font-medium">
            Od
            <input
              id={ids.from}
              name="from"
              type="date"
              required
              defaultValue={range.from}
              className={input}
            />
          </label>
          <label htmlFor={ids.to} className="text-sm font-medium">
            Do
            <input id={ids.to} name="to" type="date" required defaultValue={range.to} className={input} />
          </label>
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Pokaż
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && <p className="mt-4 text-sm text-slate-600">Brak rozmów w tym okresie.</p>}
      {rows && rows.length > 0 && <OverviewTable rows={rows} />}
    </section>
  );
}
