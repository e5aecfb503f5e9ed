import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  isOfferFilter,
  isPanelSaleType,
  OFFER_FILTERS,
  OFFER_STATE_NAMES,
  OFFERS_PAGE_SIZE,
  type OfferFilter,
  offerPanelPath,
  PANEL_SALE_TYPES,
  type PanelSaleType,
} from "../../../domain/staff/offers";
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
import type { Route } from "./+types/offers";

export function meta() {
  return panelMeta("Panel: oferty");
}

/** `?widok=` picks the tab, `?rodzaj=` the sale type, `?q=` searches, `?strona=` pages. */
function listQuery(url: URL) {
  const view = url.searchParams.get("widok");
  const kind = url.searchParams.get("rodzaj");
  return {
    filter: (isOfferFilter(view) ? view : "all") as OfferFilter,
    saleType: isPanelSaleType(kind) ? kind : null,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(url),
  };
}
type ListQuery = ReturnType<typeof listQuery>;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "offers");
  const query = listQuery(new URL(request.url));
  const { rows, total } = await context.services.staff.offers.list(query);
  return { ...query, rows, total, pages: Math.max(1, Math.ceil(total / OFFERS_PAGE_SIZE)) };
}

const href = (q: Omit<ListQuery, "page"> & { page?: number }) =>
  listHref("/panel/oferty", {
    widok: q.filter === "all" ? null : q.filter,
    rodzaj: q.saleType,
    q: q.search,
    strona: q.page,
  });

const link = "font-semibold text-brand-700 underline";

/** The new and ex-lease cars: drafts, on sale, reserved and withdrawn, newest change first. */
export default function PanelOffers({ loaderData }: Route.ComponentProps) {
  const { filter, saleType, search, rows, total, page, pages } = loaderData;
  return (
    <PanelPage
      title="Oferty"
      actions={
        <div className="flex flex-wrap gap-4 text-sm">
          <Link className={link} to="/panel/oferty/nowa">
            Dodaj ofertę
          </Link>
          <Link className={link} to="/panel/oferty/import">
            Import z pliku
          </Link>
        </div>
      }
    >
      <FilterTabs
        label="Stan ofert"
        tabs={(Object.keys(OFFER_FILTERS) as OfferFilter[]).map((f) => ({
          key: f,
          label: OFFER_FILTERS[f],
          to: href({ filter: f, saleType, search }),
          current: f === filter,
        }))}
      />
      <FilterTabs
        label="Rodzaj ofert"
        tabs={[null, ...(Object.keys(PANEL_SALE_TYPES) as PanelSaleType[])].map((t) => ({
          key: t ?? "all",
          label: t ? PANEL_SALE_TYPES[t] : "Nowe i poleasingowe",
          to: href({ filter, saleType: t, search }),
          current: t === saleType,
        }))}
      />
      <Panel>
        <ListSearch
          id="offer-search"
          label="Szukaj (marka i model, VIN, numer rejestracyjny lub numer oferty)"
          value={search}
          keep={{ widok: filter === "all" ? null : filter, rodzaj: saleType }}
        />
        <p className="mb-3 text-sm text-slate-700" aria-live="polite">
          {total === 0 ? "Brak ofert spełniających warunki." : `Ofert: ${total}`}
        </p>
        {rows.length ? (
          <TableScroll label="Oferty">
            <table className={tableClass}>
              <TableHead
                columns={["Nr", "Samochód", "Rodzaj", "Cena netto", "Stan", "Zdjęcia", "Zmieniona"]}
              />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td className={`${cellClass} tabular-nums`}>{r.id}</td>
                    <td className={cellClass}>
                      <Link className={link} to={offerPanelPath(r.id)}>
                        {`${r.title} (${r.year})`}
                      </Link>
                    </td>
                    <td className={cellClass}>{PANEL_SALE_TYPES[r.saleType]}</td>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                      {r.price === null ? "–" : formatPrice(r.price)}
                    </td>
                    <td className={cellClass}>{OFFER_STATE_NAMES[r.state]}</td>
                    <td className={`${cellClass} tabular-nums`}>{r.photos}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {formatDateTime(new Date(r.updatedAt))}
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
          href={(n) => href({ filter, saleType, search, page: n })}
          label="Strony listy ofert"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
