import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import { APPLICATION_STATUSES } from "../../../domain/lease-application/application";
import { OUTCOME_TITLES } from "../../../domain/lease-application/rules";
import { requireStaff } from "../../features/panel/panel.server";
import { cellClass, DataTable, FilterTabs, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/lease-applications";

export function meta() {
  return panelMeta("Panel: wnioski leasingowe");
}

const VIEWS = { open: "Do rozpatrzenia", decided: "Rozpatrzone", all: "Wszystkie" } as const;
type View = keyof typeof VIEWS;
const isView = (v: string | null): v is View => v !== null && v in VIEWS;

/** The online leasing applications: those waiting for an analyst, oldest first; decided ones newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "applications");
  const asked = new URL(request.url).searchParams.get("widok");
  const view: View = isView(asked) ? asked : "open";
  const rows = await context.services.staff.leaseApplications.queue(view);
  return {
    view,
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: formatDateTime(r.createdAt),
      company: r.company.CompanyName,
      nip: r.company.Nip,
      car: r.car.MakeModel,
      preliminary: OUTCOME_TITLES[r.preliminary],
      status: APPLICATION_STATUSES[r.status],
    })),
  };
}

export default function PanelLeaseApplications({ loaderData }: Route.ComponentProps) {
  const { view, rows } = loaderData;
  return (
    <PanelPage
      title="Wnioski leasingowe"
      actions={
        <Link className="text-sm font-semibold text-brand-700 underline" to="/panel/reguly-wnioskow">
          Reguły wstępnej decyzji
        </Link>
      }
    >
      <FilterTabs
        label="Widok wniosków"
        tabs={(Object.keys(VIEWS) as View[]).map((k) => ({
          key: k,
          label: VIEWS[k],
          to: `/panel/wnioski-leasingowe?widok=${k}`,
          current: k === view,
        }))}
      />
      <Panel>
        <DataTable
          label="Wnioski leasingowe"
          columns={["Nr", "Złożony", "Firma", "Samochód", "Wstępna decyzja", "Stan"]}
          rows={rows}
          empty="Nie ma wniosków w tym widoku."
          row={(r) => (
            <tr key={r.id}>
              <td className={`${cellClass} tabular-nums`}>
                <Link
                  className="font-semibold text-brand-700 underline"
                  to={`/panel/wnioski-leasingowe/${r.id}`}
                >
                  {r.id}
                </Link>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{r.createdAt}</td>
              <td className={cellClass}>
                {r.company}
                <span className="block text-slate-600">NIP {r.nip}</span>
              </td>
              <td className={cellClass}>{r.car}</td>
              <td className={cellClass}>{r.preliminary}</td>
              <td className={cellClass}>{r.status}</td>
            </tr>
          )}
        />
      </Panel>
    </PanelPage>
  );
}
