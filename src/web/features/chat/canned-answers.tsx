import { useCallback, useEffect, useId, useState } from "react";
import { cannedAnswerInput } from "../../../domain/chat/canned-answer-input";
import { type CannedAnswerDto, CHAT_MESSAGE_MAX_LENGTH } from "../../../domain/chat/dto";
import { CheckboxField, FormSummary, SubmitButton, TextArea, TextField } from "../../components/form/fields";
import { uncheckedIsFalse, useSchemaForm } from "../../components/form/use-schema-form";
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
  const [error, setError] = useState<string | null>(null);
  const add = useSchemaForm(uncheckedIsFalse(cannedAnswerInput), {
    id: useId(),
    async send(value) {
      const r = await chatRequest(PATH, { method: "POST", bearer: token, body: value });
      if (!r.ok) throw { summary: r.message, field: null, fieldMessage: null };
      await onChanged();
    },
  });
  const { form, fields } = add;
  // Added: the form is emptied for the next one.
  useEffect(() => {
    if (add.sent) form.reset();
  }, [add.sent, form.reset]);
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
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <form {...add.formProps} className="mt-3 space-y-2 border-t border-slate-200 pt-3">
        <TextField field={fields.Shortcut} label="Skrót" maxLength={30} />
        <TextArea field={fields.Text} label="Treść" maxLength={CHAT_MESSAGE_MAX_LENGTH} />
        <CheckboxField field={fields.Shared}>Wspólna dla wszystkich konsultantów</CheckboxField>
        <FormSummary show={false} extra={add.serverError} />
        <SubmitButton sending={add.sending} whileSending={null}>
          Dodaj odpowiedź
        </SubmitButton>
      </form>
    </details>
  );
}
