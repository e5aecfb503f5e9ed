import { Link } from "react-router";
import { z } from "zod";
import { formatCount, formatDateTime, formatNumber, type PluralForms } from "../../../domain/format";
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
import { bulkIds } from "../../../domain/staff/table";
import { leadList } from "../../features/panel/lead-query";
import { PanelListPage } from "../../features/panel/list-page";
import { panelIntent, panelListAction, panelListLoader } from "../../features/panel/panel.server";
import { BulkForm, bulkButtonClass, type TableColumn } from "../../features/panel/panel-table";
import { panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/leads";

export function meta() {
  return panelMeta("Panel: zgłoszenia");
}

export async function loader(args: Route.LoaderArgs) {
  const [list, assignees] = await Promise.all([
    panelListLoader(args, "leads", leadList.read, LEADS_PAGE_SIZE, (staff) => staff.leads, "leads"),
    args.context.services.staff.leads.assignees(),
  ]);
  return { ...list, assignees };
}

const LEAD_NOUN: PluralForms = ["zgłoszenie", "zgłoszenia", "zgłoszeń"];

const assignSchema = z.object({
  Ids: bulkIds,
  AssignedTo: z.preprocess(
    (v) => (v === "none" ? null : v),
    z.coerce.number({ error: "Wybierz osobę z listy." }).int().positive().max(2_147_483_647).nullable(),
  ),
});

export const action = (args: Route.ActionArgs) =>
  panelListAction(args, "leads", "leads", LEAD_COLUMNS, (member) => ({
    "bulk-assign": panelIntent(assignSchema, async (v) => {
      const outcome = await args.context.services.staff.leads.assign(v.Ids, v.AssignedTo, member);
      const done = `${v.AssignedTo === null ? "Zdjęto opiekuna" : "Przypisano opiekuna"}: ${formatCount(outcome.done.length, LEAD_NOUN)}.`;
      const refused = outcome.refused.map((r) => `nr ${r.id} (${r.message})`).join("; ");
      return { notice: refused ? `${done} Pominięto: ${refused}.` : done };
    }),
  }));

const selectClass = "rounded-md border border-slate-400 bg-white px-3 py-2";

type LeadRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The inbox's columns; who asked is the main one, the details line takes those not in view. */
function leadColumns(now: Date): TableColumn<LeadRow>[] {
  return [
    {
      key: "nr",
      label: "Nr",
      sort: "nr",
      cell: (r) => (
        <Link className="font-semibold text-brand-700 underline" to={leadPanelPath(r.id)}>
          {r.id}
        </Link>
      ),
    },
    {
      key: "przyjete",
      label: "Przyjęte",
      sort: "przyjete",
      cell: (r) => {
        const createdAt = new Date(r.createdAt);
        return (
          <>
            <span className="whitespace-nowrap">{formatDateTime(createdAt)}</span>
            <span className="block text-slate-700">{`${elapsed(createdAt, now)} temu`}</span>
            {isOverdue({ status: r.status, createdAt }, now) ? (
              <strong className="block text-red-800">{`po terminie ${LEAD_PROMISE_HOURS} godzin`}</strong>
            ) : null}
          </>
        );
      },
    },
    {
      key: "kto",
      label: "Kto i w jakiej sprawie",
      sort: "kto",
      main: true,
      cell: (r) => (
        <>
          <span className="font-medium">{r.name || r.phone}</span>
          {r.name ? <span className="block tabular-nums">{r.phone}</span> : null}
          <span className="block text-slate-700">
            {`${LEAD_KIND_NAMES[r.kind]}${r.offerTitle ? `: ${r.offerTitle}` : ""}`}
          </span>
        </>
      ),
    },
    { key: "stan", label: "Stan", sort: "stan", cell: (r) => LEAD_STATUS_NAMES[r.status] },
    { key: "opiekun", label: "Opiekun", sort: "opiekun", cell: (r) => r.assignedName ?? "–" },
  ];
}
const LEAD_COLUMNS = ["nr", "przyjete", "kto", "stan", "opiekun"];

/** The bulk action of the inbox: the ticked leads assigned to a member, or to nobody. */
function AssignForm({ ids, assignees }: { ids: number[]; assignees: { id: number; name: string }[] }) {
  return (
    <BulkForm intent="bulk-assign" ids={ids} label="Przypisz zaznaczone">
      <div className="flex flex-col gap-1">
        <label htmlFor="bulk-assignee" className="text-sm font-medium text-slate-800">
          Opiekun zaznaczonych
        </label>
        <select id="bulk-assignee" name="AssignedTo" className={selectClass} defaultValue="">
          <option value="" disabled>
            wybierz osobę
          </option>
          {assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
          <option value="none">bez opiekuna</option>
        </select>
      </div>
      <button type="submit" className={bulkButtonClass} disabled={ids.length === 0}>
        Przypisz
      </button>
    </BulkForm>
  );
}

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
      summary={
        list.total === 0
          ? "Brak zgłoszeń spełniających warunki."
          : `Zgłoszeń: ${formatNumber(list.total)}${list.all !== list.total ? ` z ${formatNumber(list.all)}` : ""}`
      }
      label="Zgłoszenia"
      table={{
        columns: leadColumns(now),
        id: (r) => r.id,
        select: (r) => `Zaznacz zgłoszenie nr ${r.id}`,
        rowClass: (r) =>
          isOverdue({ status: r.status, createdAt: new Date(r.createdAt) }, now) ? "bg-red-50" : undefined,
      }}
      prefs={list.prefs}
      bulk={(ids) => <AssignForm ids={ids} assignees={list.assignees} />}
      pagerLabel="Strony zgłoszeń"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
