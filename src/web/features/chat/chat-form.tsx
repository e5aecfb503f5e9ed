import type { FieldMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import {
  CHAT_PRIVACY_CLAUSE,
  type ChatForm,
  type ChatFormField,
  type ChatFormValues,
  checkChatForm,
} from "../../../domain/chat/forms";
import {
  CheckboxField,
  FieldError,
  FormSummary,
  SubmitButton,
  TextArea,
  TextField,
} from "../../components/form/fields";
import { checkedBy, useCheckedForm } from "../../components/form/use-checked-form";
import { PrivacyNote } from "../../components/privacy-note";

/** What the form posts, as the chat's rules take it: a tick is true, a rating a number. */
function answersOf(form: ChatForm, payload: Record<string, unknown>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const f of form.fields) {
    if (f.type === "header") continue;
    const v = payload[f.name];
    answers[f.name] = f.type === "checkbox" ? v === "on" : f.type === "rating" && v ? Number(v) : v;
  }
  return answers;
}

/**
 * Renders one of the chat's forms (src/domain/chat/forms.ts) on the form kit and checks it with the
 * rules the server applies (the chat's own checker, not a zod schema: the widget loads without zod).
 * `onSubmit` answers an error message to show, or null.
 */
export function ChatFormView({
  form,
  onSubmit,
  initial = {},
}: {
  form: ChatForm;
  onSubmit: (values: ChatFormValues) => Promise<string | null>;
  /** Answers known already (the e-mail the customer gave in the pre-chat form). */
  initial?: ChatFormValues;
}) {
  const checked = useCheckedForm<ChatFormValues>(
    checkedBy((payload) => {
      const { errors, values } = checkChatForm(form, answersOf(form, payload));
      return { error: errors, value: values };
    }),
    {
      id: `${useId()}-${form.id}`,
      defaultValue: initial,
      async send(values) {
        const error = await onSubmit(values);
        if (error) throw { summary: error, field: null, fieldMessage: null };
      },
    },
  );
  const { fields } = checked;

  return (
    <form {...checked.formProps} className="space-y-3">
      {form.fields.map((f) =>
        f.type === "header" ? (
          <h3 key={f.text} className="text-base font-bold text-slate-900">
            {f.text}
          </h3>
        ) : (
          <ChatField key={f.name} f={f} field={fields[f.name]} />
        ),
      )}
      {form.informs && <PrivacyNote lead={CHAT_PRIVACY_CLAUSE} />}
      <FormSummary show={checked.invalid && !checked.serverError} extra={checked.serverError} />
      <SubmitButton sending={checked.sending} whileSending={null}>
        {form.submit}
      </SubmitButton>
    </form>
  );
}

function ChatField({
  f,
  field,
}: {
  f: Exclude<ChatFormField, { type: "header" }>;
  field: FieldMetadata<string | number | boolean, ChatFormValues, string[]>;
}) {
  const error = field.errors?.[0];
  switch (f.type) {
    case "input":
      return (
        <TextField
          field={field}
          label={f.label}
          required={f.required}
          type={f.pattern === "email" ? "email" : "text"}
          autoComplete={f.pattern === "email" ? "email" : "given-name"}
          maxLength={f.maxLength}
        />
      );
    case "textarea":
      return <TextArea field={field} label={f.label} required={f.required} maxLength={f.maxLength} />;
    case "checkbox":
      return (
        <CheckboxField field={field} required={f.required}>
          {f.label}
        </CheckboxField>
      );
    case "radio":
      return (
        <fieldset aria-describedby={error ? field.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {f.label}
            {f.required && <span aria-hidden="true"> *</span>}
          </legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {f.options.map((option) => (
              <label
                key={option}
                className="flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={field.name}
                  value={option}
                  defaultChecked={field.initialValue === option}
                />
                {option}
              </label>
            ))}
          </div>
          <FieldError id={field.errorId} message={error} />
        </fieldset>
      );
    case "rating":
      return <RatingField label={f.label} field={field} />;
  }
}

/** Five stars: the chosen one and those before it light up. */
function RatingField({
  label,
  field,
}: {
  label: string;
  field: FieldMetadata<string | number | boolean, ChatFormValues, string[]>;
}) {
  const [chosen, setChosen] = useState(Number(field.initialValue ?? 0));
  const error = field.errors?.[0];
  return (
    <fieldset aria-describedby={error ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              className="peer sr-only"
              name={field.name}
              value={n}
              defaultChecked={chosen === n}
              onChange={() => setChosen(n)}
            />
            <span className="sr-only">{`Ocena ${n} z 5`}</span>
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${
                chosen >= n ? "text-amber-500" : "text-slate-300"
              }`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} message={error} />
    </fieldset>
  );
}
