import type { AuctionTiles, TakingPartTile } from "../../../domain/auctions/dto";
import { signedInLoader } from "../../features/accounts/signed-in";
import { PageShell } from "../../features/accounts/ui";
import { AuctionList, ListLoading, toLive } from "../../features/auctions/account-list";
import { AuctionLivePanel } from "../../features/auctions/bid-box";
import { HubAlerts } from "../../features/auctions/hub-alerts";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/bidding";

export const meta = () => [{ title: pageTitle("Licytowanie") }, { name: "robots", content: "noindex" }];

const TITLE = "Licytowanie";
const INTRO = "Aukcje, w których złożono Twoje oferty. Ceny i status zmieniają się na żywo.";

export const clientLoader = signedInLoader<AuctionTiles<TakingPartTile>>("/api/UserTakeingPartAuctions/Get");

export const HydrateFallback = () => <ListLoading title={TITLE} intro={INTRO} />;

/**
 * /licytowanie: the auctions the person bids in (GET /api/UserTakeingPartAuctions/Get), live: prices,
 * countdowns and their status change as others bid, and they can bid again from here.
 */
export default function Bidding({ loaderData: list }: Route.ComponentProps) {
  return (
    <PageShell title={TITLE} intro={INTRO}>
      <HubAlerts />
      <AuctionList
        list={list}
        empty="Nie licytujesz jeszcze w żadnej aukcji."
        toAuctions="Przejdź do aukcji"
        tile={(t) => (
          <AuctionLivePanel
            auction={toLive(t)}
            serverTime={list.data?.ServerTime}
            myHighestBid={t.MyHighestBid}
          />
        )}
      />
    </PageShell>
  );
}
