import { useState } from "react";
import type { ContractorAnswer } from "../../../domain/account-dto";
import { formatDate } from "../../../domain/format";
import { vatStatusFromRegister } from "../../../domain/lease-application/company";
import { type LegalForm, VAT_STATUS_NAMES } from "../../../domain/lease-application/rules";
import { isValidNip } from "../../../domain/nip";
import { api } from "../../api-client";
import { type Field, SelectField, TextField } from "../../components/form/fields";

type CompanyFieldset = Record<
  "Nip" | "CompanyName" | "Street" | "PostalCode" | "City" | "RegisteredOn" | "LegalForm",
  Field
>;

/** Puts a value into an uncontrolled input of the form, as if typed (conform hears the input event). */
export function fill(field: Field, value: string | null | undefined) {
  const el = document.getElementById(field.id) as HTMLInputElement | HTMLSelectElement | null;
  if (!el || value === null || value === undefined) return;
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The company by NIP: "Pobierz dane" fills the fields from the VAT register (GET
 * /api/Register/Contractor) and says what it found; when the register does not know the NIP or does
 * not answer, the person types the data in, with the day the business started and its legal form.
 * The server asks the register again and takes its data over what was typed.
 */
export function CompanyFields({
  company,
  legalForms,
  names,
}: {
  company: CompanyFieldset;
  legalForms: readonly LegalForm[];
  names: Record<LegalForm, string>;
}) {
  const [found, setFound] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function lookup() {
    const nip = (document.getElementById(company.Nip.id) as HTMLInputElement | null)?.value ?? "";
    if (!isValidNip(nip)) {
      setFound("Sprawdź NIP: wpisz 10 cyfr.");
      return;
    }
    setBusy(true);
    try {
      const r = await api.get<ContractorAnswer>(`/api/Register/Contractor?nip=${encodeURIComponent(nip)}`, {
        alertOnBadRequest: false,
      });
      const c = r.Company;
      if (!c) {
        setFound(
          r.RegistryAvailable
            ? "Nie znaleźliśmy tego NIP-u w rejestrze VAT. Wpisz dane firmy."
            : "Rejestr VAT teraz nie odpowiada. Wpisz dane firmy.",
        );
        return;
      }
      fill(company.CompanyName, c.CompanyName);
      fill(company.Street, c.Street);
      fill(company.PostalCode, c.PostalCode);
      fill(company.City, c.City);
      fill(company.RegisteredOn, c.RegisteredOn);
      fill(company.LegalForm, c.LegalForm);
      const status = VAT_STATUS_NAMES[vatStatusFromRegister(c.VatStatus, c.RemovedOn)];
      const since = c.RegisteredOn
        ? `, w rejestrze od ${formatDate(new Date(`${c.RegisteredOn}T12:00:00Z`))}`
        : "";
      setFound(`Rejestr VAT: ${c.CompanyName}, ${status}${since}.`);
    } catch {
      setFound("Nie udało się pobrać danych. Wpisz dane firmy.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex items-end gap-2 sm:col-span-2">
        <div className="flex-1">
          <TextField field={company.Nip} label="NIP" required inputMode="numeric" autoComplete="off" />
        </div>
        <button
          type="button"
          onClick={lookup}
          disabled={busy}
          className="mb-px shrink-0 rounded-md border border-brand-700 px-3 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
        >
          Pobierz dane
        </button>
      </div>
      <p role="status" className="text-sm text-slate-700 sm:col-span-2">
        {found}
      </p>
      <div className="sm:col-span-2">
        <TextField field={company.CompanyName} label="Nazwa firmy" required autoComplete="organization" />
      </div>
      <TextField field={company.Street} label="Ulica i numer" required />
      <TextField field={company.PostalCode} label="Kod pocztowy" required inputMode="numeric" />
      <TextField field={company.City} label="Miejscowość" required />
      <TextField
        field={company.RegisteredOn}
        label="Data rozpoczęcia działalności"
        type="date"
        hint="Wypełnimy ją z rejestru VAT; wpisz, jeśli rejestr jej nie poda."
      />
      <SelectField
        field={company.LegalForm}
        label="Forma prawna"
        empty="wybierz"
        options={legalForms.map((f) => ({ value: f, name: names[f] }))}
      />
    </div>
  );
}
