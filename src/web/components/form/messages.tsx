import { MSG } from "../../../domain/lead-messages";

/**
 * The messages and the spinner of the form kit (fields.tsx), without conform: the call-back form in
 * every page's shell shows them too, and this module keeps the form layer out of that bundle.
 */

/**
 * A field's message. `announce` makes it an alert, for a form whose one field is the whole form (a
 * bid): no summary line stands above it to be announced instead.
 */
export function FieldError({ id, message, announce }: { id: string; message?: string; announce?: boolean }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role={announce ? "alert" : undefined}
      className={`mt-1 text-sm text-red-700 ${announce ? "font-semibold" : ""}`}
    >
      {message}
    </p>
  );
}

/**
 * The summary line of spec section 5, shown while any field is marked; or, after the server refused
 * the send, only the server's text of spec section 8 (`extra`). Focusable: a failed send without a
 * marked field moves the focus here.
 */
export function FormSummary({ show, extra }: { show: boolean; extra?: string | null }) {
  if (!show && !extra) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-form-summary
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
    >
      {show && <p>{MSG.summary}</p>}
      {extra && <p>{extra}</p>}
    </div>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
