import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AuctionTile } from "../../../domain/auctions/dto";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { formatKm } from "../../../domain/format";
import type { SignedIn } from "../accounts/signed-in";
import { PageShell } from "../accounts/ui";

export const toLive = (t: AuctionTile): LiveAuction => ({
  AuctionId: t.AuctionId,
  LastPrice: t.CurrentPrice,
  UToken: t.UToken,
  Bets: t.Bets,
  StartingPrice: t.StartingPrice,
  AuctionStart: t.AuctionStartUtc,
  AuctionEnd: t.AuctionEndUtc,
  MinimumBid: t.MinimumBid,
  MinIncrement: t.MinIncrement,
  IsAuctionEnded: t.isAuctionEnded,
  // The hub's state says whether staff cancelled it (the lists hold auctions still open).
  IsCancelled: false,
  CancelReason: null,
});

function AuctionTileCard({
  tile,
  children,
  headingLevel = 2,
}: {
  tile: AuctionTile;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[220px_1fr]"
      aria-labelledby={`aukcja-${tile.AuctionId}`}
      data-testid={`auction-tile-${tile.AuctionId}`}
    >
      {tile.MainPhotoUrl ? (
        <img
          src={tile.MainPhotoUrl}
          alt={tile.MakeModel}
          width={320}
          height={240}
          loading="lazy"
          className="h-auto w-full rounded-lg bg-slate-100"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">
          Brak zdjęcia
        </div>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <H id={`aukcja-${tile.AuctionId}`} className="line-clamp-2 text-lg font-bold text-brand-900">
          <Link to={tile.Url} className="hover:underline">
            {tile.MakeModel}
          </Link>
        </H>
        <p className="text-sm text-slate-700">
          {[tile.Version, String(tile.Year), formatKm(tile.Mileage)].filter(Boolean).join(" · ")} · aukcja nr{" "}
          {tile.AuctionId}
        </p>
        {children}
        {tile.isAuctionEnded ? (
          // An ended auction keeps its page: the result, the history and, for the winner, what comes next.
          <Link to={tile.Url} className="w-fit text-sm font-semibold text-brand-700 underline">
            Zobacz wynik aukcji
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** A signed-in list while its clientLoader runs after the first page load. */
export function ListLoading({ title, intro }: { title: string; intro: string }) {
  return (
    <PageShell title={title} intro={intro}>
      <p role="status">Wczytywanie aukcji…</p>
    </PageShell>
  );
}

/**
 * A signed-in person's auctions: why there are none, or that they could not be read (`empty`, then a
 * link to the running auctions named `toAuctions`); else a card each, holding what `tile` shows.
 */
export function AuctionList<T extends AuctionTile>({
  list,
  empty,
  toAuctions,
  tile,
}: {
  /** The list as the page's clientLoader loaded it (signedInLoader). */
  list: SignedIn<{ Auctions: readonly T[] }>;
  empty: string;
  toAuctions: string;
  tile: (auction: T) => ReactNode;
}) {
  if (list.failed)
    return <p className="text-slate-700">Nie udało się wczytać listy aukcji. Odśwież stronę.</p>;
  const auctions = list.data.Auctions;
  return (
    <>
      {auctions.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
          {empty}{" "}
          <Link className="font-semibold text-brand-700 underline" to="/aukcje-samochodowe">
            {toAuctions}
          </Link>
          .
        </div>
      ) : null}
      <div className="flex flex-col gap-4">
        {auctions.map((t) => (
          <AuctionTileCard key={t.AuctionId} tile={t}>
            {tile(t)}
          </AuctionTileCard>
        ))}
      </div>
    </>
  );
}
