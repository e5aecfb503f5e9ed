import { useEffect, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import type { OptionNames } from "../../../domain/alerts/summary";
import {
  type AlertCriteria,
  initialWizard,
  type ListField,
  progressOf,
  type WizardAction,
  type WizardPage,
  wizardReducer,
} from "../../../domain/alerts/wizard";
import { formatPercent } from "../../../domain/format";
import { MessageDialog } from "./message-dialog";
import { BuyerPage, OptionsPage, primary, SummaryPage, secondary } from "./wizard-pages";

export interface AlertOption {
  Name: string;
  Value: string;
}

export interface AlertWizardOptions {
  BodyTypes: AlertOption[];
  FuelTypes: AlertOption[];
  GearboxTypes: AlertOption[];
  AvailableAlertMakes: string[];
}

const PAGE_TITLES = {
  1: "Kto kupuje i jak chcesz płacić?",
  2: "Jakie nadwozie Cię interesuje?",
  3: "Jakie paliwo i skrzynia biegów?",
  4: "Które marki Cię interesują?",
  5: "Podsumowanie i adres e-mail",
  6: "Dziękujemy! Sprawdź skrzynkę e-mail",
} as const;

function namesOf(options: AlertWizardOptions): OptionNames {
  const lookup = (list: AlertOption[]) => (v: string) => list.find((o) => o.Value === v)?.Name ?? v;
  return {
    bodyType: lookup(options.BodyTypes),
    fuelType: lookup(options.FuelTypes),
    gearboxType: lookup(options.GearboxTypes),
  };
}

/** Which of the five steps this is, as words and as a bar. */
function WizardProgress({ page }: { page: WizardPage }) {
  const progress = progressOf(page);
  return (
    <div className="mb-6">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>Krok {page} z 5</span>
        <span aria-hidden="true">{formatPercent(progress)}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Postęp ustawiania alertu"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** Back, skip (after the first step) and next under a choosing step. */
function WizardNavigation({ page, dispatch }: { page: WizardPage; dispatch: (a: WizardAction) => void }) {
  return (
    <div className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <button type="button" className={secondary} onClick={() => dispatch({ type: "back" })}>
          Wstecz
        </button>
      ) : (
        <span />
      )}
      <div className="flex gap-3">
        {page > 1 && (
          <button type="button" className={secondary} onClick={() => dispatch({ type: "skip" })}>
            Pomiń
          </button>
        )}
        <button type="button" className={primary} onClick={() => dispatch({ type: "next" })}>
          Dalej
        </button>
      </div>
    </div>
  );
}

/** The last page: where the activation link went, and where to go next. */
function AlertSent({ email }: { email: string }) {
  return (
    <div className="mt-4 space-y-4">
      <p>
        Wysłaliśmy wiadomość z linkiem aktywacyjnym na adres <strong>{email}</strong>. Alert zacznie działać,
        gdy klikniesz ten link.
      </p>
      <p>
        Po aktywacji napiszemy najwyżej raz dziennie, gdy pojawi się pasujący samochód albo jego cena spadnie.
      </p>
      <div className="flex flex-wrap gap-3 pt-2">
        <Link to="/lista-pojazdow" className={primary}>
          Przeglądaj oferty
        </Link>
        <a href="/alert" className={secondary}>
          Ustaw kolejny alert
        </a>
      </div>
    </div>
  );
}

export function AlertWizard({ options, initial }: { options: AlertWizardOptions; initial: AlertCriteria }) {
  const [state, dispatch] = useReducer(wizardReducer, initial, initialWizard);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const [sentTo, setSentTo] = useState("");

  // Each page change moves the focus to the new page's heading, so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on page changes only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.page]);

  const c = state.criteria;
  const page = state.page;
  /** An options page's choices: the field's options, those chosen ticked. */
  const choose = (legend: string, field: ListField, list: AlertOption[], columns?: string) => (
    <OptionsPage
      legend={legend}
      field={field}
      options={list}
      selected={c[field]}
      dispatch={dispatch}
      columns={columns}
    />
  );

  return (
    <div>
      {page < 6 && <WizardProgress page={page} />}
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {PAGE_TITLES[page]}
      </h2>

      {page === 1 && <BuyerPage criteria={c} dispatch={dispatch} />}
      {page === 2 && choose("Typ nadwozia", "bodyTypes", options.BodyTypes)}
      {page === 3 && (
        <div className="grid gap-6 md:grid-cols-2">
          {choose("Rodzaj paliwa", "fuelTypes", options.FuelTypes)}
          {choose("Skrzynia biegów", "gearboxTypes", options.GearboxTypes)}
        </div>
      )}
      {page === 4 &&
        choose(
          "Marka",
          "makes",
          options.AvailableAlertMakes.map((m) => ({ Name: m, Value: m })),
          "grid-cols-2 sm:grid-cols-3 md:grid-cols-4",
        )}

      {page >= 1 && page <= 4 && <WizardNavigation page={page} dispatch={dispatch} />}

      {page === 5 && (
        <SummaryPage
          criteria={c}
          names={namesOf(options)}
          dispatch={dispatch}
          onSent={(email) => {
            setSentTo(email);
            dispatch({ type: "submitted" });
          }}
        />
      )}

      {page === 6 && <AlertSent email={sentTo} />}

      <MessageDialog message={state.dialog} onClose={() => dispatch({ type: "closeDialog" })} />
    </div>
  );
}
