import type { AuctionTiles, WonTile } from "../../../domain/auctions/dto";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { signedInLoader } from "../../features/accounts/signed-in";
import { PageShell } from "../../features/accounts/ui";
import { AuctionList, ListLoading } from "../../features/auctions/account-list";
import { AfterWinSteps } from "../../features/auctions/after-win";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/won";

export const meta = () => [{ title: pageTitle("Wygrane aukcje") }, { name: "robots", content: "noindex" }];

const TITLE = "Wygrane aukcje";
const INTRO =
  "Po zakończeniu aukcji skontaktuje się z Tobą nasz doradca. Przy każdej aukcji widzisz kroki po wygranej: fakturę pro forma, wpłatę, dokumenty i odbiór samochodu.";

export const clientLoader = signedInLoader<AuctionTiles<WonTile>>("/api/WonAuctions/Get");

export const HydrateFallback = () => <ListLoading title={TITLE} intro={INTRO} />;

/** /wygrane-aukcje: auctions the person won (GET /api/WonAuctions/Get). */
export default function Won({ loaderData: list }: Route.ComponentProps) {
  return (
    <PageShell title={TITLE} intro={INTRO}>
      <AuctionList
        list={list}
        empty="Nie masz jeszcze wygranych aukcji."
        toAuctions="Zobacz trwające aukcje"
        tile={(t) => (
          <>
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
            {t.AfterWin ? <AfterWinSteps initial={t.AfterWin} /> : null}
          </>
        )}
      />
    </PageShell>
  );
}
