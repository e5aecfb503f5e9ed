import { Link } from "react-router";
import { QueryKeys, type SaleType } from "../../../domain/catalogue/filters";
import type { OfferDetails, OfferTile as Tile } from "../../../domain/catalogue/offer";
import { SALE_TYPE_PATH } from "../../../domain/catalogue/offer-url";
import { capacityText, isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";
import { formatKm, formatNumber } from "../../../domain/format";
import { OfferPageSection } from "../../features/catalogue/offer-page-section";
import { OfferTile } from "../../features/catalogue/offer-tile";
import type { Theme } from "../../features/catalogue/theme";
import { pageTitle } from "../../seo";

/** The kind of sale, as the price box and the page's description name it. */
export const SALE_NAME: Record<SaleType, string> = {
  new: "Nowy samochód",
  afterLease: "Samochód poleasingowy",
  auction: "Aukcja",
};

/** The list of each kind of sale, as the breadcrumb trail names it. */
export const LIST_NAME: Record<SaleType, string> = {
  new: "Nowe samochody",
  afterLease: "Samochody poleasingowe",
  auction: "Aukcje samochodowe",
};

export function OfferBreadcrumbs({ offer: o }: { offer: OfferDetails }) {
  return (
    <nav aria-label="Ścieżka" className="text-sm opacity-80">
      {/* One line on phones (the car's name is cut): the price box stays above the fold. */}
      <ol className="flex gap-1 whitespace-nowrap sm:flex-wrap">
        <li>
          <Link to="/" className="underline">
            Strona główna
          </Link>{" "}
          /
        </li>
        <li>
          <Link to={SALE_TYPE_PATH[o.SaleType]} className="underline">
            {LIST_NAME[o.SaleType]}
          </Link>{" "}
          /
        </li>
        <li aria-current="page" className="min-w-0 truncate">
          {o.MakeModel}
        </li>
      </ol>
    </nav>
  );
}

/** The light or dark theme of the offer page, switched beside its title. */
export function ThemeButton({ theme, onChange }: { theme: Theme; onChange: (t: Theme) => void }) {
  const dark = theme === "dark";
  return (
    <button
      type="button"
      onClick={() => onChange(dark ? "light" : "dark")}
      aria-pressed={dark}
      className={`min-h-11 min-w-11 rounded-md border px-3 py-2 text-sm font-semibold ${dark ? "border-slate-500" : "border-slate-300"}`}
    >
      {/* On phones an icon beside the title; the name stays for assistive technology. */}
      <span aria-hidden="true" className="sm:hidden">
        {dark ? "☀" : "☾"}
      </span>
      <span className="max-sm:sr-only">{dark ? "Motyw jasny" : "Motyw ciemny"}</span>
    </button>
  );
}

/** The vehicle's data as label and value; a value the offer does not state is left out. */
function vehicleFacts(o: OfferDetails): [string, string | null][] {
  const electric = isElectric(o.FuelType);
  return [
    ["Marka", o.Make],
    ["Model", o.Model],
    ["Wersja", o.Version],
    ["Rok produkcji", String(o.Year)],
    ["Przebieg", formatKm(o.Mileage)],
    ["Rodzaj paliwa", vocabulary.fuelTypeName(o.FuelType)],
    [electric ? "Pojemność baterii" : "Pojemność silnika", capacityText(o.FuelType, o.EngineCapacity)],
    ["Zasięg", o.VehicleRange ? formatKm(o.VehicleRange) : null],
    ["Moc", `${formatNumber(o.PowerHp)} KM`],
    ["Skrzynia biegów", vocabulary.gearBoxName(o.GearBoxType)],
    ["Nadwozie", vocabulary.bodyTypeName(o.Type)],
    ["Kolor", o.Color],
    ["Liczba drzwi", String(o.Doors)],
    ["Liczba miejsc", String(o.Seats)],
    ["Numer rejestracyjny", o.PlateNumber],
    ["Certyfikat", o.IsCertified ? "tak" : null],
  ];
}

export function VehicleData({ offer }: { offer: OfferDetails }) {
  return (
    <OfferPageSection id="dane" title="Dane pojazdu">
      <div className="mt-3">
        <dl className="grid grid-cols-1 gap-x-8 sm:grid-cols-2">
          {vehicleFacts(offer)
            .filter((r): r is [string, string] => r[1] !== null && r[1] !== "")
            .map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4 border-b border-current/15 py-2">
                <dt className="opacity-75">{k}</dt>
                <dd className="text-right font-semibold">{v}</dd>
              </div>
            ))}
        </dl>
      </div>
    </OfferPageSection>
  );
}

export function Equipment({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <OfferPageSection id="wyposazenie" title="Wyposażenie">
      <ul className="mt-3 grid list-disc gap-1 pl-5 wrap-anywhere sm:grid-cols-2 lg:grid-cols-3">
        {items.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </OfferPageSection>
  );
}

export function Description({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <OfferPageSection id="opis" title="Opis">
      <p className="mt-3 max-w-3xl leading-7 whitespace-pre-line wrap-anywhere">{text}</p>
    </OfferPageSection>
  );
}

export function SimilarOffers({ offers, now, isCompany }: { offers: Tile[]; now: Date; isCompany: boolean }) {
  if (offers.length === 0) return null;
  return (
    <OfferPageSection id="podobne" title="Podobne oferty" spacing="mt-12">
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {offers.map((r) => (
          <li key={r.AuctionId}>
            <OfferTile offer={r} now={now} isCompany={isCompany} />
          </li>
        ))}
      </ul>
    </OfferPageSection>
  );
}

/** What the page of an offer that is no longer shown gets from its loader (thrown with status 404). */
export interface GoneOffer {
  gone: true;
  saleType: SaleType;
  similar: Tile[];
  serverNow: string;
}

export const isGoneOffer = (v: unknown): v is GoneOffer =>
  typeof v === "object" && v !== null && (v as { gone?: unknown }).gone === true;

/**
 * The page of an offer that is no longer shown (sold, withdrawn) or never was, reached by an old link
 * or a bookmark: it says so, leads back to the list the offer was in and shows offers like it.
 */
export function GoneOfferPage({ gone, isCompany }: { gone: GoneOffer; isCompany: boolean }) {
  const list = SALE_TYPE_PATH[gone.saleType];
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <title>{pageTitle("Oferta niedostępna")}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold">Ta oferta jest już niedostępna</h1>
        <p className="mt-3 text-lg text-slate-700">
          Samochód mógł zostać sprzedany lub wycofany z oferty. Zobacz podobne samochody poniżej albo
          wszystkie oferty na liście.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={isCompany ? list : `${list}?${QueryKeys.isCompany}=false`}
            className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white"
          >
            Wróć do listy: {LIST_NAME[gone.saleType]}
          </Link>
          <Link to="/" className="rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700">
            Strona główna
          </Link>
        </div>
      </div>
      <SimilarOffers offers={gone.similar} now={new Date(gone.serverNow)} isCompany={isCompany} />
    </main>
  );
}
