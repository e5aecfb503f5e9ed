import { useId, useState } from "react";
import { formatPrice } from "../../../domain/format";
import {
  calculateSubsidy,
  type SubsidyFieldErrors,
  VEHICLE_CATEGORIES,
  type VehicleCategory,
  validateSubsidyInput,
} from "../../../domain/subsidy";

/** Digits only: "129 900" or "129900 zł" → 129900; empty → NaN (reported as a missing price). */
function parseWhole(text: string): number {
  const digits = text.replace(/[\s\u00a0]|zł|km/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * Subsidy calculator of the "Mój elektryk" programme: vehicle category, price and declared yearly
 * mileage in, the expected subsidy out (rules in src/domain/subsidy.ts). Works as a plain form, the
 * result is announced to screen readers.
 */
export function SubsidyCalculator() {
  const id = useId();
  const [category, setCategory] = useState<VehicleCategory>("M1");
  const [price, setPrice] = useState("");
  const [mileage, setMileage] = useState("");
  const [errors, setErrors] = useState<SubsidyFieldErrors>({});
  const [result, setResult] = useState<ReturnType<typeof calculateSubsidy> | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = { category, price: parseWhole(price), yearlyMileageKm: parseWhole(mileage) };
    const found = validateSubsidyInput(input);
    setErrors(found);
    setResult(Object.keys(found).length ? null : calculateSubsidy(input));
  };

  const field = "mt-1 w-full rounded-lg border px-4 py-3 text-base focus:outline-2 focus:outline-brand-600";
  return (
    <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-2">
      <form onSubmit={submit} noValidate aria-label="Kalkulator dopłaty">
        <div>
          <label htmlFor={`${id}-kategoria`} className="block font-semibold text-slate-900">
            Kategoria pojazdu
          </label>
          <select
            id={`${id}-kategoria`}
            name="kategoria"
            value={category}
            onChange={(e) => setCategory(e.target.value as VehicleCategory)}
            className={`${field} border-slate-400 bg-white`}
          >
            {VEHICLE_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="mt-4">
          <label htmlFor={`${id}-cena`} className="block font-semibold text-slate-900">
            Cena pojazdu netto (koszt kwalifikowany), zł
          </label>
          <input
            id={`${id}-cena`}
            name="cena"
            inputMode="numeric"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? `${id}-cena-blad` : undefined}
            className={`${field} ${errors.price ? "border-red-600" : "border-slate-400"}`}
          />
          {errors.price && (
            <p id={`${id}-cena-blad`} className="mt-1 text-sm text-red-700">
              {errors.price}
            </p>
          )}
        </div>
        <div className="mt-4">
          <label htmlFor={`${id}-przebieg`} className="block font-semibold text-slate-900">
            Deklarowany roczny przebieg, km
          </label>
          <input
            id={`${id}-przebieg`}
            name="przebieg"
            inputMode="numeric"
            autoComplete="off"
            value={mileage}
            onChange={(e) => setMileage(e.target.value)}
            aria-invalid={errors.yearlyMileageKm ? true : undefined}
            aria-describedby={errors.yearlyMileageKm ? `${id}-przebieg-blad` : `${id}-przebieg-opis`}
            className={`${field} ${errors.yearlyMileageKm ? "border-red-600" : "border-slate-400"}`}
          />
          {errors.yearlyMileageKm ? (
            <p id={`${id}-przebieg-blad`} className="mt-1 text-sm text-red-700">
              {errors.yearlyMileageKm}
            </p>
          ) : (
            <p id={`${id}-przebieg-opis`} className="mt-1 text-sm text-slate-600">
              Wyższa dopłata od 15 000 km (M1) lub 20 000 km (N1) rocznie.
            </p>
          )}
        </div>
        <button
          type="submit"
          className="mt-6 min-h-11 rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Oblicz dopłatę
        </button>
      </form>
      <div className="flex flex-col justify-center rounded-xl bg-brand-50 p-6" aria-live="polite">
        {result ? (
          <>
            <p className="text-slate-700">Możesz otrzymać dopłatę</p>
            <p className="mt-1 text-4xl font-bold text-brand-700" data-testid="wynik-doplaty">
              {formatPrice(result.amount)}
            </p>
            <p className="mt-3 text-slate-700">{result.rule}</p>
            {result.capped && (
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
