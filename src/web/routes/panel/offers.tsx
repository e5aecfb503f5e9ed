import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  isOfferFilter,
  isPanelSaleType,
  OFFER_FILTERS,
  OFFER_STATE_NAMES,
  OFFERS_PAGE_SIZE,
  offerPanelPath,
  PANEL_SALE_TYPES,
} from "../../../domain/staff/offers";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelListLoader } from "../../features/panel/panel.server";
import { cellClass, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/offers";

export function meta() {
  return panelMeta("Panel: oferty");
}

/** `?widok=` picks the tab, `?rodzaj=` the sale type, `?q=` searches, `?strona=` pages. */
const offerList = panelList("/panel/oferty", {
  filter: choice("widok", isOfferFilter, "all"),
  saleType: choice("rodzaj", isPanelSaleType, null),
});

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "offers", offerList.read, OFFERS_PAGE_SIZE, (staff) => staff.offers);

const link = "font-semibold text-brand-700 underline";

/** The new and ex-lease cars: drafts, on sale, reserved and withdrawn, newest change first. */
export default function PanelOffers({ loaderData: list }: Route.ComponentProps) {
  return (
    <PanelListPage
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
      list={offerList}
      query={list}
      tabs={[
        { choice: "filter", label: "Stan ofert", names: OFFER_FILTERS },
        { choice: "saleType", label: "Rodzaj ofert", names: PANEL_SALE_TYPES, all: "Nowe i poleasingowe" },
      ]}
      search={{
        id: "offer-search",
        label: "Szukaj (marka i model, VIN, numer rejestracyjny lub numer oferty)",
      }}
      summary={list.total === 0 ? "Brak ofert spełniających warunki." : `Ofert: ${list.total}`}
      label="Oferty"
      columns={["Nr", "Samochód", "Rodzaj", "Cena netto", "Stan", "Zdjęcia", "Zmieniona"]}
      row={(r) => (
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
          <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(r.updatedAt))}</td>
        </tr>
      )}
      pagerLabel="Strony listy ofert"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
