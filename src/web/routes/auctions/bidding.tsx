import { Link } from "react-router";
import { PageShell } from "../../features/accounts/ui";
import { AuctionTile, ListState, toLive, useAuctionList } from "../../features/auctions/account-list";
import { AuctionLivePanel } from "../../features/auctions/bid-box";
import { HubAlerts } from "../../features/auctions/hub-alerts";
import { pageTitle } from "../../seo";

export const meta = () => [{ title: pageTitle("Licytowanie") }, { name: "robots", content: "noindex" }];

/**
 * /licytowanie: the auctions the person bids in (GET /api/UserTakeingPartAuctions/Get), live: prices,
 * countdowns and their status change as others bid, and they can bid again from here.
 */
export default function Bidding() {
  const { data, failed } = useAuctionList("/api/UserTakeingPartAuctions/Get");
  return (
    <PageShell
      title="Licytowanie"
      intro="Aukcje, w których złożono Twoje oferty. Ceny i status zmieniają się na żywo."
    >
      {!data && !failed ? <p role="status">Wczytywanie aukcji…</p> : null}
      <HubAlerts />
      <ListState
        failed={failed}
        empty={data?.Auctions.length === 0}
        emptyText={
          <>
            Nie licytujesz jeszcze w żadnej aukcji.{" "}
            <Link className="font-semibold text-brand-700 underline" to="/aukcje-samochodowe">
              Przejdź do aukcji
            </Link>
            .
          </>
        }
      />
      <div className="flex flex-col gap-4">
        {data?.Auctions.map((t) => (
          <AuctionTile key={t.AuctionId} tile={t}>
            <AuctionLivePanel
              auction={toLive(t)}
              serverTime={data.ServerTime}
              myHighestBid={t.MyHighestBid ?? null}
            />
          </AuctionTile>
        ))}
      </div>
    </PageShell>
  );
}
