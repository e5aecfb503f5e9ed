import { isLeadKind, isLeadView, type LeadView } from "../../../domain/staff/lead-states";
import { pageParam } from "./ui";

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
  const p = new URLSearchParams();
  if (q.view && q.view !== "open") p.set("widok", q.view);
  if (q.kind) p.set("rodzaj", q.kind);
  if (q.assigned) p.set("opiekun", q.assigned);
  if (q.search) p.set("q", q.search);
  if (q.page && q.page > 1) p.set("strona", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
