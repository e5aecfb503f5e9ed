import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import {
  BIDDER_FILTERS,
  BIDDER_STATE_NAMES,
  BIDDERS_PAGE_SIZE,
  type BidderFilter,
  bidderPanelPath,
  isBidderFilter,
} from "../../../domain/staff/bidder-states";
import { requireStaff } from "../../features/panel/panel.server";
import {
  cellClass,
  FilterTabs,
  ListSearch,
  listHref,
  Pager,
  Panel,
  PanelPage,
  pageParam,
  panelMeta,
  TableHead,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/bidders";

export function meta() {
  return panelMeta("Panel: konta klientów");
}

/** `?widok=` picks the tab (the queue by default), `?q=` searches, `?strona=` pages. */
function listQuery(url: URL) {
  const view = url.searchParams.get("widok");
  const filter: BidderFilter = isBidderFilter(view) ? view : "awaiting";
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  return { filter, search, page: pageParam(url) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "bidders");
  const query = listQuery(new URL(request.url));
  const { rows, total } = await context.services.staff.bidders.list(query);
  return { ...query, rows, total, pages: Math.max(1, Math.ceil(total / BIDDERS_PAGE_SIZE)) };
}

const href = (q: { filter: BidderFilter; search: string; page?: number }) =>
  listHref("/panel/konta-klientow", {
    widok: q.filter === "awaiting" ? null : q.filter,
    q: q.search,
    strona: q.page,
  });

/** The bidder accounts: the verification queue first, then refused, blocked and all of them. */
export default function PanelBidders({ loaderData }: Route.ComponentProps) {
  const { filter, search, rows, total, page, pages } = loaderData;
  const awaiting = filter === "awaiting";
  return (
    <PanelPage title="Konta klientów">
      <FilterTabs
        label="Widok listy kont"
        tabs={(Object.keys(BIDDER_FILTERS) as BidderFilter[]).map((f) => ({
          key: f,
          label: BIDDER_FILTERS[f],
          to: href({ filter: f, search }),
          current: f === filter,
        }))}
      />
      <Panel>
        <ListSearch
          id="bidder-search"
          label="Szukaj (e-mail, nazwa firmy lub NIP)"
          value={search}
          keep={{ widok: filter !== "awaiting" ? filter : null }}
        />
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0
            ? awaiting && !search
              ? "Żadna firma nie czeka na weryfikację."
              : "Brak kont spełniających warunki."
            : `Kont: ${total}${awaiting ? " (najdłużej czekające na górze)" : ""}`}
        </p>
        {rows.length ? (
          <TableScroll label="Konta klientów">
            <table className={tableClass}>
              <TableHead columns={["Firma", "NIP", "E-mail", "Stan", awaiting ? "Czeka od" : "Założone"]} />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className={cellClass}>
                      <Link className="font-semibold text-brand-700 underline" to={bidderPanelPath(r.id)}>
                        {r.companyName || r.email}
                      </Link>
                    </td>
                    <td className={`${cellClass} tabular-nums`}>{r.nip}</td>
                    <td className={cellClass}>{r.email}</td>
                    <td className={cellClass}>{BIDDER_STATE_NAMES[r.state]}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {formatDateTime(new Date(awaiting ? (r.waitingSince ?? r.createdAt) : r.createdAt))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
        <Pager
          page={page}
          pages={pages}
          href={(n) => href({ filter, search, page: n })}
          label="Strony listy kont"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
