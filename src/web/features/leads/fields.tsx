import { type InputHTMLAttributes, type ReactNode, useRef } from "react";
import { MSG } from "../../../domain/lead-messages";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:outline-none focus:ring-2 ${
    invalid
      ? "border-red-600 bg-red-50 focus:ring-red-500"
      : "border-slate-300 bg-white focus:border-brand-600 focus:ring-brand-600"
  }`;

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  id: string;
  label: string;
  value: string;
  error?: string;
  onValue: (v: string) => void;
  required?: boolean;
}

export function TextField({ id, label, value, error, onValue, required, ...rest }: TextFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, value, onValue);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        className={inputClass(Boolean(error))}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextArea({
  id,
  label,
  value,
  error,
  onValue,
  maxLength,
  required,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onValue: (v: string) => void;
  maxLength?: number;
  required?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(ref, value, onValue);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        className={inputClass(Boolean(error))}
        maxLength={maxLength}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  checked,
  onValue,
  error,
  children,
  required,
}: {
  id: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  error?: string;
  children: ReactNode;
  required?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, checked, onValue);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onValue(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required={required || undefined}
          className={`mt-1 h-4 w-4 shrink-0 rounded ${error ? "outline outline-2 outline-red-600" : ""}`}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {children}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
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
