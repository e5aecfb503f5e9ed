import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import {
  BIDDER_FILTERS,
  BIDDER_SORTS,
  BIDDER_STATE_NAMES,
  BIDDERS_PAGE_SIZE,
  bidderPanelPath,
  isBidderFilter,
} from "../../../domain/staff/bidder-states";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelListAction, panelListLoader } from "../../features/panel/panel.server";
import type { TableColumn } from "../../features/panel/panel-table";
import { panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/bidders";

export function meta() {
  return panelMeta("Panel: konta klientów");
}

/** `?widok=` picks the tab (the queue by default), `?q=` searches, `?strona=` pages. */
const bidderList = panelList(
  "/panel/konta-klientow",
  { filter: choice("widok", isBidderFilter, "awaiting") },
  BIDDER_SORTS,
);

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "bidders", bidderList.read, BIDDERS_PAGE_SIZE, (staff) => staff.bidders, "bidders");

export const action = (args: Route.ActionArgs) =>
  panelListAction(args, "bidders", "bidders", ["firma", "nip", "email", "stan", "od"]);

type BidderRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's columns; the company is the main one. */
const bidderColumns = (awaiting: boolean): TableColumn<BidderRow>[] => [
  {
    key: "firma",
    label: "Firma",
    sort: "firma",
    main: true,
    cell: (r) => (
      <Link className="font-semibold text-brand-700 underline" to={bidderPanelPath(r.id)}>
        {r.companyName || r.email}
      </Link>
    ),
  },
  { key: "nip", label: "NIP", sort: "nip", className: "tabular-nums", cell: (r) => r.nip },
  { key: "email", label: "E-mail", sort: "email", className: "break-all", cell: (r) => r.email },
  { key: "stan", label: "Stan", sort: "stan", cell: (r) => BIDDER_STATE_NAMES[r.state] },
  {
    key: "od",
    label: awaiting ? "Czeka od" : "Założone",
    sort: "od",
    className: "whitespace-nowrap",
    cell: (r) => formatDateTime(new Date(awaiting ? (r.waitingSince ?? r.createdAt) : r.createdAt)),
  },
];

/** The bidder accounts: the verification queue first, then refused, blocked and all of them. */
export default function PanelBidders({ loaderData: list }: Route.ComponentProps) {
  const awaiting = list.filter === "awaiting";
  return (
    <PanelListPage
      title="Konta klientów"
      list={bidderList}
      query={list}
      tabs={[{ choice: "filter", label: "Widok listy kont", names: BIDDER_FILTERS }]}
      search={{ id: "bidder-search", label: "Szukaj (e-mail, nazwa firmy lub NIP)" }}
      summary={
        list.total === 0
          ? awaiting && !list.search
            ? "Żadna firma nie czeka na weryfikację."
            : "Brak kont spełniających warunki."
          : `Kont: ${list.total}${awaiting ? " (najdłużej czekające na górze)" : ""}`
      }
      label="Konta klientów"
      table={{ columns: bidderColumns(awaiting), id: (r) => r.id }}
      prefs={list.prefs}
      pagerLabel="Strony listy kont"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
