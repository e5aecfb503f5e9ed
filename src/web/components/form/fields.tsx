import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldError, Spinner } from "./messages";

export { FieldError, FormSummary } from "./messages";

/**
 * The one field kit of every form: controls bound to a conform field (name, id, the value
 * the server sent back, `aria-invalid` and `aria-describedby` pointing at the message). The inputs are
 * uncontrolled: what a person types before the scripts arrive stays in the input and is what the form
 * sends, posted to the route's action or validated in the browser once it has hydrated.
 */

/** A field of any form's schema, as the controls take it. */
// biome-ignore lint/suspicious/noExplicitAny: a control takes a field of any schema.
export type Field = FieldMetadata<any, any, string[]>;

const inputClass = (invalid: boolean, readOnly = false) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:outline-none focus:ring-2 ${
    invalid
      ? "border-red-600 bg-red-50 focus:ring-red-500"
      : `border-slate-300 focus:border-brand-600 focus:ring-brand-600 ${readOnly ? "bg-slate-100 text-slate-700" : "bg-white"}`
  }`;

/** The first message of a field (the schemas stop at the first failure of each field). */
export const firstError = (field: Field): string | undefined => field.errors?.[0];

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
  type?: "text" | "email" | "tel" | "password" | "date" | "datetime-local" | "file" | "color";
  /** A line under the field saying what it takes (e.g. the password rules). */
  hint?: ReactNode;
};

/**
 * A control under its label, with its hint (`hint`, the id the control is described by) and its
 * message under it.
 */
function Labelled({
  field,
  label,
  required,
  hint,
  children,
}: {
  field: Field;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={field.id} label={label} required={required} />
      {children}
      {hint && (
        <div id={hintId(field)} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      )}
      <FieldError id={field.errorId} message={firstError(field)} />
    </div>
  );
}

const hintId = (field: Field) => `${field.id}-hint`;

/** A control's aria attributes of its field (invalid, its error), and its hint among what describes it. */
const described = (field: Field, hint: ReactNode) => ({
  ariaAttributes: true,
  ariaDescribedBy: hint ? hintId(field) : undefined,
});

export function TextField({ field, label, required, type = "text", hint, ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(field, { type, ...described(field, hint) });
  return (
    <Labelled field={field} label={label} required={required} hint={hint}>
      <input
        key={key}
        {...props}
        {...rest}
        aria-required={required || undefined}
        className={
          // A colour's swatch needs the control's height, not a text field's padding around a line.
          type === "color"
            ? "mt-1 block h-11 w-full cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            : inputClass(Boolean(field.errors), Boolean(rest.readOnly))
        }
      />
    </Labelled>
  );
}

/** An e-mail address, with the phone's e-mail keyboard; "username" where it signs in. */
export function EmailField({
  label = "Adres e-mail",
  autoComplete = "email",
  ...props
}: Omit<TextFieldProps, "type" | "inputMode" | "label"> & { label?: ReactNode }) {
  return <TextField {...props} label={label} type="email" inputMode="email" autoComplete={autoComplete} />;
}

/** A password: the one a person has ("current-password") or a new one ("new-password"). */
export function PasswordField({
  autoComplete = "current-password",
  ...props
}: Omit<TextFieldProps, "type" | "autoComplete"> & { autoComplete?: "current-password" | "new-password" }) {
  return <TextField {...props} type="password" autoComplete={autoComplete} />;
}

/** A number, typed as text (the numeric keypad on phones); `decimal` takes a fraction too. */
export function NumberField({
  decimal = false,
  ...props
}: Omit<TextFieldProps, "type" | "inputMode"> & { decimal?: boolean }) {
  return <TextField {...props} inputMode={decimal ? "decimal" : "numeric"} />;
}

export function TextArea({
  field,
  label,
  maxLength,
  required,
  hint,
  rows = 4,
}: {
  field: Field;
  label: ReactNode;
  maxLength?: number;
  required?: boolean;
  /** A line under the field saying what it takes or where it shows. */
  hint?: ReactNode;
  rows?: number;
}) {
  const { key, ...props } = getTextareaProps(field, described(field, hint));
  return (
    <Labelled field={field} label={label} required={required} hint={hint}>
      <textarea
        key={key}
        {...props}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        className={inputClass(Boolean(field.errors))}
      />
    </Labelled>
  );
}

/** An option of a select: its value and what it says (a string is both). */
export type SelectOption = string | { value: string | number; name: ReactNode };

export function SelectField({
  field,
  label,
  empty,
  options = [],
  children,
}: {
  field: Field;
  label: ReactNode;
  /** What the first option, of no choice, says. */
  empty?: string;
  options?: readonly SelectOption[];
  /** Options of its own, after `options`. */
  children?: ReactNode;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <Labelled field={field} label={label}>
      <select
        key={key}
        {...props}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        {empty === undefined ? null : <option value="">{empty}</option>}
        {options.map((o) =>
          typeof o === "string" ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.name}
            </option>
          ),
        )}
        {children}
      </select>
    </Labelled>
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
 * A whole-złoty amount with its send button beside it (the bid box, the maximum bid): a number pad on
 * phones, any character other than a digit or a space dropped as it is typed. Its message is an alert:
 * the field is the whole form.
 */
export function AmountField({
  field,
  label,
  description,
  disabled,
  button,
}: {
  field: Field;
  label: ReactNode;
  /** What the amount is for, between the label and the field (the minimum next bid). */
  description: ReactNode;
  disabled?: boolean;
  /** The form's send button. */
  button: ReactNode;
}) {
  const descriptionId = `${field.id}-description`;
  const { key, ...props } = getInputProps(field, {
    type: "text",
    ariaAttributes: true,
    ariaDescribedBy: descriptionId,
  });
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={field.id} className="text-sm font-semibold">
        {label}
      </label>
      <p id={descriptionId} className="text-sm text-slate-700">
        {description}
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          key={key}
          {...props}
          inputMode="numeric"
          autoComplete="off"
          // Room for a pasted '1 250 000,00 zł'; what is typed stays as typed, and the form's check
          // reads it or says what is wrong (dropping characters once turned 12 500,00 into 1 250 000).
          maxLength={24}
          disabled={disabled}
          className={`w-full min-w-0 flex-1 basis-40 rounded-md border px-3 py-2 text-lg tabular-nums disabled:bg-slate-100 ${
            field.errors ? "border-red-600 bg-red-50" : "border-slate-400"
          }`}
        />
        {button}
      </div>
      <FieldError id={field.errorId} message={firstError(field)} announce />
    </div>
  );
}

/**
 * The send button with its spinner. A form that only works with scripts (signing in keeps tokens in
 * the browser) says so with `needsScripts`: the button waits for hydration.
 */
const buttonLooks = {
  /** A form's one action. */
  primary: "rounded-lg bg-brand-600 px-6 py-3 text-white hover:bg-brand-700",
  /** The bid: the page's strongest call to act. */
  accent: "shrink-0 rounded-md bg-accent-500 px-4 py-2 text-slate-950 hover:brightness-95",
  /** Beside a stronger action (the maximum bid under the bid box). */
  outline: "shrink-0 rounded-md border border-brand-700 bg-white px-4 py-2 text-brand-800 hover:bg-brand-50",
  /** What cannot be undone (deleting the account). */
  danger: "rounded-lg bg-red-700 px-6 py-3 text-white hover:bg-red-800",
} as const;

export function SubmitButton({
  sending,
  children,
  whileSending = "Wysyłanie…",
  needsScripts = false,
  disabled = false,
  look = "primary",
}: {
  sending: boolean;
  children: ReactNode;
  /** The button's text while sending; null keeps it. */
  whileSending?: string | null;
  needsScripts?: boolean;
  /** Nothing to send yet (an auction that has not started). */
  disabled?: boolean;
  look?: keyof typeof buttonLooks;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={disabled || sending || (needsScripts && !hydrated)}
      aria-busy={sending || undefined}
      className={`inline-flex items-center justify-center gap-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${buttonLooks[look]}`}
    >
      {sending && <Spinner />}
      {sending && whileSending !== null ? whileSending : children}
    </button>
  );
}
