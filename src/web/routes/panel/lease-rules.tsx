import { formatDateTime } from "../../../domain/format";
import {
  BAND_NUMBERS,
  editorRules,
  ruleEditorSchema,
  rulesToForm,
} from "../../../domain/lease-application/rule-form";
import {
  LEGAL_FORM_NAMES,
  LEGAL_FORMS,
  RULE_NAMES,
  VAT_STATUS_NAMES,
  VAT_STATUSES,
  VERDICT_NAMES,
  VERDICTS,
} from "../../../domain/lease-application/rules";
import { type Field, NumberField, SelectField, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { type PanelAnswer, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/lease-rules";

export function meta() {
  return panelMeta("Panel: reguły wstępnej decyzji");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "leaseRules");
  const current = await context.services.leaseApplications.currentRules();
  const versions = await context.services.staff.leaseApplications.ruleSets();
  return {
    version: current.version,
    values: rulesToForm(current.rules),
    versions: versions.map((v) => ({ ...v, createdAt: formatDateTime(v.createdAt) })),
  };
}

type Answer = PanelAnswer & { dryRun?: string[] };

/** "Sprawdź" replays the past applications through the edited set; "Zapisz" makes it the next version. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "leaseRules");
  const desk = context.services.staff.leaseApplications;
  return panelFormAction(
    await request.formData(),
    "rules",
    ruleEditorSchema,
    async (v) => {
      const rules = editorRules(v);
      if (v.Mode === "dryRun") {
        const run = await desk.dryRun(rules);
        return { notice: `Sprawdzono wcześniejsze wnioski: ${run.replayed}.`, dryRun: run.sentences };
      }
      const version = await desk.saveRules(rules, String(v.Note ?? ""), member);
      return {
        notice: version
          ? `Zapisano wersję ${version}: od teraz według niej zapadają wstępne decyzje.`
          : "Nic się nie zmieniło: zestaw jest taki sam jak obowiązujący.",
      };
    },
    { keepValues: true },
  );
}

const verdictOptions = VERDICTS.map((v) => ({ value: v, name: VERDICT_NAMES[v] }));

export default function PanelLeaseRules({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const form = usePanelForm(ruleEditorSchema, {
    intent: "rules",
    answer,
    defaultValue: { ...loaderData.values, Mode: "dryRun" },
  });
  const f = form.fields as unknown as Record<string, Field>;
  return (
    <PanelPage title="Reguły wstępnej decyzji">
      <p className="text-slate-800">
        Obowiązuje wersja {loaderData.version}. Zmień parametry, sprawdź, jak zmiana wpłynęłaby na
        wcześniejsze wnioski, i zapisz ją jako nową wersję. Wnioski już rozpatrzone zachowują swoją decyzję.
      </p>
      {answer?.dryRun ? (
        <Notice kind="info">
          <ul className="list-disc pl-5">
            {answer.dryRun.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <Panel>
        <PanelForm form={form} label="Reguły wstępnej decyzji" submit={null} columns={2}>
          <RuleGroup title={RULE_NAMES.vatStatus}>
            {VAT_STATUSES.map((s) => (
              <SelectField
                key={s}
                field={f[`Vat_${s}`]}
                label={VAT_STATUS_NAMES[s]}
                options={verdictOptions}
              />
            ))}
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.companyAge}>
            <NumberField
              field={f.AgeRefuseBelow}
              label="Odmowa, gdy firma działa krócej niż (mies.)"
              required
            />
            <NumberField
              field={f.AgeReviewBelow}
              label="Do analizy, gdy firma działa krócej niż (mies.)"
              required
            />
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.legalForm}>
            {LEGAL_FORMS.map((x) => (
              <SelectField
                key={x}
                field={f[`Form_${x}`]}
                label={LEGAL_FORM_NAMES[x]}
                options={verdictOptions}
              />
            ))}
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.amountForAge}>
            {BAND_NUMBERS.map((n) => (
              <div key={`band-${n}`} className="grid gap-2 sm:grid-cols-2">
                <NumberField
                  field={f[`Band${n}Months`]}
                  label={`Próg ${n}: firma młodsza niż (mies.)`}
                  required
                />
                <NumberField
                  field={f[`Band${n}Max`]}
                  label={`Próg ${n}: najwyższa kwota (zł netto)`}
                  required
                />
              </div>
            ))}
            <SelectField field={f.AmountOver} label="Kwota wyższa" options={verdictOptions} />
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.downPayment}>
            <NumberField field={f.DownMin} label="Najniższa wpłata własna (%)" required />
            <SelectField field={f.DownBelow} label="Wpłata niższa" options={verdictOptions} />
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.carAgeAtEnd}>
            <NumberField field={f.CarMaxYears} label="Najstarszy samochód na koniec umowy (lata)" required />
            <SelectField field={f.CarOver} label="Samochód starszy" options={verdictOptions} />
          </RuleGroup>
          <RuleGroup title={RULE_NAMES.term}>
            <NumberField field={f.TermMin} label="Najkrótszy okres (mies.)" required />
            <NumberField field={f.TermMax} label="Najdłuższy okres (mies.)" required />
            <SelectField field={f.TermOutside} label="Okres poza zakresem" options={verdictOptions} />
          </RuleGroup>
          <div className="md:col-span-2">
            <TextField field={f.Note} label="Opis zmiany (do historii wersji)" maxLength={200} />
          </div>
          <div className="flex flex-wrap gap-3 md:col-span-2">
            <button
              type="submit"
              name="Mode"
              value="dryRun"
              className="rounded-lg border border-brand-700 bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Sprawdź na wcześniejszych wnioskach
            </button>
            <SubmitButtonNamed sending={form.sending} />
          </div>
        </PanelForm>
      </Panel>
      <RuleVersions versions={loaderData.versions} />
    </PanelPage>
  );
}

/** Every version of the rules, the newest first, with who saved it and why. */
function RuleVersions({ versions }: { versions: Route.ComponentProps["loaderData"]["versions"] }) {
  return (
    <Panel title="Wersje">
      <DataTable
        label="Wersje reguł"
        columns={["Wersja", "Zapisano", "Kto", "Opis"]}
        rows={versions}
        row={(v) => (
          <tr key={v.version}>
            <td className={`${cellClass} tabular-nums`}>{v.version}</td>
            <td className={cellClass}>{v.createdAt}</td>
            <td className={cellClass}>{v.createdBy}</td>
            <td className={cellClass}>{v.note}</td>
          </tr>
        )}
      />
    </Panel>
  );
}

/** "Zapisz jako nową wersję": the form's Mode is the pressed button's. */
function SubmitButtonNamed({ sending }: { sending: boolean }) {
  return (
    <button
      type="submit"
      name="Mode"
      value="save"
      disabled={sending}
      className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      Zapisz jako nową wersję
    </button>
  );
}

function RuleGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-brand-900">{title}</legend>
      {children}
    </fieldset>
  );
}
