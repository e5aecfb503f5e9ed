import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import type { AccountView } from "../../../domain/account-dto";
import { BRAND } from "../../../domain/brand";
import type { CalculatorProperties } from "../../../domain/calculator";
import { ErrorCode } from "../../../domain/errors";
import { formatKm, formatPrice } from "../../../domain/format";
import { applicationSchema, PRODUCTS, STATEMENT_TEXTS } from "../../../domain/lease-application/application";
import { LEGAL_FORM_NAMES, LEGAL_FORMS } from "../../../domain/lease-application/rules";
import { api } from "../../api-client";
import {
  CheckboxField,
  EmailField,
  type Field,
  FormSummary,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { session } from "../../lib/storage";
import { postJson } from "../leads/api";
import { CompanyFields, fill } from "./company-fields";

export interface ApplicationOffer {
  AuctionId: number;
  MakeModel: string;
  Year: number;
  PriceNetto: number;
  IsLeasingAvailable: boolean;
  IsRentAvailable: boolean;
}

type Fields = ReturnType<typeof useSchemaForm<typeof applicationSchema>>["fields"];

const box = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const legend = "px-1 text-lg font-bold text-slate-900";

/**
 * The online leasing application (ADR 056): the car and the terms from the offer's calculator, editable;
 * the company by NIP (filled from the VAT register); the applicant and the signatory; the statements.
 * Sent from the browser through the API (a signed-in bidder's token goes with it); before the page
 * hydrates it is posted to the page's action, which takes it as a visitor's.
 */
export function ApplicationForm({
  offer,
  properties,
  defaultValue,
  lastResult,
}: {
  offer: ApplicationOffer;
  properties: CalculatorProperties;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const { fields, formProps, sending, sent, serverError, invalid } = useSchemaForm(applicationSchema, {
    id: `${uid}-application`,
    lastResult,
    defaultValue,
    async send(value) {
      const r = await postJson<{ ApplicationId: number; Key: string }>(
        "/api/LeaseApplication",
        { ...value, AuctionId: offer.AuctionId },
        // The car kept for another applicant: said at the form, with what was typed kept.
        [ErrorCode.CarReserved],
      );
      navigate(`/wniosek-leasingowy/${r.ApplicationId}?klucz=${encodeURIComponent(r.Key)}`);
    },
  });
  useAccountDefaults(fields);
  return (
    <form {...formProps} className="space-y-6" aria-label="Wniosek leasingowy">
      <input type="hidden" name="AuctionId" value={offer.AuctionId} />
      <TermsFields fields={fields} offer={offer} properties={properties} />
      <fieldset className={box}>
        <legend className={legend}>Firma</legend>
        <CompanyFields
          company={fields.Company.getFieldset()}
          legalForms={LEGAL_FORMS}
          names={LEGAL_FORM_NAMES}
        />
      </fieldset>
      <PeopleFields fields={fields} />
      <fieldset className={`${box} space-y-3`}>
        <legend className={legend}>Oświadczenia i zgody</legend>
        <Statements fields={fields.Statements.getFieldset()} />
      </fieldset>
      <FormSummary show={invalid && !serverError} extra={serverError} />
      <SubmitButton sending={sending || sent}>Złóż wniosek</SubmitButton>
    </form>
  );
}

/**
 * A signed-in bidder's account already holds the company and the person: the fields still empty start
 * from it (what the person typed before it answered stays), so they are not typed a second time.
 */
function useAccountDefaults(fields: Fields) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is first shown.
  useEffect(() => {
    if (!session.isLoggedIn()) return;
    let gone = false;
    const company = fields.Company.getFieldset();
    const person = fields.Applicant.getFieldset();
    const fillEmpty = (field: Field, value: string) => {
      const el = document.getElementById(field.id) as HTMLInputElement | null;
      if (el && !el.value && value) fill(field, value);
    };
    api
      .get<AccountView>("/api/Account", { quiet: true })
      .then((a) => {
        if (gone) return;
        for (const [field, value] of [
          [company.Nip, a.Nip],
          [company.CompanyName, a.CompanyName],
          [company.Street, a.Street],
          [company.PostalCode, a.PostalCode],
          [company.City, a.City],
          [person.Name, a.FirstName],
          [person.Surname, a.LastName],
          [person.Email, a.Email],
          [person.PhoneNumber, a.PhoneNumber],
        ] as const)
          fillEmpty(field, value);
      })
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, []);
}

function TermsFields({
  fields,
  offer,
  properties,
}: {
  fields: Fields;
  offer: ApplicationOffer;
  properties: CalculatorProperties;
}) {
  const terms = fields.Terms.getFieldset();
  const initial = terms.Product.initialValue === "rent" ? "rent" : "leasing";
  const [product, setProduct] = useState<"leasing" | "rent">(offer.IsLeasingAvailable ? initial : "rent");
  const p = product === "leasing" ? properties.Leasing : properties.LongTimeRent;
  const products = (["leasing", "rent"] as const).filter((x) =>
    x === "leasing" ? offer.IsLeasingAvailable : offer.IsRentAvailable,
  );
  return (
    <fieldset className={box}>
      <legend className={legend}>Samochód i warunki</legend>
      <p className="text-slate-800">
        <strong>{offer.MakeModel}</strong>, rok produkcji {offer.Year}, cena {formatPrice(offer.PriceNetto)}{" "}
        netto
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {/* The product's own fields follow the choice (leasing: buyout; rent: mileage). */}
        <div
          onChange={(e) => {
            const t = e.target;
            if (t instanceof HTMLSelectElement) setProduct(t.value === "rent" ? "rent" : "leasing");
          }}
        >
          <SelectField
            field={terms.Product}
            label="Forma finansowania"
            options={products.map((x) => ({ value: x, name: PRODUCTS[x] }))}
          />
        </div>
        <SelectField
          field={terms.Period}
          label="Okres umowy"
          options={p.Periods.map((m) => ({ value: m, name: `${m} mies.` }))}
        />
        <NumberField field={terms.OwPercent} label={`Wpłata własna (%, ${p.Ow.Min}–${p.Ow.Max})`} required />
        {product === "leasing" ? (
          <NumberField
            field={terms.RvPercent}
            label={`Wartość wykupu (%, ${properties.Leasing.Rv.Min}–${properties.Leasing.Rv.Max})`}
          />
        ) : (
          <SelectField
            field={terms.Mileage}
            label="Roczny limit kilometrów"
            options={properties.LongTimeRent.MileageLimits.map((m) => ({ value: m, name: formatKm(m) }))}
          />
        )}
      </div>
      <ServiceChoices field={terms.AdditionalServices} services={p.AdditionalServices} />
    </fieldset>
  );
}

function ServiceChoices({ field, services }: { field: Field; services: { Value: string; Name: string }[] }) {
  const chosen = new Set([field.initialValue ?? []].flat() as string[]);
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Usługi dodatkowe</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
        {services.map((s) => (
          <label key={s.Value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name={field.name}
              value={s.Value}
              defaultChecked={chosen.has(s.Value)}
              className="h-4 w-4 rounded"
            />
            {s.Name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PeopleFields({ fields }: { fields: Fields }) {
  const a = fields.Applicant.getFieldset();
  const s = fields.Signatory.getFieldset();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <fieldset className={`${box} space-y-3`}>
        <legend className={legend}>Wnioskodawca</legend>
        <TextField field={a.Name} label="Imię" required autoComplete="given-name" />
        <TextField field={a.Surname} label="Nazwisko" required autoComplete="family-name" />
        <EmailField field={a.Email} required />
        <TextField field={a.PhoneNumber} label="Telefon" type="tel" required autoComplete="tel" />
      </fieldset>
      <fieldset className={`${box} space-y-3`}>
        <legend className={legend}>Osoba, która podpisze umowę</legend>
        <TextField field={s.Name} label="Imię" required />
        <TextField field={s.Surname} label="Nazwisko" required />
        <TextField
          field={s.Position}
          label="Funkcja w firmie"
          required
          hint="np. właściciel, prezes zarządu, prokurent"
        />
      </fieldset>
    </div>
  );
}

function Statements({ fields }: { fields: Record<keyof typeof STATEMENT_TEXTS, Field> }) {
  return (
    <>
      <CheckboxField field={fields.TermsConsent} required>
        {STATEMENT_TEXTS.TermsConsent}{" "}
        <a href="/dokumenty/regulamin-serwisu.pdf" className="text-brand-700 underline">
          Regulamin (PDF)
        </a>
      </CheckboxField>
      <CheckboxField field={fields.AssessmentConsent} required>
        {STATEMENT_TEXTS.AssessmentConsent}
      </CheckboxField>
      <CheckboxField field={fields.TruthStatement} required>
        {STATEMENT_TEXTS.TruthStatement}
      </CheckboxField>
      <CheckboxField field={fields.MarketingConsent}>{STATEMENT_TEXTS.MarketingConsent}</CheckboxField>
      <p className="text-sm text-slate-600">
        Administratorem danych jest {BRAND.legalName}; szczegóły w{" "}
        <a href="/polityka-prywatnosci" className="text-brand-700 underline">
          polityce prywatności
        </a>
        .
      </p>
    </>
  );
}
