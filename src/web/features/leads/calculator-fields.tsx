import type {
  AdditionalService,
  CalculatorProperties,
  InstallmentResult,
  InsuranceChoice,
  PercentRange,
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

/** A share of the price in per cent (initial payment, buy-out value) with the amount it comes to. */
function ShareSlider({
  range,
  amount,
  ...slider
}: {
  id: string;
  label: string;
  range: PercentRange;
  value: number;
  onValue: (v: number) => void;
  amount: number | undefined;
}) {
  return (
    <Slider
      {...slider}
      min={range.Min}
      max={range.Max}
      step={range.Step}
      valueText={`${formatPercent(slider.value)} (${formatPrice(amount ?? 0)})`}
    />
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

/** What each financing product calls the person's own payment at the start. */
const OWN_PAYMENT = { leasing: "Opłata wstępna", rent: "Wpłata własna" } as const;

/**
 * Leasing's or rent's own terms: the period and the own payment they share, then leasing's buy-out
 * value or rent's yearly mileage.
 */
export function ProductFields({
  id,
  product,
  properties,
  leasing,
  rent,
  result,
}: {
  id: FieldId;
  product: "leasing" | "rent";
  properties: CalculatorProperties;
  leasing: LeasingChoice;
  rent: RentChoice;
  result: InstallmentResult | null;
}) {
  const terms = product === "leasing" ? properties.Leasing : properties.LongTimeRent;
  const choice = product === "leasing" ? leasing : rent;
  return (
    <>
      <PeriodSlider
        id={id(`${product}-period`)}
        periods={choice.periods}
        value={choice.period}
        onValue={choice.setPeriod}
      />
      <ShareSlider
        id={id(`${product}-ow`)}
        label={OWN_PAYMENT[product]}
        range={terms.Ow}
        value={choice.ow}
        onValue={choice.setOw}
        amount={result?.Ow}
      />
      {product === "leasing" ? (
        <ShareSlider
          id={id("leasing-rv")}
          label="Wartość wykupu"
          range={properties.Leasing.Rv}
          value={leasing.rv}
          onValue={leasing.setRv}
          amount={result?.Rv}
        />
      ) : (
        <MileageSelect id={id("mileage")} limits={properties.LongTimeRent.MileageLimits} choice={rent} />
      )}
    </>
  );
}

function MileageSelect({ id, limits, choice }: { id: string; limits: number[]; choice: RentChoice }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Roczny limit kilometrów
      </label>
      <select
        id={id}
        value={choice.mileage}
        onChange={(e) => choice.setMileage(Number(e.target.value))}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        {limits.map((m) => (
          <option key={m} value={m}>
            {formatKm(m)}
          </option>
        ))}
      </select>
    </div>
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
  const options: [InsuranceChoice, string][] = [
    ["financed", `W racie (${formatPercent(terms.FinancedYearlyPercent)} ceny rocznie)`],
    ["outside", `Własne (opłata administracyjna ${formatPrice(terms.OutsideYearlyFeeNetto)} netto rocznie)`],
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Ubezpieczenie</legend>
      <div className="mt-1 space-y-1 text-sm">
        {options.map(([value, text]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              id={id(`ins-${value}`)}
              type="radio"
              name={id("insurance")}
              checked={insurance === value}
              onChange={() => onInsurance(value)}
            />
            <label htmlFor={id(`ins-${value}`)}>{text}</label>
          </div>
        ))}
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
        {/* The financing's own sum (what leasing offers compare): said so, since the instalment above
            also holds the insurance and the chosen services. */}
        <dt>
          Suma opłat
          <span className="block text-xs">% ceny netto, bez ubezpieczenia i usług</span>
        </dt>
        <dd className="text-right text-white">{formatPercent(result.TotalFeesPercent, 2)}</dd>
      </dl>
    </div>
  );
}
