import { formatPercent } from "../../../domain/format";
import { documentRequestSchema, finalDecisionSchema } from "../../../domain/lease-application/application";
import { RULE_NAMES, VAT_STATUS_NAMES, VERDICT_NAMES } from "../../../domain/lease-application/rules";
import { FORBIDDEN_MESSAGE, mayUse } from "../../../domain/staff/roles";
import { applicationView } from "../../../server/lease-application/view";
import { StaffError } from "../../../server/staff/staff-error";
import { SelectField, TextArea } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { Summary, Timeline } from "../../features/lease-application/application-page";
import { panelIntent, panelRecordAction, panelRecordLoader } from "../../features/panel/panel.server";
import { type PanelAnswer, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, RecordPage } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/lease-application";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(`Panel: wniosek leasingowy nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego wniosku.";

export async function loader(args: Route.LoaderArgs) {
  const { leaseApplications } = args.context.services;
  const { record, audit, member } = await panelRecordLoader(args, "applications", {
    notFound: NOT_FOUND,
    get: async (id) => {
      const found = await leaseApplications.read(id, { staff: true }).catch(() => null);
      if (!found) return null;
      return {
        view: applicationView(found, args.context.services.clock.now()),
        results: found.row.preliminaryResults,
        facts: found.row.facts,
      };
    },
    history: ["leaseApplication"],
  });
  return { ...record, audit, mayDecide: mayUse(member.role, "applicationDecisions") };
}

/** documents (ask the applicant for them), decide (the final decision with its reason): analysts and admins. */
export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "applications", { notFound: NOT_FOUND }, (id, member) => {
    const desk = args.context.services.staff.leaseApplications;
    const analyst = () => {
      if (!mayUse(member.role, "applicationDecisions")) throw new StaffError(403, FORBIDDEN_MESSAGE);
    };
    return {
      documents: panelIntent(documentRequestSchema, async (v) => {
        analyst();
        await desk.requestDocuments(id, v.Documents, member);
        return { notice: "Poprosiliśmy klienta o dokumenty (e-mail z linkiem do wniosku)." };
      }),
      decide: panelIntent(finalDecisionSchema, async (v) => {
        analyst();
        await desk.decide(id, v, member);
        return { notice: "Zapisano decyzję. Klient dostał ją e-mailem." };
      }),
    };
  });

export default function PanelLeaseApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { view, results, facts, audit, mayDecide } = loaderData;
  const open = view.Status === "review" || view.Status === "documents";
  return (
    <RecordPage
      title={`Wniosek leasingowy nr ${view.ApplicationId}`}
      back={{ to: "/panel/wnioski-leasingowe", label: "Wróć do wniosków" }}
      audit={audit}
    >
      {/* Once decided, the forms are gone: what the last one did is said here. */}
      {!open && (actionData as PanelAnswer | undefined)?.notice ? (
        <Notice kind="success">{(actionData as PanelAnswer).notice}</Notice>
      ) : null}
      <Panel title={`Wstępna decyzja: ${view.Decision.Title}`}>
        <p className="mb-3 text-sm text-slate-700">
          Reguły w wersji {view.RuleSetVersion}; stan: <strong>{view.StatusName}</strong>; status VAT:{" "}
          {VAT_STATUS_NAMES[facts.VatStatus]}; wpłata własna {formatPercent(facts.DownPaymentPercent)}.
        </p>
        <DataTable
          label="Wynik reguł"
          columns={["Reguła", "Wynik", "Powód"]}
          rows={results}
          row={(r) => (
            <tr key={r.Kind} className={r.Verdict === "accept" ? undefined : "bg-amber-50"}>
              <td className={cellClass}>{RULE_NAMES[r.Kind]}</td>
              <td className={cellClass}>{VERDICT_NAMES[r.Verdict]}</td>
              <td className={cellClass}>{r.Reason}</td>
            </tr>
          )}
        />
      </Panel>
      {mayDecide && open ? <DecisionForms answer={actionData} /> : null}
      <Panel title="Przebieg">
        <Timeline view={view} />
        {view.Documents.length ? (
          <ul className="mt-4 text-sm">
            {view.Documents.map((d) => (
              <li key={d.Id}>
                <a
                  className="text-brand-700 underline"
                  href={`/panel/wnioski-leasingowe/${view.ApplicationId}/dokumenty/${d.Id}`}
                >
                  {d.FileName}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
      <Summary view={view} />
    </RecordPage>
  );
}

function DecisionForms({ answer }: { answer: Route.ComponentProps["actionData"] }) {
  const decide = usePanelForm(finalDecisionSchema, { intent: "decide", answer });
  const documents = usePanelForm(documentRequestSchema, { intent: "documents", answer });
  return (
    <>
      <Panel title="Decyzja końcowa">
        <PanelForm form={decide} label="Decyzja końcowa" submit="Zapisz decyzję">
          <SelectField
            field={decide.fields.Decision}
            label="Decyzja"
            empty="wybierz"
            options={[
              { value: "approved", name: "Akceptuję wniosek: przygotować umowę" },
              { value: "declined", name: "Odrzucam wniosek" },
            ]}
          />
          <TextArea
            field={decide.fields.Reason}
            label="Uzasadnienie (klient je przeczyta)"
            maxLength={1000}
            required
          />
        </PanelForm>
      </Panel>
      <Panel title="Prośba o dokumenty">
        <PanelForm form={documents} label="Prośba o dokumenty" submit="Poproś o dokumenty" look="outline">
          <TextArea field={documents.fields.Documents} label="Jakie dokumenty" maxLength={1000} required />
        </PanelForm>
      </Panel>
    </>
  );
}
