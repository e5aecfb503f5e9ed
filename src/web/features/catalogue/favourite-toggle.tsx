import type { OfferTile } from "../../../domain/catalogue/offer";
import { toggleFavourite, useFavourites } from "./favourites";

/** Heart button: adds or removes the offer in browser storage; the navigation badge follows it. */
export function FavouriteToggle({
  offer,
  className = "",
}: {
  offer: Pick<OfferTile, "AuctionId" | "Status" | "MakeModel">;
  className?: string;
}) {
  const saved = useFavourites().some((f) => f.AuctionId === offer.AuctionId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Usuń z ulubionych: ${offer.MakeModel}` : `Dodaj do ulubionych: ${offer.MakeModel}`}
      title={saved ? "Usuń z ulubionych" : "Dodaj do ulubionych"}
      onClick={(e) => {
        e.preventDefault();
        toggleFavourite({ AuctionType: offer.Status, AuctionId: offer.AuctionId });
      }}
      className={`grid h-10 w-10 place-items-center rounded-full bg-white/95 text-red-600 shadow ring-1 ring-slate-200 hover:bg-white ${className}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3 1.7-1.8 3.2-3 5.3-3 3.8 0 5.8 4.1 4.3 7.4C19.5 16.4 12 21 12 21z"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}
