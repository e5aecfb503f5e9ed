import { Link } from "react-router";
import type { AuctionTiles, WonTile } from "../../../domain/auctions/dto";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { loadSignedIn } from "../../features/accounts/signed-in";
import { PageShell } from "../../features/accounts/ui";
import { AuctionTileCard, ListLoading, ListState } from "../../features/auctions/account-list";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/won";

export const meta = () => [{ title: pageTitle("Wygrane aukcje") }, { name: "robots", content: "noindex" }];

const TITLE = "Wygrane aukcje";
const INTRO =
  "Po zakończeniu aukcji skontaktuje się z Tobą nasz doradca, aby ustalić płatność i odbiór pojazdu.";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadSignedIn<AuctionTiles<WonTile>>(request, "/api/WonAuctions/Get");
clientLoader.hydrate = true as const;

export const HydrateFallback = () => <ListLoading title={TITLE} intro={INTRO} />;

/** /wygrane-aukcje: auctions the person won (GET /api/WonAuctions/Get). */
export default function Won({ loaderData: { data, failed } }: Route.ComponentProps) {
  return (
    <PageShell title={TITLE} intro={INTRO}>
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
          <AuctionTileCard key={t.AuctionId} tile={t}>
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
          </AuctionTileCard>
        ))}
      </div>
    </PageShell>
  );
}
