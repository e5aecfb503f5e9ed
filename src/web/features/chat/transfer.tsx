import { useEffect, useId, useState } from "react";
import { isRefusal } from "../../../domain/chat/events";
import type { ChatSocket } from "./chat-client";

/**
 * Handing the open chat to another consultant who is online now, with a note for them (the customer
 * does not see it). The list of who is online is read when the form opens.
 */
export function TransferForm({
  chatId,
  socket,
  onDone,
}: {
  chatId: number;
  socket: ChatSocket;
  onDone: (error: string | null) => void;
}) {
  const [consultants, setConsultants] = useState<{ Id: number; Name: string }[] | null>(null);
  const [to, setTo] = useState("");
  const [note, setNote] = useState("");
  const ids = { to: useId(), note: useId() };
  useEffect(() => {
    socket.emit("online", {}, (a) => {
      const online = isRefusal(a) ? [] : a.Consultants;
      setConsultants(online);
      setTo(String(online[0]?.Id ?? ""));
    });
  }, [socket]);
  if (consultants === null) return <p className="p-4 text-sm text-slate-600">Sprawdzamy, kto jest online…</p>;
  if (consultants.length === 0)
    return <p className="p-4 text-sm text-slate-700">Nikt inny nie jest teraz online.</p>;
  return (
    <form
      className="space-y-2 border-b border-slate-200 bg-slate-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        socket.emit("transfer", { chatId, to: Number(to), note }, (a) =>
          onDone(isRefusal(a) ? a.ErrorMessage : null),
        );
      }}
    >
      <label htmlFor={ids.to} className="block text-sm font-medium">
        Przekaż do
        <select
          id={ids.to}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {consultants.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.note} className="block text-sm font-medium">
        Notatka dla konsultanta
        <textarea
          id={ids.note}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Przekaż rozmowę
      </button>
    </form>
  );
}
