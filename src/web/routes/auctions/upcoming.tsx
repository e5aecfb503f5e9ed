import { Link } from "react-router";
import { formatPrice } from "../../../domain/format";
import { PageShell } from "../../features/accounts/ui";
import { AuctionTile, ListState, useAuctionList } from "../../features/auctions/account-list";
import { AuctionCountdown } from "../../features/auctions/countdown";
import { useServerNow } from "../../features/auctions/use-live";
import { pageTitle } from "../../seo";

export const meta = () => [
  { title: pageTitle("Wkrótce w sprzedaży") },
  { name: "robots", content: "noindex" },
];

/** /wkrotce-w-sprzedazy: auctions that have not started yet (GET /api/IncommingAuctions/Get). */
export default function Upcoming() {
  const { data, failed } = useAuctionList("/api/IncommingAuctions/Get");
  const now = useServerNow(data?.ServerTime);
  return (
    <PageShell
      title="Wkrótce w sprzedaży"
      intro="Aukcje, które wkrótce się rozpoczną. Licytować można od startu aukcji."
    >
      {!data && !failed ? <p role="status">Wczytywanie aukcji…</p> : null}
      <ListState
        failed={failed}
        empty={data?.Auctions.length === 0}
        emptyText={
          <>
            Nie ma teraz zaplanowanych aukcji. Zobacz{" "}
            <Link className="font-semibold text-brand-700 underline" to="/aukcje-samochodowe">
              trwające aukcje
            </Link>
            .
          </>
        }
      />
      <div className="flex flex-col gap-4">
        {data?.Auctions.map((t) => (
          <AuctionTile key={t.AuctionId} tile={t}>
            <AuctionCountdown start={t.AuctionStartUtc} end={t.AuctionEndUtc} now={now} />
            <p className="text-sm">
              Cena wywoławcza: <strong>{formatPrice(t.StartingPrice)} netto</strong>
            </p>
          </AuctionTile>
        ))}
      </div>
    </PageShell>
  );
}
