import { useEffect, useId, useState } from "react";
import { isRefusal } from "../../../domain/chat/events";
import { SelectField, SubmitButton, TextArea } from "../../components/form/fields";
import { checkedBy, useCheckedForm } from "../../components/form/use-checked-form";
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
  const transfer = useCheckedForm<{ to: number; note: string }>(
    checkedBy((payload) => ({ value: { to: Number(payload.to), note: String(payload.note ?? "") } })),
    {
      id: useId(),
      send: ({ to, note }) =>
        new Promise<void>((resolve) =>
          socket.emit("transfer", { chatId, to, note }, (a) => {
            onDone(isRefusal(a) ? a.ErrorMessage : null);
            resolve();
          }),
        ),
    },
  );
  useEffect(() => {
    socket.emit("online", {}, (a) => setConsultants(isRefusal(a) ? [] : a.Consultants));
  }, [socket]);
  if (consultants === null) return <p className="p-4 text-sm text-slate-600">Sprawdzamy, kto jest online…</p>;
  if (consultants.length === 0)
    return <p className="p-4 text-sm text-slate-700">Nikt inny nie jest teraz online.</p>;
  const { fields } = transfer;
  return (
    <form {...transfer.formProps} className="space-y-2 border-b border-slate-200 bg-slate-50 p-4">
      <SelectField
        field={fields.to}
        label="Przekaż do"
        options={consultants.map((c) => ({ value: c.Id, name: c.Name }))}
      />
      <TextArea field={fields.note} label="Notatka dla konsultanta" maxLength={500} />
      <SubmitButton sending={transfer.sending} whileSending={null}>
        Przekaż rozmowę
      </SubmitButton>
    </form>
  );
}
