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
  type LeadView,
  leadPanelPath,
} from "../../../domain/staff/lead-states";
import { leadQuery, leadQueryString as queryString } from "../../features/panel/lead-query";
import { requireStaff } from "../../features/panel/panel.server";
import {
  cellClass,
  FilterTabs,
  ListSearch,
  Pager,
  Panel,
  PanelPage,
  panelMeta,
  TableHead,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/leads";

export function meta() {
  return panelMeta("Panel: zgłoszenia");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, "leads");
  const query = leadQuery(new URL(request.url));
  const { rows, total, now } = await context.services.staff.leads.list(query, member);
  return { query, rows, total, pages: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)), now };
}

const selectClass = "rounded-md border border-slate-400 bg-white px-3 py-2";

/** Every lead, the open ones first and the longest waiting at the top, against the 4-hour promise. */
export default function PanelLeads({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pages } = { ...loaderData, page: loaderData.query.page };
  const now = new Date(loaderData.now);
  return (
    <PanelPage
      title="Zgłoszenia"
      actions={
        <a
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-50"
          href={`/panel/zgloszenia.csv${queryString({ ...query, page: 1 })}`}
          download
        >
          Pobierz CSV
        </a>
      }
    >
      <FilterTabs
        label="Widok zgłoszeń"
        tabs={(Object.keys(LEAD_VIEWS) as LeadView[]).map((v) => ({
          key: v,
          label: LEAD_VIEWS[v],
          to: `/panel/zgloszenia${queryString({ ...query, view: v, page: 1 })}`,
          current: v === query.view,
        }))}
      />
      <Panel>
        <ListSearch
          id="lead-search"
          label="Szukaj (nazwisko, telefon, e-mail lub numer)"
          value={query.search}
          keep={{ widok: query.view !== "open" ? query.view : null }}
          button="Pokaż"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="lead-kind" className="text-sm font-medium text-slate-800">
              Rodzaj
            </label>
            <select id="lead-kind" name="rodzaj" defaultValue={query.kind ?? ""} className={selectClass}>
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
              defaultValue={query.assigned ?? ""}
              className={selectClass}
            >
              <option value="">każdy</option>
              <option value="me">moje</option>
              <option value="none">bez opiekuna</option>
            </select>
          </div>
        </ListSearch>
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0 ? "Brak zgłoszeń spełniających warunki." : `Zgłoszeń: ${total}`}
        </p>
        {rows.length ? (
          <TableScroll label="Zgłoszenia">
            <table className={tableClass}>
              <TableHead columns={["Nr", "Przyjęte", "Kto i w jakiej sprawie", "Stan", "Opiekun"]} />
              <tbody>
                {rows.map((r) => {
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
                          <strong className="block text-red-800">
                            {`po terminie ${LEAD_PROMISE_HOURS} godzin`}
                          </strong>
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
                })}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <Pager
          page={page}
          pages={pages}
          href={(n) => `/panel/zgloszenia${queryString({ ...query, page: n })}`}
          label="Strony zgłoszeń"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
