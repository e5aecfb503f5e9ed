import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import {
  BIDDER_FILTERS,
  BIDDER_STATE_NAMES,
  BIDDERS_PAGE_SIZE,
  bidderPanelPath,
  isBidderFilter,
} from "../../../domain/staff/bidder-states";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelListLoader } from "../../features/panel/panel.server";
import { cellClass, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/bidders";

export function meta() {
  return panelMeta("Panel: konta klientów");
}

/** `?widok=` picks the tab (the queue by default), `?q=` searches, `?strona=` pages. */
const bidderList = panelList("/panel/konta-klientow", {
  filter: choice("widok", isBidderFilter, "awaiting"),
});

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "bidders", bidderList.read, BIDDERS_PAGE_SIZE, (staff) => staff.bidders);

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
      columns={["Firma", "NIP", "E-mail", "Stan", awaiting ? "Czeka od" : "Założone"]}
      row={(r) => (
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
      )}
      pagerLabel="Strony listy kont"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
