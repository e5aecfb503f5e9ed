import { Link } from "react-router";
import { QueryKeys } from "../../../domain/catalogue/filters";
import type { OfferTile as Tile } from "../../../domain/catalogue/offer";
import { capacityText, isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";
import { formatKm, parseApiDateTime } from "../../../domain/format";
import { CompareToggle } from "./compare-toggle";
import { CountdownBar } from "./countdown";
import { FavouriteToggle } from "./favourite-toggle";
import { OfferLabels, SpecialPromotions } from "./labels";
import { OfferPhoto } from "./offer-photo";
import { PriceLines } from "./prices";
import { useLoggedIn } from "./use-logged-in";

export const TILE_SIZES = "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw";

/** Year, mileage, fuel and the engine or battery, the facts a tile shows under the name. */
export function specLine(o: Tile): string[] {
  const engine = [
    capacityText(o.FuelType, o.EngineCapacity),
    isElectric(o.FuelType) && o.VehicleRange ? `zasięg ${formatKm(o.VehicleRange)}` : null,
  ];
  return [
    String(o.Year),
    formatKm(o.Mileage),
    vocabulary.fuelTypeName(o.FuelType),
    ...engine,
    vocabulary.gearBoxName(o.GearBoxType),
  ].filter((x): x is string => Boolean(x));
}

/**
 * Offer tile (spec section 2): photo with labels and favourite toggle, the name cut to two lines,
 * facts, prices; auction tiles add the countdown bar and, for anonymous visitors, the prompt to log
 * in or register to bid.
 */
/** Labels over a tile's photo; more would cover it (the rest show as "+N" and on the offer page). */
const TILE_MAX_LABELS = 2;

export function OfferTile({
  offer,
  isCompany = true,
  now,
  priority = false,
  sizes = TILE_SIZES,
}: {
  offer: Tile;
  isCompany?: boolean;
  now: Date;
  priority?: boolean;
  /** The photo's width in the layout (img `sizes`), when the page knows it better than TILE_SIZES. */
  sizes?: string;
}) {
  const loggedIn = useLoggedIn();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm transition hover:shadow-md">
      <div className="relative">
        <OfferPhoto url={offer.MainPhotoUrl} alt={offer.MakeModel} sizes={sizes} priority={priority} />
        <div className="absolute top-2 left-2 right-14">
          <OfferLabels offer={offer} now={now} max={TILE_MAX_LABELS} />
        </div>
        <FavouriteToggle offer={offer} className="absolute top-2 right-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 min-h-[3rem] text-lg leading-6 font-bold">
          <Link
            // A private buyer's list leads to the private view of the offer (cash, brutto).
            to={isCompany ? offer.Url : `${offer.Url}?${QueryKeys.isCompany}=false`}
            className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none"
          >
            {offer.MakeModel}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{specLine(offer).join(" · ")}</p>
        <SpecialPromotions offer={offer} />
        <div className="mt-auto pt-2">
          <PriceLines offer={offer} isCompany={isCompany} />
        </div>
        <CompareToggle offer={offer} className="relative z-10 self-start" />
        {offer.SaleType === "auction" && offer.AuctionStart && offer.AuctionEnd && (
          <div className="border-t border-slate-200 pt-2">
            {offer.isAuctionCancelled ? (
              // Its planned end may be ahead: no countdown for an auction staff cancelled.
              <p className="text-sm font-semibold text-red-800">aukcja odwołana</p>
            ) : (
              <CountdownBar
                start={parseApiDateTime(offer.AuctionStart)}
                end={parseApiDateTime(offer.AuctionEnd)}
                now={now}
              />
            )}
            {/* A private person is not invited to bid: auctions are for entrepreneurs (the page says so). */}
            {!loggedIn && !offer.isAuctionEnded && isCompany && (
              <p className="relative z-10 mt-2 text-sm">
                <Link to="/login" className="font-semibold text-brand-700 underline">
                  Zaloguj się
                </Link>{" "}
                lub{" "}
                <Link to="/rejestracja" className="font-semibold text-brand-700 underline">
                  zarejestruj
                </Link>
                , aby licytować.
              </p>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
