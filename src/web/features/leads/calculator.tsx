import { useId } from "react";
import type { CalculatorProperties } from "../../../domain/calculator";
import { formatPrice } from "../../../domain/format";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import { applicationFormPath } from "../../../domain/lease-application/paths";
import {
  type FieldId,
  InstallmentPanel,
  InsuranceFields,
  ProductFields,
  ServicesChoice,
} from "./calculator-fields";
import { type Method, useFinancingCalculator } from "./calculator-state";
import type { LeadOffer } from "./types";

const METHOD_LABEL: Record<Method, string> = { rent: "Najem", leasing: "Leasing", cash: "Gotówka" };

export interface CalculatorProps {
  offer: LeadOffer;
  properties: CalculatorProperties;
  /** The state the person sees, for the contact form (null for a cash purchase). */
  onChange?: (state: CalculatorContactFormData | null) => void;
  /** Offer "Złóż wniosek online" at the terms set here (an offer not kept for another applicant). */
  applyOnline?: boolean;
}

type CalculatorState = ReturnType<typeof useFinancingCalculator>;

/**
 * The instalment calculator of an offer (spec sections 7 and 9): one tab per available financing
 * method, sliders for period, own contribution and buyout, selects for mileage, services and the
 * insurance choice. The maths is the server's own (src/domain/calculator), so the instalment moves
 * with the sliders at once and matches what the API answers. Private persons are pointed to a cash
 * loan from a bank instead of leasing or rent.
 */
export function FinancingCalculator({ offer, properties, onChange, applyOnline = false }: CalculatorProps) {
  // The one useId of the calculator: every field's id is made from it, so the ids stay stable.
  const uid = useId();
  const id: FieldId = (n) => `${uid}-${n}`;
  const state = useFinancingCalculator(offer, properties, onChange);

  return (
    <section
      aria-labelledby={id("title")}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id("title")} className="text-xl font-bold text-slate-900">
        Oblicz ratę
      </h2>
      <BuyerChoice id={id} company={state.company} onCompany={state.setCompany} />

      {!state.company ? (
        <PrivateBuyerNote offer={offer} cashBrutto={state.cashBrutto} />
      ) : (
        <>
          <MethodChoice id={id} methods={state.methods} method={state.method} onMethod={state.setMethod} />
          {state.method === "cash" ? (
            <CashPrice offer={offer} price={state.price} cashBrutto={state.cashBrutto} />
          ) : (
            <FinancingFields
              id={id}
              properties={properties}
              state={state}
              applyPath={applyOnline ? applyPathOf(offer, state) : null}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The online leasing application at the calculator's terms (leasing or rent as chosen). */
function applyPathOf(offer: LeadOffer, state: CalculatorState): string {
  const rent = state.method === "rent";
  const c = rent ? state.rent : state.leasing;
  return applicationFormPath(offer.AuctionId, {
    product: rent ? "rent" : "leasing",
    period: c.period,
    ow: c.ow,
    rv: rent ? undefined : state.leasing.rv,
    mileage: rent ? state.rent.mileage : undefined,
    services: c.services,
  });
}

/** Company or private person: only companies are offered leasing and rent. */
function BuyerChoice({
  id,
  company,
  onCompany,
}: {
  id: FieldId;
  company: boolean;
  onCompany: (v: boolean) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium text-slate-800">Kupujesz</legend>
      <div className="mt-1 flex gap-2">
        {[
          { v: true, label: "na firmę" },
          { v: false, label: "prywatnie" },
        ].map((o) => (
          <label
            key={o.label}
            className={`cursor-pointer rounded-md border px-4 py-2 text-sm font-semibold ${company === o.v ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-700"}`}
          >
            <input
              type="radio"
              name={id("owner")}
              className="sr-only"
              checked={company === o.v}
              onChange={() => onCompany(o.v)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PrivateBuyerNote({ offer, cashBrutto }: { offer: LeadOffer; cashBrutto: number | null }) {
  return (
    <div className="mt-4 rounded-md bg-brand-50 p-4 text-sm text-slate-800" data-testid="private-note">
      <p className="font-semibold">Leasing i najem długoterminowy oferujemy firmom.</p>
      <p className="mt-1">
        Jako osoba prywatna możesz kupić ten samochód za gotówkę, a zakup sfinansować kredytem gotówkowym w
        swoim banku.
      </p>
      {offer.IsCashAvailable && cashBrutto && (
        <p className="mt-2">
          Cena: <strong>{formatPrice(cashBrutto)} brutto</strong>
        </p>
      )}
    </div>
  );
}

/** One tab per available financing method; none when the offer has only one. */
function MethodChoice({
  id,
  methods,
  method,
  onMethod,
}: {
  id: FieldId;
  methods: Method[];
  method: Method;
  onMethod: (m: Method) => void;
}) {
  if (methods.length <= 1) return null;
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Forma finansowania</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {methods.map((m) => (
          <label
            key={m}
            className={`cursor-pointer rounded-md border px-4 py-2 text-sm font-semibold ${method === m ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-700"}`}
          >
            <input
              type="radio"
              name={id("method")}
              className="sr-only"
              checked={method === m}
              onChange={() => onMethod(m)}
            />
            {METHOD_LABEL[m]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CashPrice({
  offer,
  price,
  cashBrutto,
}: {
  offer: LeadOffer;
  price: number;
  cashBrutto: number | null;
}) {
  return (
    <p className="mt-4 text-sm text-slate-800">
      Cena za gotówkę: <strong>{offer.TotalPriceNetto ? formatPrice(price) : "—"} netto</strong>
      {cashBrutto ? ` (${formatPrice(cashBrutto)} brutto)` : ""}
    </p>
  );
}

/** Leasing's or rent's own fields, then the services, the insurance and the instalment they give. */
function FinancingFields({
  id,
  properties,
  state,
  applyPath,
}: {
  id: FieldId;
  properties: CalculatorProperties;
  state: CalculatorState;
  applyPath: string | null;
}) {
  const { method, leasing, rent, result } = state;
  const isLeasing = method === "leasing";
  const choice = isLeasing ? leasing : rent;
  return (
    <div className="mt-4 space-y-4">
      <ProductFields
        id={id}
        product={isLeasing ? "leasing" : "rent"}
        properties={properties}
        leasing={leasing}
        rent={rent}
        result={result}
      />
      <ServicesChoice
        id={id}
        services={(isLeasing ? properties.Leasing : properties.LongTimeRent).AdditionalServices}
        chosen={choice.services}
        onChosen={choice.setServices}
      />
      <InsuranceFields
        id={id}
        terms={properties.Insurance}
        insurance={state.insurance}
        onInsurance={state.setInsurance}
      />
      {result && <InstallmentPanel method={method} result={result} />}
      {applyPath ? (
        <a
          href={applyPath}
          className="flex w-full items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900"
        >
          Złóż wniosek online
        </a>
      ) : null}
    </div>
  );
}
