import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  AUCTION_FILTERS,
  AUCTION_SORTS,
  AUCTION_STATE_NAMES,
  AUCTIONS_PAGE_SIZE,
  auctionPanelPath,
  isAuctionFilter,
} from "../../../domain/staff/auctions";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelListAction, panelListLoader } from "../../features/panel/panel.server";
import type { TableColumn } from "../../features/panel/panel-table";
import { panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/auctions";

export function meta() {
  return panelMeta("Panel: aukcje");
}

/** `?widok=` picks the tab (drafts, scheduled and live by default), `?q=` searches, `?strona=` pages. */
const auctionList = panelList(
  "/panel/aukcje",
  { filter: choice("widok", isAuctionFilter, "active") },
  AUCTION_SORTS,
);

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(
    args,
    "auctions",
    auctionList.read,
    AUCTIONS_PAGE_SIZE,
    (staff) => staff.auctions,
    "auctions",
  );

const link = "font-semibold text-brand-700 underline";

type AuctionRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's columns; the car is the main one, the start and end wide ones. */
const columns: TableColumn<AuctionRow>[] = [
  { key: "nr", label: "Nr", sort: "nr", className: "tabular-nums", cell: (r) => r.id },
  {
    key: "samochod",
    label: "Samochód",
    sort: "samochod",
    main: true,
    cell: (r) => (
      <Link className={link} to={auctionPanelPath(r.id)}>
        {r.title}
      </Link>
    ),
  },
  {
    key: "poczatek",
    label: "Początek",
    sort: "poczatek",
    wide: true,
    className: "whitespace-nowrap",
    cell: (r) => formatDateTime(new Date(r.start)),
  },
  {
    key: "koniec",
    label: "Koniec",
    sort: "koniec",
    className: "whitespace-nowrap",
    cell: (r) => formatDateTime(new Date(r.end)),
  },
  {
    key: "cena",
    label: "Cena",
    sort: "cena",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) =>
      r.currentPrice === null ? `od ${formatPrice(r.startingPrice)}` : formatPrice(r.currentPrice),
  },
  {
    key: "oferty",
    label: "Oferty",
    sort: "oferty",
    wide: true,
    className: "tabular-nums",
    cell: (r) => r.bidCount,
  },
  { key: "stan", label: "Stan", cell: (r) => AUCTION_STATE_NAMES[r.state] },
];

export const action = (args: Route.ActionArgs) =>
  panelListAction(
    args,
    "auctions",
    "auctions",
    columns.map((c) => c.key),
  );

/** The auctions: drafts, scheduled and live first (ending soonest on top), then those to decide and decided. */
export default function PanelAuctions({ loaderData: list }: Route.ComponentProps) {
  return (
    <PanelListPage
      title="Aukcje"
      actions={
        <Link className={`${link} text-sm`} to="/panel/aukcje/nowa">
          Zaplanuj aukcję
        </Link>
      }
      list={auctionList}
      query={list}
      tabs={[{ choice: "filter", label: "Stan aukcji", names: AUCTION_FILTERS }]}
      search={{ id: "auction-search", label: "Szukaj (marka i model, VIN lub numer aukcji)" }}
      summary={list.total === 0 ? "Brak aukcji spełniających warunki." : `Aukcji: ${list.total}`}
      label="Aukcje"
      table={{ columns, id: (r) => r.id }}
      prefs={list.prefs}
      pagerLabel="Strony listy aukcji"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
