import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  availablePeriods,
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  type InsuranceChoice,
} from "../../../domain/calculator";
import { formatCount, formatKm, formatPrice, NOUNS } from "../../../domain/format";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import type { LeadOffer } from "./types";

const pct = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 2 });
const months = (n: number) => formatCount(n, NOUNS.month);

type Method = "rent" | "leasing" | "cash";
const METHOD_LABEL: Record<Method, string> = { rent: "Najem", leasing: "Leasing", cash: "Gotówka" };

export interface CalculatorProps {
  offer: LeadOffer;
  properties: CalculatorProperties;
  /** The state the person sees, for the contact form (null for a cash purchase). */
  onChange?: (state: CalculatorContactFormData | null) => void;
}

function Slider({
  id,
  label,
  min,
  max,
  step,
  value,
  onValue,
  valueText,
}: {
  id: string;
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onValue: (v: number) => void;
  valueText: string;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-slate-900">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onValue(Number(e.target.value))}
        className="mt-1 w-full accent-brand-600"
      />
    </div>
  );
}

/**
 * The instalment calculator of an offer (spec sections 7 and 9): one tab per available financing
 * method, sliders for period, own contribution and buyout, selects for mileage, services and the
 * insurance choice. The maths is the server's own (src/domain/calculator), so the instalment moves
 * with the sliders at once and matches what the API answers. Private persons are pointed to a cash
 * loan from a bank instead of leasing or rent.
 */
export function FinancingCalculator({ offer, properties, onChange }: CalculatorProps) {
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const methods = (["rent", "leasing", "cash"] as Method[]).filter((m) =>
    m === "rent" ? offer.IsRentAvailable : m === "leasing" ? offer.IsLeasingAvailable : offer.IsCashAvailable,
  );
  const [method, setMethod] = useState<Method>(methods[0] ?? "cash");
  const [company, setCompany] = useState(true);
  const L = properties.Leasing;
  const R = properties.LongTimeRent;
  const leasingPeriods = availablePeriods(L.Periods, offer.MaxLeasingPeriod ?? 80);
  const rentPeriods = availablePeriods(R.Periods, offer.MaxRentPeriod ?? 80);
  const pick = (list: number[], wanted: number) => (list.includes(wanted) ? wanted : list[list.length - 1]);
  const [leasingPeriod, setLeasingPeriod] = useState(pick(leasingPeriods, L.DefaultPeriod));
  const [rentPeriod, setRentPeriod] = useState(pick(rentPeriods, R.DefaultPeriod));
  const [leasingOw, setLeasingOw] = useState(L.Ow.Default);
  const [rentOw, setRentOw] = useState(R.Ow.Default);
  const [rv, setRv] = useState(L.Rv.Default);
  const [mileage, setMileage] = useState(R.DefaultMileage);
  const [leasingServices, setLeasingServices] = useState<string[]>([]);
  const [rentServices, setRentServices] = useState<string[]>([]);
  const [insurance, setInsurance] = useState<InsuranceChoice>("financed");

  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto ?? 0;
  const cashBrutto = offer.TotalPriceBruttoDiscount ?? offer.TotalPriceBrutto ?? null;
  const financing = company && method !== "cash" && price > 0;

  const result = useMemo(() => {
    if (!financing) return null;
    if (method === "leasing") {
      return calculateLeasing(
        {
          PriceNetto: price,
          Period: leasingPeriod,
          OwPercent: leasingOw,
          RvPercent: rv,
          AdditionalServices: leasingServices,
          Insurance: insurance,
        },
        L,
        properties.Insurance,
      );
    }
    return calculateRent(
      {
        PriceNetto: price,
        Period: rentPeriod,
        OwPercent: rentOw,
        Mileage: mileage,
        AdditionalServices: rentServices,
        Insurance: insurance,
      },
      R,
      properties.Insurance,
    );
  }, [
    financing,
    method,
    price,
    leasingPeriod,
    leasingOw,
    rv,
    leasingServices,
    insurance,
    rentPeriod,
    rentOw,
    mileage,
    rentServices,
    L,
    R,
    properties.Insurance,
  ]);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const onChange = onChangeRef.current;
    if (!onChange) return;
    if (!result) return onChange(null);
    const isLeasing = method === "leasing";
    onChange({
      IsLeasing: isLeasing,
      IsNew: offer.SaleType === "new",
      Period: isLeasing ? leasingPeriod : rentPeriod,
      Ow: result.Ow,
      OwPercent: result.OwPercent,
      Rv: result.Rv,
      RvPercent: result.RvPercent,
      Mileage: isLeasing ? null : mileage,
      InstallmentPriceNetto: result.InstallmentPriceNetto,
      TotalFeesPercent: result.TotalFeesPercent,
      TotalPriceBrutto: result.TotalPriceBrutto,
      AdditionalServices: isLeasing ? leasingServices : rentServices,
    });
  }, [result, method, offer.SaleType, leasingPeriod, rentPeriod, mileage, leasingServices, rentServices]);

  const toggle = (list: string[], set: (v: string[]) => void, value: string, on: boolean) =>
    set(on ? [...list, value] : list.filter((x) => x !== value));

  const periodSlider = (periods: number[], value: number, set: (v: number) => void) => (
    <Slider
      id={id(`${method}-period`)}
      label="Okres umowy"
      min={0}
      max={periods.length - 1}
      step={1}
      value={Math.max(0, periods.indexOf(value))}
      onValue={(i) => set(periods[i])}
      valueText={months(value)}
    />
  );
  const services = method === "leasing" ? L.AdditionalServices : R.AdditionalServices;
  const chosen = method === "leasing" ? leasingServices : rentServices;
  const setChosen = method === "leasing" ? setLeasingServices : setRentServices;

  return (
    <section
      aria-labelledby={id("title")}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id("title")} className="text-xl font-bold text-slate-900">
        Oblicz ratę
      </h2>
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
                onChange={() => setCompany(o.v)}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>

      {!company ? (
        <div className="mt-4 rounded-md bg-brand-50 p-4 text-sm text-slate-800" data-testid="private-note">
          <p className="font-semibold">Leasing i najem długoterminowy oferujemy firmom.</p>
          <p className="mt-1">
            Jako osoba prywatna możesz kupić ten samochód za gotówkę, a zakup sfinansować kredytem gotówkowym
            w swoim banku.
          </p>
          {offer.IsCashAvailable && cashBrutto && (
            <p className="mt-2">
              Cena: <strong>{formatPrice(cashBrutto)} brutto</strong>
            </p>
          )}
        </div>
      ) : (
        <>
          {methods.length > 1 && (
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
                      onChange={() => setMethod(m)}
                    />
                    {METHOD_LABEL[m]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {method === "cash" ? (
            <p className="mt-4 text-sm text-slate-800">
              Cena za gotówkę: <strong>{offer.TotalPriceNetto ? formatPrice(price) : "—"} netto</strong>
              {cashBrutto ? ` (${formatPrice(cashBrutto)} brutto)` : ""}
            </p>
          ) : (
            <div className="mt-4 space-y-4">
              {method === "leasing" ? (
                <>
                  {periodSlider(leasingPeriods, leasingPeriod, setLeasingPeriod)}
                  <Slider
                    id={id("leasing-ow")}
                    label="Opłata wstępna"
                    min={L.Ow.Min}
                    max={L.Ow.Max}
                    step={L.Ow.Step}
                    value={leasingOw}
                    onValue={setLeasingOw}
                    valueText={`${leasingOw}% (${formatPrice(result?.Ow ?? 0)})`}
                  />
                  <Slider
                    id={id("leasing-rv")}
                    label="Wartość wykupu"
                    min={L.Rv.Min}
                    max={L.Rv.Max}
                    step={L.Rv.Step}
                    value={rv}
                    onValue={setRv}
                    valueText={`${rv}% (${formatPrice(result?.Rv ?? 0)})`}
                  />
                </>
              ) : (
                <>
                  {periodSlider(rentPeriods, rentPeriod, setRentPeriod)}
                  <Slider
                    id={id("rent-ow")}
                    label="Wpłata własna"
                    min={R.Ow.Min}
                    max={R.Ow.Max}
                    step={R.Ow.Step}
                    value={rentOw}
                    onValue={setRentOw}
                    valueText={`${rentOw}% (${formatPrice(result?.Ow ?? 0)})`}
                  />
                  <div>
                    <label htmlFor={id("mileage")} className="text-sm font-medium text-slate-800">
                      Roczny limit kilometrów
                    </label>
                    <select
                      id={id("mileage")}
                      value={mileage}
                      onChange={(e) => setMileage(Number(e.target.value))}
                      className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
                    >
                      {R.MileageLimits.map((m) => (
                        <option key={m} value={m}>
                          {formatKm(m)}
                        </option>
                      ))}
                    </select>
                  </div>
                </>
              )}

              {services.length > 0 && (
                <fieldset>
                  <legend className="text-sm font-medium text-slate-800">Usługi dodatkowe</legend>
                  <div className="mt-1 space-y-1">
                    {services.map((s) => (
                      <div key={s.Value} className="flex items-center gap-2 text-sm">
                        <input
                          id={id(`svc-${s.Value}`)}
                          type="checkbox"
                          checked={chosen.includes(s.Value)}
                          onChange={(e) => toggle(chosen, setChosen, s.Value, e.target.checked)}
                          className="h-4 w-4"
                        />
                        <label htmlFor={id(`svc-${s.Value}`)}>
                          {s.Name} (+{formatPrice(s.MonthlyPriceNetto)} netto/mies.)
                        </label>
                      </div>
                    ))}
                  </div>
                </fieldset>
              )}

              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Ubezpieczenie</legend>
                <div className="mt-1 space-y-1 text-sm">
                  <div className="flex items-center gap-2">
                    <input
                      id={id("ins-financed")}
                      type="radio"
                      name={id("insurance")}
                      checked={insurance === "financed"}
                      onChange={() => setInsurance("financed")}
                    />
                    <label htmlFor={id("ins-financed")}>
                      W racie ({properties.Insurance.FinancedYearlyPercent}% ceny rocznie)
                    </label>
                  </div>
                  <div className="flex items-center gap-2">
                    <input
                      id={id("ins-outside")}
                      type="radio"
                      name={id("insurance")}
                      checked={insurance === "outside"}
                      onChange={() => setInsurance("outside")}
                    />
                    <label htmlFor={id("ins-outside")}>
                      Własne (opłata administracyjna {formatPrice(properties.Insurance.OutsideYearlyFeeNetto)}{" "}
                      netto rocznie)
                    </label>
                  </div>
                </div>
              </fieldset>

              {result && (
                <div className="rounded-lg bg-brand-900 p-4 text-white">
                  <p className="text-sm text-brand-100">Rata miesięczna</p>
                  <p aria-live="polite" data-testid="installment" className="text-3xl font-bold">
                    {formatPrice(result.InstallmentPriceNetto)}{" "}
                    <span className="text-base font-normal">netto/mies.</span>
                  </p>
                  <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-brand-100">
                    <dt>{method === "leasing" ? "Opłata wstępna" : "Wpłata własna"}</dt>
                    <dd className="text-right text-white">{formatPrice(result.Ow)} netto</dd>
                    <dt>{method === "leasing" ? "Wartość wykupu" : "Wartość końcowa"}</dt>
                    <dd className="text-right text-white">{formatPrice(result.Rv)} netto</dd>
                    <dt>Suma opłat</dt>
                    <dd className="text-right text-white">{pct.format(result.TotalFeesPercent)}%</dd>
                  </dl>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
