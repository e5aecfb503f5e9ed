import type { ReactNode } from "react";
import { startOfPolishDay, todayInPoland } from "../../../domain/polish-time";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "../../../domain/staff/audit-labels";
import { AUDIT_PAGE_SIZE } from "../../../server/staff/audit";
import { AuditTable } from "../../features/panel/audit-table";
import { choice, panelList } from "../../features/panel/list-page";
import { panelListLoader } from "../../features/panel/panel.server";
import { ListSearch, Pager, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return panelMeta("Panel: dziennik zmian");
}

const isDay = (v: unknown): v is string =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isId = (v: unknown): v is string => typeof v === "string" && /^\d{1,9}$/.test(v) && Number(v) > 0;
const isRecordId = (v: unknown): v is string => typeof v === "string" && /^[\w.-]{1,40}$/.test(v);

/**
 * The log's filters in its address: `?kto=` a member's number, `?rekord=` the kind of record and
 * `?nr=` its number, `?czynnosc=` the action, `?od=` and `?do=` the days (Polish, both included),
 * `?q=` words, `?strona=` the page.
 */
const auditList = panelList("/panel/dziennik", {
  staffId: choice("kto", isId, null),
  entity: choice(
    "rekord",
    (v): v is string => typeof v === "string" && Object.hasOwn(AUDIT_ENTITIES, v),
    null,
  ),
  entityId: choice("nr", isRecordId, null),
  action: choice(
    "czynnosc",
    (v): v is string => typeof v === "string" && Object.hasOwn(AUDIT_ACTIONS, v),
    null,
  ),
  from: choice("od", isDay, null),
  to: choice("do", isDay, null),
});

/** The moment after the Polish day `day` ends. */
const endOfPolishDay = (day: string) =>
  startOfPolishDay(todayInPoland(new Date(startOfPolishDay(day).getTime() + 36 * 3600_000)));

export async function loader(args: Route.LoaderArgs) {
  const [list, members] = await Promise.all([
    panelListLoader(args, "audit", auditList.read, AUDIT_PAGE_SIZE, (staff) => ({
      list: (q) =>
        staff.audit({
          staffId: q.staffId ? Number(q.staffId) : null,
          entity: q.entity,
          entityId: q.entityId,
          action: q.action,
          from: q.from ? startOfPolishDay(q.from) : null,
          to: q.to ? endOfPolishDay(q.to) : null,
          search: q.search,
          page: q.page,
        }),
    })),
    args.context.services.staff.members.list(),
  ]);
  return { ...list, members: members.map((m) => ({ id: m.id, name: m.name })) };
}

const fieldClass = "rounded-md border border-slate-400 bg-white px-3 py-2";

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Every change made in the panel, newest first, narrowed by who, what, which record and when. */
export default function PanelAudit({ loaderData: list }: Route.ComponentProps) {
  const { entries, page, pages, total } = list;
  const filtered = Boolean(
    list.staffId || list.entity || list.entityId || list.action || list.from || list.to || list.search,
  );
  return (
    <PanelPage title="Dziennik zmian">
      <Panel>
        <ListSearch
          id="audit-search"
          label="Szukaj (osoba, czynność, numer, wartości)"
          value={list.search}
          keep={{}}
          button="Pokaż"
        >
          <Labelled id="audit-staff" label="Kto">
            <select id="audit-staff" name="kto" defaultValue={list.staffId ?? ""} className={fieldClass}>
              <option value="">każdy</option>
              {list.members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="audit-entity" label="Rekord">
            <select id="audit-entity" name="rekord" defaultValue={list.entity ?? ""} className={fieldClass}>
              <option value="">każdy</option>
              {Object.entries(AUDIT_ENTITIES).map(([key, name]) => (
                <option key={key} value={key}>
                  {name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="audit-record" label="Nr rekordu">
            <input
              id="audit-record"
              name="nr"
              defaultValue={list.entityId ?? ""}
              className={`${fieldClass} w-28`}
            />
          </Labelled>
          <Labelled id="audit-action" label="Czynność">
            <select id="audit-action" name="czynnosc" defaultValue={list.action ?? ""} className={fieldClass}>
              <option value="">każda</option>
              {Object.entries(AUDIT_ACTIONS).map(([key, name]) => (
                <option key={key} value={key}>
                  {name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="audit-from" label="Od dnia">
            <input
              id="audit-from"
              name="od"
              type="date"
              defaultValue={list.from ?? ""}
              className={fieldClass}
            />
          </Labelled>
          <Labelled id="audit-to" label="Do dnia">
            <input id="audit-to" name="do" type="date" defaultValue={list.to ?? ""} className={fieldClass} />
          </Labelled>
        </ListSearch>
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0
            ? "Brak wpisów spełniających warunki."
            : `Wpisów: ${total}${filtered ? " (po zawężeniu)" : ""}`}
        </p>
        <AuditTable entries={entries} />
        <Pager
          page={page}
          pages={pages}
          href={(n) => auditList.href({ ...list, page: n })}
          label="Strony dziennika"
          previous="Nowsze"
          next="Starsze"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
