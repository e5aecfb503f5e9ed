import { type FormEvent, useId, useState } from "react";
import { type ChatForm, type ChatFormValues, checkChatForm } from "../../../domain/chat/forms";
import { CheckboxField, FieldError, FormSummary, Spinner, TextArea, TextField } from "../leads/fields";

/**
 * Renders one of the chat's forms (src/domain/chat/forms.ts) and checks it with the rules the server
 * applies. `onSubmit` answers an error message to show, or null.
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
  const prefix = useId();
  const [values, setValues] = useState<ChatFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (name: string, v: string | number | boolean) => {
    setValues((old) => ({ ...old, [name]: v }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkChatForm(form, values);
    setErrors(checked.errors);
    setFailure(null);
    if (Object.keys(checked.errors).length) return;
    setSending(true);
    const error = await onSubmit(checked.values);
    setSending(false);
    setFailure(error);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {form.fields.map((f) => {
        const id = `${prefix}-${"name" in f ? f.name : "header"}`;
        switch (f.type) {
          case "header":
            return (
              <h3 key={f.text} className="text-base font-bold text-slate-900">
                {f.text}
              </h3>
            );
          case "input":
            return (
              <TextField
                key={f.name}
                id={id}
                label={f.label}
                required={f.required}
                type={f.pattern === "email" ? "email" : "text"}
                autoComplete={f.pattern === "email" ? "email" : "given-name"}
                value={String(values[f.name] ?? "")}
                onValue={(v) => set(f.name, v)}
                error={errors[f.name]}
                maxLength={f.maxLength}
              />
            );
          case "textarea":
            return (
              <TextArea
                key={f.name}
                id={id}
                label={f.label}
                required={f.required}
                value={String(values[f.name] ?? "")}
                onValue={(v) => set(f.name, v)}
                error={errors[f.name]}
                maxLength={f.maxLength}
              />
            );
          case "checkbox":
            return (
              <CheckboxField
                key={f.name}
                id={id}
                checked={values[f.name] === true}
                onValue={(v) => set(f.name, v)}
                error={errors[f.name]}
                required={f.required}
              >
                {f.label}
              </CheckboxField>
            );
          case "radio":
            return (
              <fieldset key={f.name} aria-describedby={errors[f.name] ? `${id}-error` : undefined}>
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
                        name={`${prefix}-${f.name}`}
                        value={option}
                        checked={values[f.name] === option}
                        onChange={() => set(f.name, option)}
                      />
                      {option}
                    </label>
                  ))}
                </div>
                <FieldError id={`${id}-error`} message={errors[f.name]} />
              </fieldset>
            );
          case "rating":
            return (
              <fieldset key={f.name} aria-describedby={errors[f.name] ? `${id}-error` : undefined}>
                <legend className="text-sm font-medium text-slate-800">{f.label}</legend>
                <div className="mt-1 flex gap-1">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <label key={n} className="cursor-pointer">
                      <input
                        type="radio"
                        className="peer sr-only"
                        name={`${prefix}-${f.name}`}
                        value={n}
                        checked={values[f.name] === n}
                        onChange={() => set(f.name, n)}
                      />
                      <span className="sr-only">{`Ocena ${n} z 5`}</span>
                      <span
                        aria-hidden="true"
                        className={`block text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${
                          Number(values[f.name] ?? 0) >= n ? "text-amber-500" : "text-slate-300"
                        }`}
                      >
                        ★
                      </span>
                    </label>
                  ))}
                </div>
                <FieldError id={`${id}-error`} message={errors[f.name]} />
              </fieldset>
            );
          default:
            return null;
        }
      })}
      <FormSummary show={Object.keys(errors).length > 0} extra={failure} />
      <button
        type="submit"
        disabled={sending}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
      >
        {sending && <Spinner />}
        {form.submit}
      </button>
    </form>
  );
}
