import type { ReactNode } from "react";
import { Link } from "react-router";
import { FORM_INVALID_MESSAGE, PASSWORD_RULES } from "../../../domain/account";
import { namedField } from "../../../domain/errors";
import { ApiRequestError } from "../../api-client";
import { type Field, PasswordField } from "../../components/form/fields";
import type { FormRefusal } from "../../components/form/use-checked-form";

/** Building blocks of the account screens: fields with labels and errors, buttons, notices. */

/** A screen's heading, what it is for (`intro`) and what it holds. */
export interface ScreenProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function PageShell({ title, intro, children }: ScreenProps) {
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

/** The way on to signing in, after an account's step that ends signed out (activation, a new password). */
export function SignInButton() {
  return (
    <div>
      <Link to="/login" className={buttonLinkClass}>
        Zaloguj się
      </Link>
    </div>
  );
}

export const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
export const buttonLinkClass =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700";

/** The new password and its repetition, as password reset and the password change ask for them. */
export function NewPasswordFields({ fields }: { fields: Record<"NewPassword" | "RepeatPassword", Field> }) {
  return (
    <>
      <PasswordField
        field={fields.NewPassword}
        label="Nowe hasło"
        autoComplete="new-password"
        hint={`Hasło musi zawierać: ${PASSWORD_RULES.join(", ")}.`}
      />
      <PasswordField field={fields.RepeatPassword} label="Powtórz nowe hasło" autoComplete="new-password" />
    </>
  );
}

/**
 * What an account form shows after a refused send: the server's message without its field prefix
 * (a 400 or 429 the client left to the form), nothing when the API client has told the person already.
 */
export function accountRefusal(err: unknown): FormRefusal | null {
  if (!(err instanceof ApiRequestError)) throw err;
  return err.handled ? null : { summary: serverMessage(err.message), field: null, fieldMessage: null };
}

/** The form's notice: the server's refusal, or the spec's summary while a field is marked. */
export function FormNotice({ form }: { form: { serverError: string | null; invalid: boolean } }) {
  if (!form.serverError && !form.invalid) return null;
  return <Notice kind="error">{form.serverError ?? FORM_INVALID_MESSAGE}</Notice>;
}

/** "Pole Email: Email jest nieprawidłowy" reads better in a form without the field prefix. */
function serverMessage(message: string): string {
  return (namedField(message)?.message ?? message) || "Wystąpił błąd. Spróbuj ponownie.";
}

/** Sends a signed-out person to the sign-in page, remembering where they wanted to go. */
export function loginUrl(returnTo: string): string {
  return `/login?returnTo=${encodeURIComponent(returnTo)}`;
}
