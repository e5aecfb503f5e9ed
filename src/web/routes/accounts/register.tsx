import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_RULES, registerSchema } from "../../../domain/account";
import type { ContractorAnswer, RegistrationInfo } from "../../../domain/account-dto";
import { DOCUMENTS } from "../../../domain/documents";
import { isValidNip, NIP_INVALID_MESSAGE } from "../../../domain/nip";
import { ApiRequestError, api } from "../../api-client";
import {
  CheckboxField,
  EmailField,
  PasswordField,
  SubmitButton,
  TextField,
} from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { PrivacyNote } from "../../components/privacy-note";
import { CompanyDetailsFields } from "../../features/accounts/settings-sections";
import { accountRefusal, Card, FormNotice, linkClass, Notice, PageShell } from "../../features/accounts/ui";
import { trackConversion } from "../../features/consent/marketing-tags";
import { currentCampaignIds } from "../../features/leads/campaign-tracking";
import { useHydrated } from "../../lib/use-hydrated";

type Lookup =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "found" }
  | { kind: "not-found" }
  | { kind: "unavailable" };

type RegisterForm = ReturnType<typeof useRegisterForm>;
type RegisterFields = RegisterForm["fields"];

/** The registration form: sent to /api/Register with the campaign, then the 'registered' page. */
function useRegisterForm() {
  const navigate = useNavigate();
  return useSchemaForm(registerSchema, {
    id: useId(),
    refusal: accountRefusal,
    async send(input) {
      await api.post("/api/Register", { ...input, ...currentCampaignIds() }, { alertOnBadRequest: false });
      trackConversion("registration");
      navigate("/pomyslnie-zarejestrowano");
    },
  });
}

/**
 * 'Pobierz dane firmy': the NIP's checksum first, then the VAT payer register; what it finds fills
 * the company fields, still to be checked by the person.
 */
function useNipLookup(form: RegisterForm) {
  const { fields } = form;
  const [lookup, setLookup] = useState<Lookup>({ kind: "idle" });

  async function checkNip() {
    // What the field holds now, typed before hydration too.
    const nip =
      (form.formProps.ref.current?.elements.namedItem(fields.Nip.name) as HTMLInputElement | null)?.value ??
      "";
    if (!isValidNip(nip)) {
      form.markField(fields.Nip.name, NIP_INVALID_MESSAGE);
      setLookup({ kind: "idle" });
      return;
    }
    setLookup({ kind: "busy" });
    try {
      const res = await api.get<ContractorAnswer>("/api/Register/Contractor", {
        query: { nip },
        alertOnBadRequest: false,
      });
      if (res.Found && res.Company) {
        const c = res.Company;
        const found = {
          Nip: res.Nip,
          CompanyName: c.CompanyName,
          Regon: c.Regon,
          Street: c.Street,
          PostalCode: c.PostalCode,
          City: c.City,
        };
        for (const [name, value] of Object.entries(found))
          form.form.update({ name, value, validated: false });
        setLookup({ kind: "found" });
      } else setLookup({ kind: res.RegistryAvailable ? "not-found" : "unavailable" });
    } catch (err) {
      if (err instanceof ApiRequestError && !err.handled) {
        form.markField(fields.Nip.name, err.message);
        setLookup({ kind: "idle" });
      } else setLookup({ kind: "unavailable" });
    }
  }

  return { lookup, checkNip };
}

/** What the register answered: data found, no such company, or the register out of reach. */
function LookupNotice({ lookup }: { lookup: Lookup }) {
  return (
    <>
      {lookup.kind === "found" ? (
        <Notice kind="success">
          Dane firmy pobraliśmy z wykazu podatników VAT. Sprawdź je przed wysłaniem.
        </Notice>
      ) : null}
      {lookup.kind === "not-found" ? (
        <Notice kind="info">
          Nie znaleźliśmy firmy o tym numerze NIP w wykazie podatników VAT. Sprawdź numer albo wpisz dane
          firmy samodzielnie.
        </Notice>
      ) : null}
      {lookup.kind === "unavailable" ? (
        <Notice kind="info">
          Nie udało się teraz połączyć z wykazem podatników VAT. Wpisz dane firmy samodzielnie: sprawdzimy je
          przed aktywacją konta.
        </Notice>
      ) : null}
    </>
  );
}

/** The NIP with its lookup button, what the lookup found, and the company's data. */
function CompanyCard({ form }: { form: RegisterForm }) {
  const hydrated = useHydrated();
  const { lookup, checkNip } = useNipLookup(form);
  return (
    <Card title="Firma" id="company">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="grow">
            <TextField
              field={form.fields.Nip}
              label="NIP firmy"
              inputMode="numeric"
              hint="10 cyfr, np. 123-456-32-18"
            />
          </div>
          <button
            type="button"
            onClick={checkNip}
            disabled={!hydrated || lookup.kind === "busy"}
            className="rounded-lg border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 sm:mt-6"
          >
            {lookup.kind === "busy" ? "Sprawdzanie…" : "Pobierz dane firmy"}
          </button>
        </div>
        <LookupNotice lookup={lookup} />
        <CompanyDetailsFields fields={form.fields} />
      </div>
    </Card>
  );
}

/** The e-mail that signs in and the new password twice, the password's rules under it. */
function LoginDataCard({ fields }: { fields: RegisterFields }) {
  return (
    <Card title="Dane logowania" id="login-data">
      <div className="flex flex-col gap-4">
        <EmailField field={fields.Email} />
        <PasswordField
          field={fields.Password}
          label="Hasło"
          autoComplete="new-password"
          hint={
            <>
              Hasło musi zawierać:
              <ul className="list-disc pl-5">
                {PASSWORD_RULES.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </>
          }
        />
        <PasswordField field={fields.RepeatPassword} label="Powtórz hasło" autoComplete="new-password" />
      </div>
    </Card>
  );
}

/** ", wersja 3 obowiązująca od 01.02.2026": the auction rules in force, as the consent names them. */
function rulesVersion(rules: RegistrationInfo["AuctionRules"]): string {
  const from = new Date(rules.EffectiveFromUtc).toLocaleDateString("pl-PL", {
    timeZone: "Europe/Warsaw",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  return `, wersja ${rules.Version} obowiązująca od ${from}`;
}

/** The two required rules and the optional marketing consents. */
function ConsentsCard({ fields }: { fields: RegisterFields }) {
  const [rules, setRules] = useState<RegistrationInfo["AuctionRules"] | null>(null);
  // The rules version in force, shown next to the consent (the server records that version).
  useEffect(() => {
    api
      .get<RegistrationInfo>("/api/Register")
      .then((info) => setRules(info.AuctionRules))
      .catch(() => {});
  }, []);
  return (
    <Card title="Zgody" id="consents">
      <div className="flex flex-col gap-3">
        <CheckboxField field={fields.AcceptSiteRules}>
          Akceptuję{" "}
          <a href={DOCUMENTS.siteRules.url} className={linkClass}>
            regulamin serwisu
          </a>{" "}
          (wymagane).
        </CheckboxField>
        <CheckboxField field={fields.AcceptAuctionRules}>
          Akceptuję{" "}
          <a href={DOCUMENTS.auctionRules.url} className={linkClass}>
            regulamin aukcji
          </a>
          {rules ? rulesVersion(rules) : null} (wymagane).
        </CheckboxField>
        <CheckboxField field={fields.MarketingEmail}>
          Zgadzam się na otrzymywanie informacji handlowych o ofertach i aukcjach na podany adres e-mail
          (opcjonalnie).
        </CheckboxField>
        <CheckboxField field={fields.MarketingPhone}>
          Zgadzam się na kontakt telefoniczny w sprawie ofert i aukcji (opcjonalnie).
        </CheckboxField>
        <PrivacyNote />
      </div>
    </Card>
  );
}

/**
 * /rejestracja: an entrepreneur's account. The NIP comes first: its checksum is checked and the
 * company data is filled from the VAT payer register; when the register cannot help, the person
 * types the data in.
 */
export default function Register() {
  const form = useRegisterForm();
  return (
    <PageShell
      title="Rejestracja firmy"
      intro="Aukcje są przeznaczone dla przedsiębiorców. Zacznij od numeru NIP: dane firmy uzupełnimy z wykazu podatników VAT."
    >
      <form {...form.formProps} className="flex flex-col gap-6" aria-label="Rejestracja firmy">
        <CompanyCard form={form} />
        <LoginDataCard fields={form.fields} />
        <ConsentsCard fields={form.fields} />

        <FormNotice form={form} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SubmitButton sending={form.sending} whileSending={null} needsScripts>
            Załóż konto
          </SubmitButton>
          <p className="text-slate-700">
            Masz już konto?{" "}
            <Link to="/login" className={linkClass}>
              Zaloguj się
            </Link>
          </p>
        </div>
      </form>
    </PageShell>
  );
}
