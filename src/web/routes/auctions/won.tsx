import { Link } from "react-router";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { PageShell } from "../../features/accounts/ui";
import { AuctionTile, ListState, useAuctionList } from "../../features/auctions/account-list";
import { pageTitle } from "../../seo";

export const meta = () => [{ title: pageTitle("Wygrane aukcje") }, { name: "robots", content: "noindex" }];

/** /wygrane-aukcje: auctions the person won (GET /api/WonAuctions/Get). */
export default function Won() {
  const { data, failed } = useAuctionList("/api/WonAuctions/Get");
  return (
    <PageShell
      title="Wygrane aukcje"
      intro="Po zakończeniu aukcji skontaktuje się z Tobą nasz doradca, aby ustalić płatność i odbiór pojazdu."
    >
      {!data && !failed ? <p role="status">Wczytywanie aukcji…</p> : null}
      <ListState
        failed={failed}
        empty={data?.Auctions.length === 0}
        emptyText={
          <>
            Nie masz jeszcze wygranych aukcji.{" "}
            <Link className="font-semibold text-brand-700 underline" to="/aukcje-samochodowe">
              Zobacz trwające aukcje
            </Link>
            .
          </>
        }
      />
      <div className="flex flex-col gap-4">
        {data?.Auctions.map((t) => (
          <AuctionTile key={t.AuctionId} tile={t}>
            <p className="inline-block w-fit rounded bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900">
              Wygrana aukcja
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">Twoja zwycięska oferta</dt>
                <dd className="text-xl font-bold tabular-nums">
                  {formatPrice(t.FinalPrice ?? t.CurrentPrice)} netto
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Aukcja zakończona</dt>
                <dd className="font-semibold tabular-nums">
                  {t.EndedAt ? formatDateTime(parseApiDateTime(t.EndedAt)) : ""}
                </dd>
              </div>
            </dl>
          </AuctionTile>
        ))}
      </div>
    </PageShell>
  );
}
