import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { FORM_INVALID_MESSAGE, fieldErrors, PASSWORD_RULES } from "../../../domain/account";
import { ApiRequestError } from "../../api-client";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";

/** Building blocks of the account screens: fields with labels and errors, buttons, notices. */

/** True once React runs in the browser: forms stay disabled until they can be handled here. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function PageShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${title} | Flotis`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold text-balance text-brand-900 sm:text-3xl">{title}</h1>
      {intro ? <div className="mt-3 text-slate-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </main>
  );
}

export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section
      aria-labelledby={title ? `${id}-title` : undefined}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {title ? (
        <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold text-brand-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  hint?: ReactNode;
  readOnly?: boolean;
  inputMode?: "numeric" | "email" | "tel" | "text";
}

export function TextField(p: FieldProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, p.value, p.onChange);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [p.hint ? hintId : null, p.error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {p.label}
      </label>
      <input
        ref={ref}
        id={id}
        name={p.name}
        type={p.type ?? "text"}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        readOnly={p.readOnly}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described}
        className={`rounded-lg border px-3 py-2.5 text-base outline-none focus:ring-2 focus:ring-brand-600 ${
          p.error ? "border-red-600 bg-red-50" : "border-slate-300"
        } ${p.readOnly ? "bg-slate-100 text-slate-700" : ""}`}
      />
      {p.hint ? (
        <div id={hintId} className="text-sm text-slate-600">
          {p.hint}
        </div>
      ) : null}
      {p.error ? (
        <p id={errorId} className="text-sm text-red-700">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField(p: {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, p.checked, p.onChange);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          name={p.name}
          type="checkbox"
          checked={p.checked}
          onChange={(e) => p.onChange(e.target.checked)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {p.label}
        </label>
      </div>
      {p.error ? (
        <p id={`${id}-error`} className="ml-8 text-sm text-red-700">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated || busy}
      aria-busy={busy || undefined}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
          aria-hidden="true"
        />
      ) : null}
      {children}
    </button>
  );
}

export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-800",
    success: "border-green-300 bg-green-50 text-green-900",
    info: "border-brand-100 bg-brand-50 text-brand-900",
  }[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

export const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
export const buttonLinkClass =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50";

/** Form state with the shared zod schema: values, per-field errors and the form-level message. */
export function useForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => {
        if (!(key in e)) return e;
        const { [key as string]: _, ...rest } = e;
        return rest;
      });
    };
  /** Validates with the schema; on failure marks the fields and returns null. */
  function validate<S extends z.ZodType>(schema: S, data: unknown = values): z.output<S> | null {
    const r = schema.safeParse(data);
    if (r.success) {
      setErrors({});
      setFormError(null);
      return r.data;
    }
    setErrors(fieldErrors(r.error));
    setFormError(FORM_INVALID_MESSAGE);
    return null;
  }
  /** Runs a call, showing the server's message for errors the client left to the form. */
  async function submit(run: () => Promise<void>) {
    setBusy(true);
    setFormError(null);
    try {
      await run();
    } catch (err) {
      if (err instanceof ApiRequestError) {
        if (!err.handled) setFormError(serverMessage(err.message));
      } else throw err;
    } finally {
      setBusy(false);
    }
  }
  /** The name, value, change handler and error of a text field, for <TextField {...form.bind("Email")} />. */
  const bind = <K extends keyof T & string>(key: K) => ({
    name: key,
    value: values[key] as string,
    onChange: set(key) as (value: string) => void,
    error: errors[key],
  });
  return { values, setValues, set, bind, errors, setErrors, formError, setFormError, busy, validate, submit };
}

/** The new password and its repetition, as password reset and the password change ask for them. */
export function NewPasswordFields({
  form,
}: {
  form: { bind: (key: "NewPassword" | "RepeatPassword") => Omit<FieldProps, "label"> };
}) {
  return (
    <>
      <TextField
        {...form.bind("NewPassword")}
        label="Nowe hasło"
        type="password"
        autoComplete="new-password"
        hint={`Hasło musi zawierać: ${PASSWORD_RULES.join(", ")}.`}
      />
      <TextField
        {...form.bind("RepeatPassword")}
        label="Powtórz nowe hasło"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** "Pole Email: Email jest nieprawidłowy" reads better in a form without the field prefix. */
function serverMessage(message: string): string {
  return message.replace(/^Pole [\w.]+: /, "") || "Wystąpił błąd. Spróbuj ponownie.";
}

/** Sends a signed-out person to the sign-in page, remembering where they wanted to go. */
export function loginUrl(returnTo: string): string {
  return `/login?returnTo=${encodeURIComponent(returnTo)}`;
}
