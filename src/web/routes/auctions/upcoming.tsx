import type { AuctionTiles } from "../../../domain/auctions/dto";
import { formatPrice } from "../../../domain/format";
import { signedInLoader } from "../../features/accounts/signed-in";
import { PageShell } from "../../features/accounts/ui";
import { AuctionList, ListLoading } from "../../features/auctions/account-list";
import { AuctionCountdown } from "../../features/auctions/countdown";
import { useLiveState } from "../../features/auctions/use-live";
import { useServerNow } from "../../lib/server-clock";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/upcoming";

export const meta = () => [
  { title: pageTitle("Wkrótce w sprzedaży") },
  { name: "robots", content: "noindex" },
];

const TITLE = "Wkrótce w sprzedaży";
const INTRO = "Aukcje, które wkrótce się rozpoczną. Licytować można od startu aukcji.";

export const clientLoader = signedInLoader<AuctionTiles>("/api/IncommingAuctions/Get");

export const HydrateFallback = () => <ListLoading title={TITLE} intro={INTRO} />;

/** /wkrotce-w-sprzedazy: auctions that have not started yet (GET /api/IncommingAuctions/Get). */
export default function Upcoming({ loaderData: list }: Route.ComponentProps) {
  const now = useServerNow(list.data?.ServerTime, useLiveState().offset);
  return (
    <PageShell title={TITLE} intro={INTRO}>
      <AuctionList
        list={list}
        empty="Nie ma teraz zaplanowanych aukcji. Zobacz"
        toAuctions="trwające aukcje"
        tile={(t) => (
          <>
            <AuctionCountdown start={t.AuctionStartUtc} end={t.AuctionEndUtc} now={now} />
            <p className="text-sm">
              Cena wywoławcza: <strong>{formatPrice(t.StartingPrice)} netto</strong>
            </p>
          </>
        )}
      />
    </PageShell>
  );
}
