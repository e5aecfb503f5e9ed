import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import {
  elapsed,
  isOverdue,
  LEAD_KIND_NAMES,
  LEAD_KINDS,
  LEAD_PROMISE_HOURS,
  LEAD_STATUS_NAMES,
  LEAD_VIEWS,
  LEADS_PAGE_SIZE,
  leadPanelPath,
} from "../../../domain/staff/lead-states";
import { leadList } from "../../features/panel/lead-query";
import { PanelListPage } from "../../features/panel/list-page";
import { panelListLoader } from "../../features/panel/panel.server";
import { cellClass, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/leads";

export function meta() {
  return panelMeta("Panel: zgłoszenia");
}

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "leads", leadList.read, LEADS_PAGE_SIZE, (staff) => staff.leads);

const selectClass = "rounded-md border border-slate-400 bg-white px-3 py-2";

/** Every lead, the open ones first and the longest waiting at the top, against the 4-hour promise. */
export default function PanelLeads({ loaderData: list }: Route.ComponentProps) {
  const now = new Date(list.now);
  return (
    <PanelListPage
      title="Zgłoszenia"
      actions={
        <a
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-50"
          href={`/panel/zgloszenia.csv${leadList.query({ ...list, page: 1 })}`}
          download
        >
          Pobierz CSV
        </a>
      }
      list={leadList}
      query={list}
      tabs={[{ choice: "view", label: "Widok zgłoszeń", names: LEAD_VIEWS }]}
      search={{
        id: "lead-search",
        label: "Szukaj (nazwisko, telefon, e-mail lub numer)",
        keep: ["view"],
        button: "Pokaż",
        children: (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor="lead-kind" className="text-sm font-medium text-slate-800">
                Rodzaj
              </label>
              <select id="lead-kind" name="rodzaj" defaultValue={list.kind ?? ""} className={selectClass}>
                <option value="">wszystkie</option>
                {LEAD_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {LEAD_KIND_NAMES[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="lead-assigned" className="text-sm font-medium text-slate-800">
                Opiekun
              </label>
              <select
                id="lead-assigned"
                name="opiekun"
                defaultValue={list.assigned ?? ""}
                className={selectClass}
              >
                <option value="">każdy</option>
                <option value="me">moje</option>
                <option value="none">bez opiekuna</option>
              </select>
            </div>
          </>
        ),
      }}
      summary={list.total === 0 ? "Brak zgłoszeń spełniających warunki." : `Zgłoszeń: ${list.total}`}
      label="Zgłoszenia"
      columns={["Nr", "Przyjęte", "Kto i w jakiej sprawie", "Stan", "Opiekun"]}
      row={(r) => {
        const createdAt = new Date(r.createdAt);
        const overdue = isOverdue({ status: r.status, createdAt }, now);
        return (
          <tr key={r.id} className={overdue ? "bg-red-50" : undefined}>
            <td className={cellClass}>
              <Link className="font-semibold text-brand-700 underline" to={leadPanelPath(r.id)}>
                {r.id}
              </Link>
            </td>
            <td className={cellClass}>
              <span className="whitespace-nowrap">{formatDateTime(createdAt)}</span>
              <br />
              <span className="text-slate-700">{elapsed(createdAt, now)} temu</span>
              {overdue ? (
                <strong className="block text-red-800">{`po terminie ${LEAD_PROMISE_HOURS} godzin`}</strong>
              ) : null}
            </td>
            <td className={cellClass}>
              <span className="font-medium">{r.name || r.phone}</span>
              {r.name ? <span className="block tabular-nums">{r.phone}</span> : null}
              <span className="block text-slate-700">
                {LEAD_KIND_NAMES[r.kind]}
                {r.offerTitle ? `: ${r.offerTitle}` : ""}
              </span>
            </td>
            <td className={cellClass}>{LEAD_STATUS_NAMES[r.status]}</td>
            <td className={cellClass}>{r.assignedName ?? "–"}</td>
          </tr>
        );
      }}
      pagerLabel="Strony zgłoszeń"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
