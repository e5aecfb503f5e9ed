import { type ReactNode, useId, useState } from "react";
import {
  type AlertContact,
  type ContactErrors,
  contactErrors,
  toAlertRequest,
} from "../../../domain/alerts/request";
import { type OptionNames, summaryRows } from "../../../domain/alerts/summary";
import {
  ALERT_MESSAGES,
  type AlertCriteria,
  hasAnyCriterion,
  type ListField,
  PRICE_MAX_LENGTH,
  type PriceField,
  type WizardAction,
} from "../../../domain/alerts/wizard";
import { badRequestAlertText, GENERIC_ERROR_MESSAGE } from "../../../domain/errors";
import { ApiRequestError, api } from "../../api-client";
import { CaptchaWidget } from "../leads/captcha-field";
import type { AlertOption } from "./alert-wizard";

/**
 * The alert wizard's pages (spec section 4 "Car alert"): the buyer and price page, the options pages
 * (body, fuel, gearbox, makes) and the summary with the contact form. alert-wizard.tsx holds the
 * wizard's state and moves between them.
 */
const button =
  "rounded-lg px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";
export const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
export const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const tile =
  "flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700";
const control = "h-5 w-5 shrink-0 accent-brand-600";

function Fieldset({ legend, children, hint }: { legend: string; children: ReactNode; hint?: string }) {
  return (
    <fieldset className="mt-6">
      <legend className="text-lg font-semibold">{legend}</legend>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

export function BuyerPage({
  criteria: c,
  dispatch,
}: {
  criteria: AlertCriteria;
  dispatch: (a: WizardAction) => void;
}) {
  const priceFields: { field: PriceField; label: string }[] =
    c.financing === 1
      ? [
          { field: "installmentFrom", label: "Rata miesięczna od" },
          { field: "installmentTo", label: "Rata miesięczna do" },
        ]
      : [
          { field: "priceFrom", label: "Cena od" },
          { field: "priceTo", label: "Cena do" },
        ];
  const unit = c.financing === 1 ? "zł netto/mies." : c.buyerType === 2 ? "zł brutto" : "zł netto";
  return (
    <>
      <Fieldset legend="Kupujący">
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {(
            [
              [1, "na firmę"],
              [2, "prywatnie"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={tile}>
              <input
                type="radio"
                name="buyerType"
                className={control}
                checked={c.buyerType === value}
                onChange={() => dispatch({ type: "buyerType", value })}
              />
              {label}
            </label>
          ))}
        </div>
      </Fieldset>
      <Fieldset
        legend="Sposób finansowania"
        hint="Rata miesięczna (leasing lub najem) jest dostępna dla firm."
      >
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {(
            [
              [1, "rata miesięczna"],
              [2, "zakup za gotówkę"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={tile}>
              <input
                type="radio"
                name="financing"
                className={control}
                checked={c.financing === value}
                disabled={value === 1 && c.buyerType === 2}
                onChange={() => dispatch({ type: "financing", value })}
              />
              {label}
            </label>
          ))}
        </div>
      </Fieldset>
      {c.financing !== 0 && (
        <Fieldset
          legend={c.financing === 1 ? "Rata miesięczna" : "Cena"}
          hint="Podaj co najmniej jedną z kwot (w złotych, bez groszy)."
        >
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {priceFields.map(({ field, label }) => (
              <PriceInput
                key={field}
                label={`${label} (${unit})`}
                value={c[field]}
                onChange={(value) => dispatch({ type: "price", field, value })}
              />
            ))}
          </div>
        </Fieldset>
      )}
    </>
  );
}

function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={PRICE_MAX_LENGTH}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-lg focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      />
    </div>
  );
}

export function OptionsPage({
  legend,
  field,
  options,
  selected,
  dispatch,
  columns = "grid-cols-2 sm:grid-cols-3",
}: {
  legend: string;
  field: ListField;
  options: AlertOption[];
  selected: string[];
  dispatch: (a: WizardAction) => void;
  columns?: string;
}) {
  return (
    <Fieldset legend={legend} hint="Możesz zaznaczyć kilka.">
      {options.length === 0 ? (
        <p className="mt-3 text-slate-600">Obecnie nie ma ofert, z których można wybrać.</p>
      ) : (
        <div className={`mt-3 grid gap-3 ${columns}`}>
          {options.map((o) => (
            <label key={o.Value} className={tile}>
              <input
                type="checkbox"
                className={control}
                checked={selected.includes(o.Value)}
                onChange={() => dispatch({ type: "toggle", field, value: o.Value })}
              />
              {o.Name}
            </label>
          ))}
        </div>
      )}
    </Fieldset>
  );
}

function PencilIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

export function SummaryPage({
  criteria,
  names,
  dispatch,
  onSent,
}: {
  criteria: AlertCriteria;
  names: OptionNames;
  dispatch: (a: WizardAction) => void;
  onSent: (email: string) => void;
}) {
  const [contact, setContact] = useState<AlertContact>({
    email: "",
    rulesAccepted: false,
    marketingAccepted: false,
    captcha: "",
  });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const ids = { email: useId(), rules: useId(), marketing: useId(), captcha: useId() };
  const errIds = {
    email: `${ids.email}-error`,
    rules: `${ids.rules}-error`,
    marketing: `${ids.marketing}-error`,
  };

  const update = (patch: Partial<AlertContact>) => {
    setContact((c) => ({ ...c, ...patch }));
    // An error goes away as soon as its field is corrected.
    setErrors((e) => {
      const next = { ...e };
      if ("email" in patch) delete next.email;
      if ("rulesAccepted" in patch) delete next.rules;
      if ("marketingAccepted" in patch) delete next.marketing;
      if ("captcha" in patch && patch.captcha) delete next.captcha;
      return next;
    });
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = contactErrors(contact);
    setErrors(found);
    const first = (["email", "rules", "marketing"] as const).find((k) => found[k]);
    if (first) document.getElementById(ids[first])?.focus();
    if (Object.keys(found).length) return;
    if (!hasAnyCriterion(criteria)) {
      dispatch({ type: "showMessage", message: ALERT_MESSAGES.noCriteria });
      return;
    }
    setSending(true);
    try {
      // 400s come back to the form (captcha next to its field, the rest in the dialog); the client
      // itself shows server and connection errors (spec section 8).
      await api.post("/api/CarAlert", toAlertRequest(criteria, contact), { alertOnBadRequest: false });
      onSent(contact.email.trim());
    } catch (err) {
      if (!(err instanceof ApiRequestError)) {
        dispatch({ type: "showMessage", message: GENERIC_ERROR_MESSAGE });
      } else if (!err.handled) {
        if (err.message.includes(ALERT_MESSAGES.captcha)) {
          // The solution was refused (expired or used): a fresh robot check is needed.
          setCaptchaKey((k) => k + 1);
          setErrors((e) => ({ ...e, captcha: ALERT_MESSAGES.captcha }));
        } else {
          dispatch({ type: "showMessage", message: badRequestAlertText(err.message) });
        }
      }
    } finally {
      setSending(false);
    }
  }

  const rows = summaryRows(criteria, names);
  const inputBase = "mt-1 w-full rounded-lg border px-3 py-2 text-lg focus:outline-2 focus:outline-brand-600";
  return (
    <form noValidate onSubmit={submit} className="mt-6 grid gap-8 md:grid-cols-2">
      <section aria-labelledby={`${ids.email}-summary`}>
        <h3 id={`${ids.email}-summary`} className="text-lg font-semibold">
          Twoje kryteria
        </h3>
        <dl className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {rows.map((r) => (
            <div key={r.key} className="p-3">
              <dt className="text-sm text-slate-600">{r.label}</dt>
              <dd className="flex items-start justify-between gap-3">
                <span className="font-semibold" data-testid={`summary-${r.key}`}>
                  {r.value}
                </span>
                <button
                  type="button"
                  onClick={() => dispatch({ type: "edit", page: r.page })}
                  aria-label={`Zmień: ${r.label.toLowerCase()}`}
                  title={`Zmień: ${r.label.toLowerCase()}`}
                  className="-mt-5 rounded-lg p-2 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <PencilIcon />
                </button>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="space-y-5">
        <div>
          <label htmlFor={ids.email} className="block font-medium">
            Adres e-mail
          </label>
          <input
            id={ids.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={contact.email}
            onChange={(e) => update({ email: e.target.value })}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? errIds.email : undefined}
            className={`${inputBase} ${errors.email ? "border-red-600" : "border-slate-400"}`}
          />
          <FieldError id={errIds.email} message={errors.email} />
        </div>

        <div>
          <label className="flex items-start gap-3">
            <input
              id={ids.rules}
              type="checkbox"
              className={`${control} mt-0.5`}
              checked={contact.rulesAccepted}
              onChange={(e) => update({ rulesAccepted: e.target.checked })}
              aria-invalid={errors.rules ? true : undefined}
              aria-describedby={errors.rules ? errIds.rules : undefined}
            />
            <span>Akceptuję regulamin serwisu.</span>
          </label>
          <FieldError id={errIds.rules} message={errors.rules} />
        </div>

        <div>
          <label className="flex items-start gap-3">
            <input
              id={ids.marketing}
              type="checkbox"
              className={`${control} mt-0.5`}
              checked={contact.marketingAccepted}
              onChange={(e) => update({ marketingAccepted: e.target.checked })}
              aria-invalid={errors.marketing ? true : undefined}
              aria-describedby={errors.marketing ? errIds.marketing : undefined}
            />
            <span>
              Zgadzam się na otrzymywanie na podany adres e-mail informacji handlowych: powiadomień o ofertach
              samochodów pasujących do alertu.
            </span>
          </label>
          <FieldError id={errIds.marketing} message={errors.marketing} />
        </div>

        <CaptchaWidget
          id={ids.captcha}
          onPayload={(captcha) => update({ captcha })}
          error={errors.captcha}
          resetKey={captchaKey}
        />

        <div className="flex flex-wrap justify-between gap-3 pt-2">
          <button type="button" className={secondary} onClick={() => dispatch({ type: "back" })}>
            Wstecz
          </button>
          <button type="submit" className={primary} disabled={sending}>
            {sending ? "Wysyłanie…" : "Ustaw alert"}
          </button>
        </div>
      </section>
    </form>
  );
}
