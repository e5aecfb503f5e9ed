import type {
  AdditionalService,
  CalculatorProperties,
  InstallmentResult,
  InsuranceChoice,
} from "../../../domain/calculator";
import { formatCount, formatKm, formatPercent, formatPrice, NOUNS } from "../../../domain/format";
import type { LeasingChoice, Method, RentChoice } from "./calculator-state";

const months = (n: number) => formatCount(n, NOUNS.month);

/** The calculator's ids are one `useId` of the calculator with a name per field. */
export type FieldId = (name: string) => string;

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

/** The contract period: the slider moves over the allowed periods' positions, not over months. */
function PeriodSlider({
  id,
  periods,
  value,
  onValue,
}: {
  id: string;
  periods: number[];
  value: number;
  onValue: (v: number) => void;
}) {
  return (
    <Slider
      id={id}
      label="Okres umowy"
      min={0}
      max={periods.length - 1}
      step={1}
      value={Math.max(0, periods.indexOf(value))}
      onValue={(i) => onValue(periods[i])}
      valueText={months(value)}
    />
  );
}

export function LeasingFields({
  id,
  terms,
  choice,
  result,
}: {
  id: FieldId;
  terms: CalculatorProperties["Leasing"];
  choice: LeasingChoice;
  result: InstallmentResult | null;
}) {
  return (
    <>
      <PeriodSlider
        id={id("leasing-period")}
        periods={choice.periods}
        value={choice.period}
        onValue={choice.setPeriod}
      />
      <Slider
        id={id("leasing-ow")}
        label="Opłata wstępna"
        min={terms.Ow.Min}
        max={terms.Ow.Max}
        step={terms.Ow.Step}
        value={choice.ow}
        onValue={choice.setOw}
        valueText={`${formatPercent(choice.ow)} (${formatPrice(result?.Ow ?? 0)})`}
      />
      <Slider
        id={id("leasing-rv")}
        label="Wartość wykupu"
        min={terms.Rv.Min}
        max={terms.Rv.Max}
        step={terms.Rv.Step}
        value={choice.rv}
        onValue={choice.setRv}
        valueText={`${formatPercent(choice.rv)} (${formatPrice(result?.Rv ?? 0)})`}
      />
    </>
  );
}

export function RentFields({
  id,
  terms,
  choice,
  result,
}: {
  id: FieldId;
  terms: CalculatorProperties["LongTimeRent"];
  choice: RentChoice;
  result: InstallmentResult | null;
}) {
  return (
    <>
      <PeriodSlider
        id={id("rent-period")}
        periods={choice.periods}
        value={choice.period}
        onValue={choice.setPeriod}
      />
      <Slider
        id={id("rent-ow")}
        label="Wpłata własna"
        min={terms.Ow.Min}
        max={terms.Ow.Max}
        step={terms.Ow.Step}
        value={choice.ow}
        onValue={choice.setOw}
        valueText={`${formatPercent(choice.ow)} (${formatPrice(result?.Ow ?? 0)})`}
      />
      <div>
        <label htmlFor={id("mileage")} className="text-sm font-medium text-slate-800">
          Roczny limit kilometrów
        </label>
        <select
          id={id("mileage")}
          value={choice.mileage}
          onChange={(e) => choice.setMileage(Number(e.target.value))}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        >
          {terms.MileageLimits.map((m) => (
            <option key={m} value={m}>
              {formatKm(m)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

export function ServicesChoice({
  id,
  services,
  chosen,
  onChosen,
}: {
  id: FieldId;
  services: AdditionalService[];
  chosen: string[];
  onChosen: (v: string[]) => void;
}) {
  if (services.length === 0) return null;
  const toggle = (value: string, on: boolean) =>
    onChosen(on ? [...chosen, value] : chosen.filter((x) => x !== value));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Usługi dodatkowe</legend>
      <div className="mt-1 space-y-1">
        {services.map((s) => (
          <div key={s.Value} className="flex items-center gap-2 text-sm">
            <input
              id={id(`svc-${s.Value}`)}
              type="checkbox"
              checked={chosen.includes(s.Value)}
              onChange={(e) => toggle(s.Value, e.target.checked)}
              className="h-4 w-4"
            />
            <label htmlFor={id(`svc-${s.Value}`)}>
              {s.Name} (+{formatPrice(s.MonthlyPriceNetto)} netto/mies.)
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function InsuranceFields({
  id,
  terms,
  insurance,
  onInsurance,
}: {
  id: FieldId;
  terms: CalculatorProperties["Insurance"];
  insurance: InsuranceChoice;
  onInsurance: (v: InsuranceChoice) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Ubezpieczenie</legend>
      <div className="mt-1 space-y-1 text-sm">
        <div className="flex items-center gap-2">
          <input
            id={id("ins-financed")}
            type="radio"
            name={id("insurance")}
            checked={insurance === "financed"}
            onChange={() => onInsurance("financed")}
          />
          <label htmlFor={id("ins-financed")}>
            W racie ({formatPercent(terms.FinancedYearlyPercent)} ceny rocznie)
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={id("ins-outside")}
            type="radio"
            name={id("insurance")}
            checked={insurance === "outside"}
            onChange={() => onInsurance("outside")}
          />
          <label htmlFor={id("ins-outside")}>
            Własne (opłata administracyjna {formatPrice(terms.OutsideYearlyFeeNetto)} netto rocznie)
          </label>
        </div>
      </div>
    </fieldset>
  );
}

/** The monthly instalment and what it is made of. */
export function InstallmentPanel({ method, result }: { method: Method; result: InstallmentResult }) {
  return (
    <div className="rounded-lg bg-brand-900 p-4 text-white">
      <p className="text-sm text-brand-100">Rata miesięczna</p>
      <p aria-live="polite" data-testid="installment" className="text-3xl font-bold">
        {formatPrice(result.InstallmentPriceNetto)} <span className="text-base font-normal">netto/mies.</span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-brand-100">
        <dt>{method === "leasing" ? "Opłata wstępna" : "Wpłata własna"}</dt>
        <dd className="text-right text-white">{formatPrice(result.Ow)} netto</dd>
        <dt>{method === "leasing" ? "Wartość wykupu" : "Wartość końcowa"}</dt>
        <dd className="text-right text-white">{formatPrice(result.Rv)} netto</dd>
        <dt>Suma opłat</dt>
        <dd className="text-right text-white">{formatPercent(result.TotalFeesPercent)}</dd>
      </dl>
    </div>
  );
}
