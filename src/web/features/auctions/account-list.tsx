import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { formatKm } from "../../../domain/format";
import { ApiRequestError, api } from "../../api-client";
import { session } from "../../lib/storage";
import { loginUrl } from "../accounts/ui";

/** One auction of the account lists, as GET /api/IncommingAuctions|UserTakeingPartAuctions|WonAuctions answer. */
export interface AuctionTileData {
  AuctionId: number;
  MakeModel: string;
  Version: string;
  Year: number;
  Mileage: number;
  FuelType: string;
  GearBoxType: string;
  MainPhotoUrl: string | null;
  Url: string;
  AuctionStartUtc: string;
  AuctionEndUtc: string;
  StartingPrice: number;
  CurrentPrice: number;
  Bets: number;
  UToken: string | null;
  MinimumBid: number;
  isAuctionEnded: boolean;
  MyHighestBid?: number;
  Status?: "leading" | "outbid" | "won" | "lost";
  FinalPrice?: number;
  EndedAt?: string;
}

export const toLive = (t: AuctionTileData): LiveAuction => ({
  AuctionId: t.AuctionId,
  LastPrice: t.CurrentPrice,
  UToken: t.UToken,
  Bets: t.Bets,
  StartingPrice: t.StartingPrice,
  AuctionStart: t.AuctionStartUtc,
  AuctionEnd: t.AuctionEndUtc,
  MinimumBid: t.MinimumBid,
  IsAuctionEnded: t.isAuctionEnded,
});

/**
 * Loads one of the signed-in person's auction lists after hydration (tokens live in browser storage);
 * signed out, the person goes to /login and comes back here.
 */
export function useAuctionList(path: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const [data, setData] = useState<{ Auctions: AuctionTileData[]; ServerTime: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!session.isLoggedIn()) {
      navigate(loginUrl(location.pathname + location.search), { replace: true });
      return;
    }
    api
      .get<{ Auctions: AuctionTileData[]; ServerTime: string }>(path)
      .then(setData)
      .catch((err) => {
        if (err instanceof ApiRequestError) setFailed(true);
        else throw err;
      });
  }, [path, navigate, location.pathname, location.search]);
  return { data, failed };
}

export function AuctionTile({
  tile,
  children,
  headingLevel = 2,
}: {
  tile: AuctionTileData;
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

export function ListState({
  failed,
  empty,
  emptyText,
}: {
  failed: boolean;
  empty: boolean;
  emptyText: ReactNode;
}) {
  if (failed) return <p className="text-slate-700">Nie udało się wczytać listy aukcji. Odśwież stronę.</p>;
  if (empty)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{emptyText}</div>
    );
  return null;
}
