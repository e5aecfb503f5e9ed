import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  AUCTION_FILTERS,
  AUCTION_STATE_NAMES,
  AUCTIONS_PAGE_SIZE,
  type AuctionFilter,
  auctionPanelPath,
  isAuctionFilter,
} from "../../../domain/staff/auctions";
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
import type { Route } from "./+types/auctions";

export function meta() {
  return panelMeta("Panel: aukcje");
}

/** `?widok=` picks the tab (drafts, scheduled and live by default), `?q=` searches, `?strona=` pages. */
function listQuery(url: URL) {
  const view = url.searchParams.get("widok");
  return {
    filter: (isAuctionFilter(view) ? view : "active") as AuctionFilter,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(url),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  const query = listQuery(new URL(request.url));
  const { rows, total } = await context.services.staff.auctions.list(query);
  return { ...query, rows, total, pages: Math.max(1, Math.ceil(total / AUCTIONS_PAGE_SIZE)) };
}

const href = (q: { filter: AuctionFilter; search: string; page?: number }) =>
  listHref("/panel/aukcje", { widok: q.filter === "active" ? null : q.filter, q: q.search, strona: q.page });

const link = "font-semibold text-brand-700 underline";

/** The auctions: drafts, scheduled and live first (ending soonest on top), then those to decide and decided. */
export default function PanelAuctions({ loaderData }: Route.ComponentProps) {
  const { filter, search, rows, total, page, pages } = loaderData;
  return (
    <PanelPage
      title="Aukcje"
      actions={
        <Link className={`${link} text-sm`} to="/panel/aukcje/nowa">
          Zaplanuj aukcję
        </Link>
      }
    >
      <FilterTabs
        label="Stan aukcji"
        tabs={(Object.keys(AUCTION_FILTERS) as AuctionFilter[]).map((f) => ({
          key: f,
          label: AUCTION_FILTERS[f],
          to: href({ filter: f, search }),
          current: f === filter,
        }))}
      />
      <Panel>
        <ListSearch
          id="auction-search"
          label="Szukaj (marka i model, VIN lub numer aukcji)"
          value={search}
          keep={{ widok: filter === "active" ? null : filter }}
        />
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0 ? "Brak aukcji spełniających warunki." : `Aukcji: ${total}`}
        </p>
        {rows.length ? (
          <TableScroll label="Aukcje">
            <table className={tableClass}>
              <TableHead columns={["Nr", "Samochód", "Początek", "Koniec", "Cena", "Oferty", "Stan"]} />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className={`${cellClass} tabular-nums`}>{r.id}</td>
                    <td className={cellClass}>
                      <Link className={link} to={auctionPanelPath(r.id)}>
                        {r.title}
                      </Link>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(r.start))}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(r.end))}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                      {r.currentPrice === null
                        ? `od ${formatPrice(r.startingPrice)}`
                        : formatPrice(r.currentPrice)}
                    </td>
                    <td className={`${cellClass} tabular-nums`}>{r.bidCount}</td>
                    <td className={cellClass}>{AUCTION_STATE_NAMES[r.state]}</td>
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
          label="Strony listy aukcji"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
