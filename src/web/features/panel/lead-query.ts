import { isLeadKind, isLeadView, type LeadView } from "../../../domain/staff/lead-states";
import { listHref, pageParam } from "./ui";

/** The inbox's filters from the address: ?widok=, ?rodzaj=, ?opiekun=, ?q=, ?strona=. */
export function leadQuery(url: URL) {
  const p = url.searchParams;
  const view = p.get("widok");
  const kind = p.get("rodzaj");
  const assigned = p.get("opiekun");
  return {
    view: (isLeadView(view) ? view : "open") as LeadView,
    kind: isLeadKind(kind) ? kind : null,
    assigned: assigned === "me" || assigned === "none" ? (assigned as "me" | "none") : null,
    search: (p.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(url),
  };
}
export type LeadQuery = ReturnType<typeof leadQuery>;

/** The query string of a filter (defaults left out), with its "?", or empty. */
export function leadQueryString(q: Partial<LeadQuery>): string {
  return listHref("", {
    widok: q.view === "open" ? null : q.view,
    rodzaj: q.kind,
    opiekun: q.assigned,
    q: q.search,
    strona: q.page,
  });
}
