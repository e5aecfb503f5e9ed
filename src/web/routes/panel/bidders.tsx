import { Form, Link } from "react-router";
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
  headClass,
  Pager,
  Panel,
  PanelPage,
  pageParam,
  panelMeta,
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

function href(q: { filter: BidderFilter; search: string; page?: number }) {
  const p = new URLSearchParams();
  if (q.filter !== "awaiting") p.set("widok", q.filter);
  if (q.search) p.set("q", q.search);
  if (q.page && q.page > 1) p.set("strona", String(q.page));
  const s = p.toString();
  return `/panel/konta-klientow${s ? `?${s}` : ""}`;
}

/** The bidder accounts: the verification queue first, then refused, blocked and all of them. */
export default function PanelBidders({ loaderData }: Route.ComponentProps) {
  const { filter, search, rows, total, page, pages } = loaderData;
  const awaiting = filter === "awaiting";
  return (
    <PanelPage title="Konta klientów">
      <nav aria-label="Widok listy kont">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(BIDDER_FILTERS) as BidderFilter[]).map((f) => (
            <li key={f}>
              <Link
                to={href({ filter: f, search })}
                aria-current={f === filter ? "page" : undefined}
                className={`block rounded-full border px-4 py-1.5 text-sm font-medium ${f === filter ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
              >
                {BIDDER_FILTERS[f]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Panel>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
          {filter !== "awaiting" ? <input type="hidden" name="widok" value={filter} /> : null}
          <div className="flex min-w-[16rem] flex-1 flex-col gap-1">
            <label htmlFor="bidder-search" className="text-sm font-medium text-slate-800">
              Szukaj (e-mail, nazwa firmy lub NIP)
            </label>
            <input
              id="bidder-search"
              name="q"
              type="search"
              defaultValue={search}
              className="rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
            Szukaj
          </button>
        </Form>
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
              <thead>
                <tr>
                  <th scope="col" className={headClass}>
                    Firma
                  </th>
                  <th scope="col" className={headClass}>
                    NIP
                  </th>
                  <th scope="col" className={headClass}>
                    E-mail
                  </th>
                  <th scope="col" className={headClass}>
                    Stan
                  </th>
                  <th scope="col" className={headClass}>
                    {awaiting ? "Czeka od" : "Założone"}
                  </th>
                </tr>
              </thead>
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
