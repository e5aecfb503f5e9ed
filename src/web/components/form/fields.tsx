import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { MSG } from "../../../domain/lead-messages";

/**
 * The one field kit of every form (issue 18): controls bound to a conform field (name, id, the value
 * the server sent back, `aria-invalid` and `aria-describedby` pointing at the message). The inputs are
 * uncontrolled: what a person types before the scripts arrive stays in the input and is what the form
 * sends, posted to the route's action or validated in the browser once it has hydrated.
 */

/** A field of any form's schema, as the controls take it. */
// biome-ignore lint/suspicious/noExplicitAny: a control takes a field of any schema.
export type Field = FieldMetadata<any, any, string[]>;

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:outline-none focus:ring-2 ${
    invalid
      ? "border-red-600 bg-red-50 focus:ring-red-500"
      : "border-slate-300 bg-white focus:border-brand-600 focus:ring-brand-600"
  }`;

/** The first message of a field (the schemas stop at the first failure of each field). */
export const firstError = (field: Field): string | undefined => field.errors?.[0];

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "id" | "defaultValue" | "value" | "type" | "required"
> & {
  field: Field;
  label: ReactNode;
  required?: boolean;
  type?: "text" | "email" | "tel" | "password";
};

export function TextField({ field, label, required, type = "text", ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div>
      <Label htmlFor={field.id} label={label} required={required} />
      <input
        key={key}
        {...props}
        {...rest}
        aria-required={required || undefined}
        className={inputClass(Boolean(field.errors))}
      />
      <FieldError id={field.errorId} message={firstError(field)} />
    </div>
  );
}

export function TextArea({
  field,
  label,
  maxLength,
  required,
}: {
  field: Field;
  label: ReactNode;
  maxLength?: number;
  required?: boolean;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div>
      <Label htmlFor={field.id} label={label} required={required} />
      <textarea
        key={key}
        {...props}
        rows={4}
        maxLength={maxLength}
        aria-required={required || undefined}
        className={inputClass(Boolean(field.errors))}
      />
      <FieldError id={field.errorId} message={firstError(field)} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  children,
}: {
  field: Field;
  label: ReactNode;
  /** The options. */
  children: ReactNode;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <div>
      <Label htmlFor={field.id} label={label} />
      <select
        key={key}
        {...props}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        {children}
      </select>
      <FieldError id={field.errorId} message={firstError(field)} />
    </div>
  );
}

export function CheckboxField({
  field,
  children,
  required,
  defaultChecked,
  onChange,
}: {
  field: Field;
  children: ReactNode;
  required?: boolean;
  /** Ticked at first (the field's own value, sent back by the server, takes precedence). */
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  const invalid = Boolean(field.errors);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          key={key}
          {...props}
          defaultChecked={field.initialValue === undefined ? defaultChecked : props.defaultChecked}
          onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
          aria-required={required || undefined}
          className={`mt-1 h-4 w-4 shrink-0 rounded ${invalid ? "outline outline-2 outline-red-600" : ""}`}
        />
        <label htmlFor={field.id} className="text-sm text-slate-700">
          {children}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      </div>
      <FieldError id={field.errorId} message={firstError(field)} />
    </div>
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
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
    />
  );
}

/** The send button with its spinner: "Wysyłanie…" while the form is sent. */
export function SubmitButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={sending}
      aria-busy={sending}
      className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
    >
      {sending && <Spinner />}
      {sending ? "Wysyłanie…" : children}
    </button>
  );
}
