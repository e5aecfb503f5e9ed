import { useId, useState } from "react";
import { formatPrice } from "../../../domain/format";
import {
  calculateSubsidy,
  readSubsidyForm,
  type SubsidyInput,
  type SubsidyResult,
  VEHICLE_CATEGORIES,
} from "../../../domain/subsidy";
import { NumberField, SelectField, SubmitButton } from "../form/fields";
import { checkedBy, useCheckedForm } from "../form/use-checked-form";

/**
 * Subsidy calculator of the "Mój elektryk" programme: vehicle category, price and declared yearly
 * mileage in, the expected subsidy out (rules in src/domain/subsidy.ts), on the form kit. It counts in
 * the browser, so its button waits for the scripts; the result is announced to screen readers.
 */
export function SubsidyCalculator() {
  const [result, setResult] = useState<SubsidyResult | null>(null);
  const calc = useCheckedForm<SubsidyInput>(checkedBy(readSubsidyForm), {
    id: useId(),
    defaultValue: { category: "M1" },
    async send(input) {
      setResult(calculateSubsidy(input));
    },
  });
  const { fields } = calc;
  const shown = calc.sent && !calc.invalid ? result : null;

  return (
    <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-2">
      <form {...calc.formProps} aria-label="Kalkulator dopłaty" className="flex flex-col gap-4">
        <SelectField field={fields.category} label="Kategoria pojazdu">
          {VEHICLE_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <NumberField
          field={fields.price}
          label="Cena pojazdu netto (koszt kwalifikowany), zł"
          autoComplete="off"
        />
        <NumberField
          field={fields.yearlyMileageKm}
          label="Deklarowany roczny przebieg, km"
          autoComplete="off"
          hint="Wyższa dopłata od 15 000 km (M1) lub 20 000 km (N1) rocznie."
        />
        <div className="mt-2">
          <SubmitButton sending={false} needsScripts>
            Oblicz dopłatę
          </SubmitButton>
        </div>
      </form>
      <div className="flex flex-col justify-center rounded-xl bg-brand-50 p-6" aria-live="polite">
        {shown ? (
          <>
            <p className="text-slate-700">Możesz otrzymać dopłatę</p>
            <p className="mt-1 text-4xl font-bold text-brand-700" data-testid="wynik-doplaty">
              {formatPrice(shown.amount)}
            </p>
            <p className="mt-3 text-slate-700">{shown.rule}</p>
            {shown.capped && (
              <p className="mt-2 text-sm text-slate-600">Kwota osiągnęła górny limit dla tej kategorii.</p>
            )}
            <p className="mt-3 text-sm text-slate-600">
              Warunki: pojazd zeroemisyjny, przebieg w dniu zawarcia umowy do 50 km, odczyt licznika w ciągu 2
              lat.
            </p>
          </>
        ) : (
          <>
            <p className="text-lg font-semibold text-slate-900">Sprawdź, ile możesz zyskać</p>
            <p className="mt-2 text-slate-700">
              Wybierz kategorię pojazdu, wpisz jego cenę i roczny przebieg, a pokażemy kwotę dopłaty z
              programu „Mój elektryk”.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
