import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  AUCTION_FILTERS,
  AUCTION_STATE_NAMES,
  AUCTIONS_PAGE_SIZE,
  auctionPanelPath,
  isAuctionFilter,
} from "../../../domain/staff/auctions";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { panelListLoader } from "../../features/panel/panel.server";
import { cellClass, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/auctions";

export function meta() {
  return panelMeta("Panel: aukcje");
}

/** `?widok=` picks the tab (drafts, scheduled and live by default), `?q=` searches, `?strona=` pages. */
const auctionList = panelList("/panel/aukcje", { filter: choice("widok", isAuctionFilter, "active") });

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "auctions", auctionList.read, AUCTIONS_PAGE_SIZE, (staff) => staff.auctions);

const link = "font-semibold text-brand-700 underline";

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
      columns={["Nr", "Samochód", "Początek", "Koniec", "Cena", "Oferty", "Stan"]}
      row={(r) => (
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
            {r.currentPrice === null ? `od ${formatPrice(r.startingPrice)}` : formatPrice(r.currentPrice)}
          </td>
          <td className={`${cellClass} tabular-nums`}>{r.bidCount}</td>
          <td className={cellClass}>{AUCTION_STATE_NAMES[r.state]}</td>
        </tr>
      )}
      pagerLabel="Strony listy aukcji"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
