import { data, Link } from "react-router";
import { formatDate } from "../../../domain/format";
import {
  POLICIES,
  POLICY_FIELDS,
  POLICY_KINDS,
  type PolicyKind,
  policyKindOfSlug,
  policyTextsSchema,
  policyVersionPath,
} from "../../../domain/policies";
import { RETENTION } from "../../../domain/privacy";
import { TextArea } from "../../components/form/fields";
import { AuditTable } from "../../features/panel/audit-table";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/policy";

export function meta() {
  return panelMeta("Panel: polityki");
}

/** The policy of the address: /panel/polityki is the privacy policy's, as the menu links it. */
function kindOf(slug: string | undefined): PolicyKind {
  const kind = policyKindOfSlug(slug ?? POLICIES.privacy.panelSlug);
  if (!kind) throw data("Nie ma takiej polityki.", { status: 404 });
  return kind;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const kind = kindOf(params.policy);
  const { policies, staff } = context.services;
  const [current, versions, log] = await Promise.all([
    policies.current(kind),
    policies.list(kind),
    staff.audit({ entity: "policy", entityId: kind }),
  ]);
  return { kind, current, versions, audit: log.entries.slice(0, 20) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  const kind = kindOf(params.policy);
  return panelFormAction(await request.formData(), "save", policyTextsSchema(kind), async (v) => {
    const version = await context.services.policies.save(kind, v, member);
    return {
      notice: version
        ? `Zapisano wersję ${version}. Strona polityki pokazuje ją od razu.`
        : "Nic się nie zmieniło – nowa wersja nie powstała.",
    };
  });
}

const link = "font-semibold text-brand-700 underline";

/**
 * A policy's texts as the content team edits them: a field per section, each save of a changed text
 * a new version; what the page takes from elsewhere (the periods the retention job applies, the
 * cookie tables) is shown here and not edited.
 */
export default function PanelPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, current, versions } = loaderData;
  const policy = POLICIES[kind];
  const form = usePanelForm(policyTextsSchema(kind), {
    intent: "save",
    answer: actionData,
    defaultValue: current.sections,
  });
  return (
    <PanelPage title="Polityki">
      <nav aria-label="Polityki" className="flex flex-wrap gap-2">
        {POLICY_KINDS.map((k) => (
          <Link
            key={k}
            to={`/panel/polityki/${POLICIES[k].panelSlug}`}
            aria-current={k === kind ? "page" : undefined}
            className={`min-h-11 rounded-md px-3 py-2 font-medium ${k === kind ? "bg-brand-600 text-white" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
          >
            {POLICIES[k].title}
          </Link>
        ))}
      </nav>
      <Panel
        title={`${policy.title}: wersja ${current.version} z ${formatDate(new Date(current.createdAt))}`}
      >
        <WhatIsNotText kind={kind} />
        <HowToWrite />
        <PanelForm
          form={form}
          label={policy.title}
          submit="Zapisz nową wersję"
          whileSending="Zapisywanie…"
          footer={
            <p className="mb-3 text-sm text-slate-700">
              Zapisanie zmienionego tekstu tworzy wersję {current.version + 1} z dzisiejszą datą; poprzednie
              wersje pozostają dostępne pod swoimi adresami.
            </p>
          }
        >
          {policy.sections.map((s, i) => (
            <TextArea
              key={s.key}
              field={form.fields[s.key]}
              label={kind === "privacy" ? `${i + 1}. ${s.title}` : s.title}
              hint={s.note}
              rows={8}
              required
            />
          ))}
        </PanelForm>
      </Panel>
      <Panel title="Wersje">
        <DataTable
          label={`${policy.title}: wersje`}
          columns={["Wersja", "Data", "Zapisał(a)", "Strona"]}
          rows={versions}
          row={(v) => (
            <tr key={v.version}>
              <td className={cellClass}>
                {v.version}
                {v.version === current.version ? <strong className="ml-2">(obowiązuje)</strong> : null}
              </td>
              <td className={cellClass}>{formatDate(new Date(v.createdAt))}</td>
              <td className={cellClass}>{v.createdBy}</td>
              <td className={cellClass}>
                <a className={link} href={policyVersionPath(kind, v.version)}>
                  Wersja {v.version} w serwisie
                </a>
              </td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Ostatnie zmiany">
        <AuditTable entries={loaderData.audit} showRecord={false} />
      </Panel>
    </PanelPage>
  );
}

/** What the page shows from elsewhere, so an editor does not write it differently. */
function WhatIsNotText({ kind }: { kind: PolicyKind }) {
  if (kind === "cookies")
    return (
      <p className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
        Tabel plików cookie, pamięci przeglądarki i znaczników nie edytuje się tutaj: strona tworzy je z
        ustawień zgód, o które pyta pasek plików cookie, więc zawsze zgadzają się z tym, co serwis zapisuje.
      </p>
    );
  return (
    <div className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
      <p>
        Okresy, po których system sam usuwa dane, są ustawione w programie i strona pokazuje je w części „Jak
        długo przechowujemy dane” nad jej tekstem. Nie podawaj w tekście innych okresów dla tych danych:
      </p>
      <ul className="mt-2 list-disc pl-5">
        {RETENTION.map((r) => (
          <li key={r.data}>
            {r.data}: {r.period}
          </li>
        ))}
      </ul>
    </div>
  );
}

function HowToWrite() {
  return (
    <details className="mb-4 text-sm text-slate-800">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">Jak pisać tekst</summary>
      <ul className="list-disc space-y-1 pl-5">
        <li>Akapity oddziel pustą linią.</li>
        <li>Linie zaczynające się od „- ” tworzą listę punktowaną.</li>
        <li>
          Tabela: każdy wiersz w osobnej linii, kolumny oddzielone znakiem „|”, pierwszy wiersz to nagłówki.
        </li>
        <li>
          **pogrubienie**; link: [tekst linku](/adres-w-serwisie), [tekst](https://…) albo
          [adres](mailto:adres@…).
        </li>
        <li>
          Pola uzupełniane przez serwis:{" "}
          {Object.entries(POLICY_FIELDS)
            .map(([name, f]) => `{${name}} – ${f.label}`)
            .join("; ")}
          .
        </li>
      </ul>
    </details>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
