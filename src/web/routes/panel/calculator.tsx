import type { ReactNode } from "react";
import { Form } from "react-router";
import type { AdditionalService, CalculatorProperties } from "../../../domain/calculator";
import { rentResidualPercent } from "../../../domain/calculator";
import { formatNumber, formatPercent } from "../../../domain/format";
import {
  calculatorTermsSchema,
  decimalText,
  EXTRA_SERVICE_ROWS,
  leasingSettingsSchema,
  listText,
  rentSettingsSchema,
} from "../../../domain/staff/calculator-settings";
import { type Field, NumberField, SubmitButton, TextField } from "../../components/form/fields";
import { AuditTable } from "../../features/panel/audit-table";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { formRows, usePanelForm } from "../../features/panel/panel-form";
import {
  cellClass,
  headClass,
  Panel,
  PanelFormNotice,
  PanelPage,
  panelMeta,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/calculator";

export function meta() {
  return panelMeta("Panel: kalkulator");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const { calculator, audit } = context.services.staff;
  const [props, log] = await Promise.all([calculator.get(), audit({ entity: "calculator" })]);
  return { props, audit: log.entries.slice(0, 20) };
}

const changedOffers = (n: number) =>
  n === 0
    ? "Zapisano ustawienia. Raty „od” w ofertach się nie zmieniły."
    : `Zapisano ustawienia. Przeliczono raty „od” w ofertach: ${formatNumber(n)}.`;

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  const formData = await request.formData();
  const { calculator } = context.services.staff;
  const intent = formData.get("intent");
  if (intent === "rent")
    return panelFormAction(formData, "rent", rentSettingsSchema, async (v) => ({
      notice: changedOffers(await calculator.saveRent(v, member)),
    }));
  if (intent === "terms")
    return panelFormAction(formData, "terms", calculatorTermsSchema, async (v) => ({
      notice: changedOffers(await calculator.saveTerms(v, member)),
    }));
  return panelFormAction(formData, "leasing", leasingSettingsSchema, async (v) => ({
    notice: changedOffers(await calculator.saveLeasing(v, member)),
  }));
}

/** The form's rows of services: those in force, then empty ones to add. */
const serviceRows = (list: AdditionalService[]) => [
  ...list.map((s) => ({ Value: s.Value, Name: s.Name, Price: String(s.MonthlyPriceNetto) })),
  ...Array.from({ length: EXTRA_SERVICE_ROWS }, () => ({ Value: "", Name: "", Price: "" })),
];

const rangeValues = (prefix: string, r: CalculatorProperties["Leasing"]["Ow"]) => ({
  [`${prefix}Min`]: decimalText(r.Min),
  [`${prefix}Max`]: decimalText(r.Max),
  [`${prefix}Step`]: decimalText(r.Step),
  [`${prefix}Default`]: decimalText(r.Default),
});

/**
 * The calculator's settings (spec section 7): leasing, long-term rent (with the residual values they
 * give, as a table) and the terms of both. Each part is saved alone; the offers' "od" instalments follow.
 */
export default function PanelCalculator({ loaderData, actionData }: Route.ComponentProps) {
  const { props, audit } = loaderData;
  const L = props.Leasing;
  const R = props.LongTimeRent;
  const leasing = usePanelForm(leasingSettingsSchema, {
    intent: "leasing",
    answer: actionData,
    defaultValue: {
      Periods: listText(L.Periods),
      DefaultPeriod: String(L.DefaultPeriod),
      ...rangeValues("Ow", L.Ow),
      ...rangeValues("Rv", L.Rv),
      AnnualRatePercent: decimalText(L.AnnualRatePercent),
      Services: serviceRows(L.AdditionalServices),
    },
  });
  const rent = usePanelForm(rentSettingsSchema, {
    intent: "rent",
    answer: actionData,
    defaultValue: {
      Periods: listText(R.Periods),
      DefaultPeriod: String(R.DefaultPeriod),
      ...rangeValues("Ow", R.Ow),
      MileageLimits: listText(R.MileageLimits),
      DefaultMileage: String(R.DefaultMileage),
      AnnualRatePercent: decimalText(R.AnnualRatePercent),
      ResidualStartPercent: decimalText(R.Residual.StartPercent),
      ResidualDropPerYearPercent: decimalText(R.Residual.DropPerYearPercent),
      ResidualDropPer10000KmPercent: decimalText(R.Residual.DropPer10000KmPercent),
      ResidualMinPercent: decimalText(R.Residual.MinPercent),
      Services: serviceRows(R.AdditionalServices),
    },
  });
  const terms = usePanelForm(calculatorTermsSchema, {
    intent: "terms",
    answer: actionData,
    defaultValue: {
      InsuranceFinancedYearlyPercent: decimalText(props.Insurance.FinancedYearlyPercent),
      InsuranceOutsideYearlyFeeNetto: String(props.Insurance.OutsideYearlyFeeNetto),
      MinPriceNetto: String(props.MinPriceNetto),
      MaxPriceNetto: String(props.MaxPriceNetto),
    },
  });
  const f = leasing.fields;
  const r = rent.fields;
  const t = terms.fields;
  return (
    <PanelPage title="Kalkulator">
      <Panel title="Leasing">
        <SettingsForm form={leasing} intent="leasing" label="Leasing" button="Zapisz leasing">
          <PeriodFields periods={f.Periods} defaultPeriod={f.DefaultPeriod} rate={f.AnnualRatePercent} />
          <RangeFields legend="Opłata wstępna (% ceny netto)" fields={f} prefix="Ow" />
          <RangeFields legend="Wykup (% ceny netto)" fields={f} prefix="Rv" />
          <ServiceFields field={f.Services} />
        </SettingsForm>
      </Panel>
      <Panel title="Najem długoterminowy">
        <SettingsForm form={rent} intent="rent" label="Najem długoterminowy" button="Zapisz najem">
          <PeriodFields periods={r.Periods} defaultPeriod={r.DefaultPeriod} rate={r.AnnualRatePercent} />
          <RangeFields legend="Opłata wstępna (% ceny netto)" fields={r} prefix="Ow" />
          <fieldset className="grid gap-3 md:col-span-2 md:grid-cols-2">
            <legend className={legendClass}>Roczne limity przebiegu</legend>
            <TextField
              field={r.MileageLimits}
              label="Limity (km, oddzielone przecinkami)"
              hint="np. 10000, 20000, 30000"
            />
            <NumberField field={r.DefaultMileage} label="Limit domyślny (km)" />
          </fieldset>
          <fieldset className="grid gap-3 md:col-span-2 md:grid-cols-2">
            <legend className={legendClass}>
              Wartość końcowa (% ceny netto): początkowa − spadek za każdy rok − spadek za każde 10 000 km
              rocznego limitu, nie mniej niż najniższa
            </legend>
            <NumberField field={r.ResidualStartPercent} label="Początkowa (%)" decimal />
            <NumberField field={r.ResidualDropPerYearPercent} label="Spadek za rok (%)" decimal />
            <NumberField
              field={r.ResidualDropPer10000KmPercent}
              label="Spadek za 10 000 km limitu (%)"
              decimal
            />
            <NumberField field={r.ResidualMinPercent} label="Najniższa (%)" decimal />
          </fieldset>
          <ServiceFields field={r.Services} />
        </SettingsForm>
        <ResidualTable rent={R} />
      </Panel>
      <Panel title="Ubezpieczenie i ceny">
        <SettingsForm form={terms} intent="terms" label="Ubezpieczenie i ceny" button="Zapisz">
          <NumberField
            field={t.InsuranceFinancedYearlyPercent}
            label="Ubezpieczenie w racie (% ceny netto rocznie)"
            decimal
          />
          <NumberField
            field={t.InsuranceOutsideYearlyFeeNetto}
            label="Ubezpieczenie poza ratą: opłata roczna (zł netto)"
          />
          <NumberField field={t.MinPriceNetto} label="Najniższa cena samochodu (zł netto)" />
          <NumberField field={t.MaxPriceNetto} label="Najwyższa cena samochodu (zł netto)" />
          <p className="text-sm text-slate-700 md:col-span-2">
            VAT: {formatPercent(props.VatPercent)} (stawka ustawowa, nie zmienia się w panelu).
          </p>
        </SettingsForm>
      </Panel>
      <Panel title="Ostatnie zmiany">
        <AuditTable entries={audit} />
      </Panel>
    </PanelPage>
  );
}

const legendClass = "mb-1 text-sm font-semibold text-slate-800 md:col-span-2";
type PanelForm = ReturnType<typeof usePanelForm>;

function SettingsForm({
  form,
  intent,
  label,
  button,
  children,
}: {
  form: PanelForm;
  intent: string;
  label: string;
  button: string;
  children: ReactNode;
}) {
  return (
    <Form {...form.formProps} method="post" className="grid gap-4 md:grid-cols-2" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <div className="md:col-span-2">
        <PanelFormNotice form={form} />
      </div>
      {children}
      <div className="md:col-span-2">
        <SubmitButton sending={form.sending} whileSending="Zapisywanie…">
          {button}
        </SubmitButton>
      </div>
    </Form>
  );
}

function PeriodFields({
  periods,
  defaultPeriod,
  rate,
}: {
  periods: Field;
  defaultPeriod: Field;
  rate: Field;
}) {
  return (
    <>
      <TextField
        field={periods}
        label="Okresy umowy (miesiące, oddzielone przecinkami)"
        hint="np. 24, 36, 48, 60"
      />
      <NumberField field={defaultPeriod} label="Okres domyślny (miesiące)" />
      <NumberField field={rate} label="Oprocentowanie roczne (%)" decimal />
    </>
  );
}

function RangeFields({
  legend,
  fields,
  prefix,
}: {
  legend: string;
  fields: Record<string, Field>;
  prefix: string;
}) {
  return (
    <fieldset className="grid gap-3 md:col-span-2 md:grid-cols-4">
      <legend className={legendClass}>{legend}</legend>
      <NumberField field={fields[`${prefix}Min`]} label="Najmniej" decimal />
      <NumberField field={fields[`${prefix}Max`]} label="Najwięcej" decimal />
      <NumberField field={fields[`${prefix}Step`]} label="Krok" decimal />
      <NumberField field={fields[`${prefix}Default`]} label="Domyślnie" decimal />
    </fieldset>
  );
}

function ServiceFields({ field }: { field: Field }) {
  return (
    <fieldset className="md:col-span-2">
      <legend className={legendClass}>
        Usługi dodatkowe (wyczyść nazwę, aby usunąć usługę; puste wiersze są pomijane)
      </legend>
      <div className="grid gap-3">
        {formRows(field).map((item, i) => (
          <div key={item.key} className="grid gap-2 rounded-md border border-slate-200 p-3 md:grid-cols-2">
            <input
              type="hidden"
              name={item.fields.Value.name}
              value={String(item.fields.Value.initialValue ?? "")}
            />
            <TextField field={item.fields.Name} label={`Usługa ${i + 1}: nazwa`} />
            <NumberField field={item.fields.Price} label={`Usługa ${i + 1}: cena miesięczna (zł netto)`} />
          </div>
        ))}
      </div>
      {field.errors ? <p className="mt-2 text-sm text-red-700">{field.errors[0]}</p> : null}
    </fieldset>
  );
}

/** The residual values the rent settings in force give, by period and yearly mileage limit. */
function ResidualTable({ rent }: { rent: CalculatorProperties["LongTimeRent"] }) {
  const caption = "Wartość końcowa według obecnych ustawień (% ceny netto)";
  return (
    <div className="mt-6">
      <h3 className="mb-2 font-semibold text-slate-800">{caption}</h3>
      <TableScroll label={caption}>
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Okres \ limit
              </th>
              {rent.MileageLimits.map((km) => (
                <th key={km} scope="col" className={headClass}>
                  {formatNumber(km)} km
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rent.Periods.map((months) => (
              <tr key={months}>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {months} mies.
                </th>
                {rent.MileageLimits.map((km) => (
                  <td key={km} className={cellClass}>
                    {formatPercent(rentResidualPercent(months, km, rent.Residual))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
