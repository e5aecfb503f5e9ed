import { useEffect, useState } from "react";
import type { OfferTile as Tile } from "../../../domain/catalogue/offer";
import { countOffers } from "../../../domain/format";
import { headlineTerms } from "../../../domain/headline-price";
import { api } from "../../api-client";
import { EmptyList } from "../../features/catalogue/empty-list";
import { readFavourites, useFavourites, writeFavourites } from "../../features/catalogue/favourites";
import { OfferTile } from "../../features/catalogue/offer-tile";
import { InstalmentTermsNote } from "../../features/catalogue/prices";
import { pageMeta } from "../../features/catalogue/seo";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/favourites";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    canonical: `${context.services.config.publicUrl.replace(/\/$/, "")}/ulubione`,
    serverNow: context.services.clock.now().toISOString(),
    // The tiles' "od" instalments are stated with their parameters (ADR 020).
    instalmentTerms: headlineTerms(await context.services.calculatorProperties()),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: pageTitle("Ulubione oferty"),
    description: "Oferty samochodów zapisane w ulubionych na tym urządzeniu.",
    canonical: loaderData?.canonical ?? "/ulubione",
    noindex: true,
  });
}

/**
 * Favourites live in this browser's storage, so the list is filled after hydration: the saved ids go to
 * /api/Favorites/GetAll and offers that no longer exist are dropped from storage.
 */
export default function Favourites({ loaderData }: Route.ComponentProps) {
  const favourites = useFavourites();
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = favourites.map((f) => f.AuctionId).join(",");

  useEffect(() => {
    let cancelled = false;
    if (!ids) {
      setTiles([]);
      return;
    }
    // Quiet: the page says itself that the list could not be loaded.
    api
      .get<Tile[]>("/api/Favorites/GetAll", { query: { ids }, quiet: true })
      .then((found) => {
        if (cancelled) return;
        setFailed(false);
        setTiles(found);
        const alive = new Set(found.map((t) => t.AuctionId));
        const stored = readFavourites();
        if (stored.some((f) => !alive.has(f.AuctionId)))
          writeFavourites(stored.filter((f) => alive.has(f.AuctionId)));
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [ids]);

  const now = new Date(loaderData.serverNow);
  const shown = tiles?.filter((t) => favourites.some((f) => f.AuctionId === t.AuctionId)) ?? null;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold lg:text-3xl">Ulubione</h1>
      {failed && (
        <p role="alert" className="mt-4 text-red-700">
          Nie udało się wczytać ulubionych. Odśwież stronę, aby spróbować ponownie.
        </p>
      )}
      {shown === null ? (
        !failed && <p className="mt-4 text-slate-700">Wczytujemy Twoje ulubione oferty…</p>
      ) : shown.length === 0 ? (
        <EmptyList>
          Nie masz jeszcze ulubionych ofert. Kliknij serce na kafelku oferty, aby ją tu zapisać.
        </EmptyList>
      ) : (
        <>
          <p className="mt-2 text-slate-700" role="status">
            Zapisane: <strong>{countOffers(shown.length)}</strong>
          </p>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((t) => (
              <li key={t.AuctionId}>
                <OfferTile offer={t} now={now} />
              </li>
            ))}
          </ul>
          <InstalmentTermsNote terms={loaderData.instalmentTerms} />
        </>
      )}
    </main>
  );
}
