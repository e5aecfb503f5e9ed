import { useRef } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../../domain/format";
import { offerPath } from "../../../domain/slug";
import type { ElectricCarTile } from "../../../server/content/service";

export const NO_ELECTRIC_CARS = "Obecnie nie ma pojazdów nowych";

function priceLine(car: ElectricCarTile): string | null {
  if (car.LeasePrice) return `leasing od ${formatPrice(car.LeasePrice)} netto/mies.`;
  if (car.RentPriceNetto) return `najem od ${formatPrice(car.RentPriceNetto)} netto/mies.`;
  if (car.TotalPriceBrutto) return `${formatPrice(car.TotalPriceBrutto)} brutto`;
  return null;
}

/**
 * New electric cars in a horizontal carousel: 4 tiles on desktop, 1 on a phone (spec section 9),
 * scrolled by swipe or by the arrow buttons. With no cars it says so (spec section 8).
 */
export function ElectricCarousel({ cars }: { cars: readonly ElectricCarTile[] }) {
  const track = useRef<HTMLUListElement>(null);
  if (cars.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-lg text-slate-700">
        {NO_ELECTRIC_CARS}
      </p>
    );
  }
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: "smooth" });
  };
  const button =
    "flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-xl text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <button type="button" className={button} onClick={() => scroll(-1)} aria-label="Poprzednie samochody">
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className={button} onClick={() => scroll(1)} aria-label="Następne samochody">
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <ul
        ref={track}
        aria-label="Nowe samochody elektryczne"
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 [scrollbar-width:thin]"
      >
        {cars.map((car) => {
          const price = priceLine(car);
          return (
            <li
              key={car.AuctionId}
              className="w-full shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-3rem)/4)]"
            >
              <Link
                to={offerPath({ saleType: "new", make: car.Make, model: car.Model, id: car.AuctionId })}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">
                  elektryczny · nowy
                </span>
                <span className="mt-2 line-clamp-2 text-lg font-semibold text-slate-900">
                  {car.Make} {car.Model} {car.Version}
                </span>
                <span className="mt-2 text-sm text-slate-600">
                  {car.Year}
                  {car.VehicleRange ? ` · zasięg ${car.VehicleRange} km` : ""}
                  {car.BatteryKwh ? ` · bateria ${car.BatteryKwh} kWh` : ""}
                </span>
                {price && <span className="mt-auto pt-4 font-bold text-brand-700">{price}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
