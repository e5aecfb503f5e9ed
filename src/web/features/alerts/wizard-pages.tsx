import { type ReactNode, useId } from "react";
import { type AlertContact, contactErrors, toAlertRequest } from "../../../domain/alerts/request";
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
import { CheckboxField, EmailField, SubmitButton } from "../../components/form/fields";
import { checkedBy, useCheckedForm } from "../../components/form/use-checked-form";
import { PrivacyNote } from "../../components/privacy-note";
import { PencilIcon } from "../../components/shell/icons";
import { CaptchaField } from "../leads/captcha-field";
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
        <RadioTiles
          name="buyerType"
          choices={[
            [1, "na firmę"],
            [2, "prywatnie"],
          ]}
          value={c.buyerType}
          onChange={(value) => dispatch({ type: "buyerType", value })}
        />
      </Fieldset>
      <Fieldset
        legend="Sposób finansowania"
        hint="Rata miesięczna (leasing lub najem) jest dostępna dla firm."
      >
        <RadioTiles
          name="financing"
          choices={[
            [1, "rata miesięczna"],
            [2, "zakup za gotówkę"],
          ]}
          value={c.financing}
          disabled={(value) => value === 1 && c.buyerType === 2}
          onChange={(value) => dispatch({ type: "financing", value })}
        />
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

/** One choice of two or more, each a tile with its radio button. */
function RadioTiles<V extends number>({
  name,
  choices,
  value: chosen,
  disabled,
  onChange,
}: {
  name: string;
  choices: readonly (readonly [V, string])[];
  value: number;
  disabled?: (value: V) => boolean;
  onChange: (value: V) => void;
}) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      {choices.map(([value, label]) => (
        <label key={value} className={tile}>
          <input
            type="radio"
            name={name}
            className={control}
            checked={chosen === value}
            disabled={disabled?.(value)}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </div>
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
  const showMessage = (message: string) => dispatch({ type: "showMessage", message });
  const contact = useCheckedForm<AlertContact>(
    checkedBy((payload) => {
      const value: AlertContact = {
        email: typeof payload.email === "string" ? payload.email.trim() : "",
        rulesAccepted: payload.rulesAccepted === "on",
        marketingAccepted: payload.marketingAccepted === "on",
        captcha: typeof payload.captcha === "string" ? payload.captcha : "",
      };
      return { value, error: contactErrors(value) };
    }),
    {
      id: useId(),
      async send(value) {
        if (!hasAnyCriterion(criteria)) throw ALERT_MESSAGES.noCriteria;
        await api.post("/api/CarAlert", toAlertRequest(criteria, value), { alertOnBadRequest: false });
        onSent(value.email);
      },
      // A refused robot check (expired or used) is marked at its field and a fresh one is asked for;
      // the API client shows server and connection errors itself (spec section 8), the rest goes to
      // the wizard's dialog.
      refusal(err) {
        if (err instanceof ApiRequestError && err.handled) return null;
        if (err instanceof ApiRequestError && err.message.includes(ALERT_MESSAGES.captcha))
          return { summary: "", field: "captcha", fieldMessage: ALERT_MESSAGES.captcha };
        showMessage(
          typeof err === "string"
            ? err
            : err instanceof ApiRequestError
              ? badRequestAlertText(err.message)
              : GENERIC_ERROR_MESSAGE,
        );
        return null;
      },
    },
  );
  const { fields } = contact;
  const summaryId = useId();

  const rows = summaryRows(criteria, names);
  return (
    <form {...contact.formProps} className="mt-6 grid gap-8 md:grid-cols-2">
      <section aria-labelledby={summaryId}>
        <h3 id={summaryId} className="text-lg font-semibold">
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
                  <PencilIcon className="h-5 w-5" />
                </button>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="space-y-5">
        <EmailField field={fields.email} maxLength={254} />
        <CheckboxField field={fields.rulesAccepted}>Akceptuję regulamin serwisu.</CheckboxField>
        <CheckboxField field={fields.marketingAccepted}>
          Zgadzam się na otrzymywanie na podany adres e-mail informacji handlowych: powiadomień o ofertach
          samochodów pasujących do alertu.
        </CheckboxField>
        <PrivacyNote />
        <CaptchaField field={fields.captcha} resetKey={contact.captchaReset} />

        <div className="flex flex-wrap justify-between gap-3 pt-2">
          <button type="button" className={secondary} onClick={() => dispatch({ type: "back" })}>
            Wstecz
          </button>
          <SubmitButton sending={contact.sending} needsScripts>
            Ustaw alert
          </SubmitButton>
        </div>
      </section>
    </form>
  );
}
