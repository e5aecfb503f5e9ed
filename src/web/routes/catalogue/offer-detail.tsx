import { data, Link, redirect, useSearchParams } from "react-router";
import { isPrivateBuyer, type SaleType } from "../../../domain/catalogue/filters";
import { idFromSlug, offerSlug, SALE_TYPE_PATH } from "../../../domain/catalogue/offer-url";
import { isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";
import {
  formatDateTime,
  formatKm,
  formatNumber,
  formatPrice,
  parseApiDateTime,
} from "../../../domain/format";
import { offerTerms } from "../../../domain/headline-price";
import { AuctionLivePanel, type WinnerNextSteps } from "../../features/auctions/bid-box";
import { BiddingHistory } from "../../features/auctions/bidding-history";
import { liveAuctionFromOffer } from "../../features/auctions/from-offer";
import { HubAlerts } from "../../features/auctions/hub-alerts";
import { PrintOfferButton } from "../../features/auctions/print-offer";
import { TechnicalCondition } from "../../features/auctions/technical-condition";
import { CompareToggle } from "../../features/catalogue/compare-toggle";
import { FavouriteToggle } from "../../features/catalogue/favourite-toggle";
import { Gallery } from "../../features/catalogue/gallery";
import { offerJsonLd } from "../../features/catalogue/json-ld";
import { OfferLabels, SpecialPromotions } from "../../features/catalogue/labels";
import { KeyFacts, OfferActions, StickyContactBar } from "../../features/catalogue/offer-actions";
import { photoSrc } from "../../features/catalogue/offer-photo";
import { OfferTile } from "../../features/catalogue/offer-tile";
import { PriceLines } from "../../features/catalogue/prices";
import { pageMeta } from "../../features/catalogue/seo";
import { ServiceHistory } from "../../features/catalogue/service-history";
import { useTheme } from "../../features/catalogue/theme";
import { FROM_PARAM } from "../../features/leads/calculator-link";
import { OfferLeadSection } from "../../features/leads/offer-lead-section";
import { LIVE_PAGE, PUBLIC_PAGE } from "../../lib/cache-headers";
import { revalidateUnlessOnly } from "../../lib/revalidate";
import { useServerNow } from "../../lib/server-clock";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/offer-detail";

const SALE_TYPE_BY_PREFIX = Object.fromEntries(
  Object.entries(SALE_TYPE_PATH).map(([type, path]) => [path.slice(1), type as SaleType]),
) as Record<string, SaleType>;

const SALE_NAME: Record<SaleType, string> = {
  new: "Nowy samochód",
  afterLease: "Samochód poleasingowy",
  auction: "Aukcja",
};

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const saleType = SALE_TYPE_BY_PREFIX[url.pathname.split("/")[1]];
  const id = idFromSlug(params.slug);
  if (!saleType || id === null) throw data(null, { status: 404 });
  const offers = context.services.offers;
  const offer = await offers.details(id, saleType);
  if (!offer) {
    // An offer's id under another section (a link copied by hand, a car moved from new to ex-lease):
    // its own address, once. Under its own section a missing offer is a 404 (never a loop).
    const own = await context.services.offerAddresses.canonicalPath(id);
    if (own && own.split("/")[1] !== url.pathname.split("/")[1]) throw redirect(`${own}${url.search}`, 301);
    throw data(null, { status: 404 });
  }
  // A wrong or old slug answers with the canonical address (search engines keep one URL per offer).
  const slug = `${offerSlug(offer.Make, offer.Model)}-id-${offer.AuctionId}`;
  if (params.slug !== slug) throw redirect(`${offer.Url}${url.search}`, 301);
  const [recommended, calculatorProperties, leadLiterals, literals] = await Promise.all([
    offers.recommended(id, saleType, 4),
    context.services.calculatorProperties(),
    context.services.leadLiterals(),
    context.services.content.literals(),
  ]);
  const auction = saleType === "auction";
  const origin = context.services.config.publicUrl.replace(/\/$/, "");
  // What the winner reads after the end; the page shows it only to them (their utoken is the top bidder's).
  const nextSteps: WinnerNextSteps | null = auction
    ? {
        payment: literals.AuctionWonPayment,
        invoice: literals.AuctionWonInvoice,
        pickup: literals.AuctionWonPickup,
        phone: literals.AuctionPhone,
        email: literals.AuctionEmail,
      }
    : null;
  return data(
    {
      offer,
      recommended: recommended ?? [],
      canonical: `${origin}${offer.Url}`,
      origin,
      financing: { properties: calculatorProperties, disclaimer: leadLiterals.formDisclaimer },
      nextSteps,
      // The site's contact literals; the auction team's on auction pages.
      contact: {
        phone: auction ? literals.AuctionPhone : literals.ContactPhone,
        email: auction ? literals.AuctionEmail : literals.ContactEmail,
        hours: literals.ContactHours,
      },
    },
    // An auction's page shows its live price and countdown (see cache-headers.ts).
    { headers: { "Cache-Control": saleType === "auction" ? LIVE_PAGE : PUBLIC_PAGE } },
  );
}

/**
 * The full-screen gallery adds a history entry for the same address, so that a phone's Back closes
 * it, and the calculator's "od" parameter is read in the browser: neither asks for the page's data again.
 */
export const shouldRevalidate = revalidateUnlessOnly(FROM_PARAM);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Wystąpił błąd" }];
  const { offer: o, canonical, origin } = loaderData;
  const facts = [
    String(o.Year),
    formatKm(o.Mileage),
    vocabulary.fuelTypeName(o.FuelType),
    vocabulary.gearBoxName(o.GearBoxType),
  ].join(", ");
  const firstPhoto = o.Photos[0];
  const result = o.AuctionResult;
  return [
    ...pageMeta({
      title: pageTitle(
        `${o.MakeModel} – ${result ? "aukcja zakończona" : SALE_NAME[o.SaleType].toLowerCase()}`,
      ),
      description: result
        ? `Aukcja ${o.MakeModel} (${facts}) zakończona ${formatDateTime(parseApiDateTime(result.EndedAt))}. Zobacz trwające aukcje samochodów.`
        : `${SALE_NAME[o.SaleType]} ${o.MakeModel}: ${facts}. Sprawdź cenę, ratę leasingu lub najmu i wyposażenie.`,
      canonical,
      image: firstPhoto ? `${origin}${photoSrc(firstPhoto.Url, 1280)}` : null,
      // An ended auction's page stays for its bidders and links, but offers nothing to buy:
      // like the sitemap, which lists only offers on sale, it keeps out of search results (links followed).
      noindex: result !== null,
    }),
    { "script:ld+json": offerJsonLd(o, canonical, origin) },
  ];
}

function Facts({ rows }: { rows: [string, string | null][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 sm:grid-cols-2">
      {rows
        .filter((r): r is [string, string] => r[1] !== null && r[1] !== "")
        .map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 border-b border-current/15 py-2">
            <dt className="opacity-75">{k}</dt>
            <dd className="text-right font-semibold">{v}</dd>
          </div>
        ))}
    </dl>
  );
}

export default function OfferDetail({ loaderData }: Route.ComponentProps) {
  const { offer: o, recommended, financing, nextSteps, contact } = loaderData;
  const [theme, setTheme] = useTheme();
  const now = useServerNow(o.ServerNow);
  const dark = theme === "dark";
  const electric = isElectric(o.FuelType);
  const low = o.LowestPrice30Days;
  const lowestCash = low ? (low.TotalPriceNetto ?? low.TotalPriceBrutto) : null;
  // Reached from a private buyer's list (?isCompany=false): the private view of the prices.
  const isCompany = !isPrivateBuyer(useSearchParams()[0]);
  return (
    <div className={dark ? "bg-slate-900 text-slate-100" : "bg-white text-slate-900"} data-theme={theme}>
      <main className="mx-auto max-w-7xl px-4 py-4 sm:py-6 lg:py-10">
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
                {SALE_NAME[o.SaleType] === "Aukcja"
                  ? "Aukcje samochodowe"
                  : o.SaleType === "new"
                    ? "Nowe samochody"
                    : "Samochody poleasingowe"}
              </Link>{" "}
              /
            </li>
            <li aria-current="page" className="min-w-0 truncate">
              {o.MakeModel}
            </li>
          </ol>
        </nav>
        <div className="mt-3 flex items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold lg:text-4xl">{o.MakeModel}</h1>
          <div className="flex shrink-0 items-center gap-2">
            <button
              type="button"
              onClick={() => setTheme(dark ? "light" : "dark")}
              aria-pressed={dark}
              className={`min-h-11 min-w-11 rounded-md border px-3 py-2 text-sm font-semibold ${dark ? "border-slate-500" : "border-slate-300"}`}
            >
              {/* On phones an icon beside the title; the name stays for assistive technology. */}
              <span aria-hidden="true" className="sm:hidden">
                {dark ? "☀" : "☾"}
              </span>
              <span className="max-sm:sr-only">{dark ? "Motyw jasny" : "Motyw ciemny"}</span>
            </button>
            <CompareToggle offer={o} compact className="min-h-11 min-w-11" />
            <FavouriteToggle offer={o} />
          </div>
        </div>
        <div className="mt-2">
          <OfferLabels offer={o} now={now} />
        </div>

        <div className="mt-4 grid gap-6 sm:mt-6 lg:grid-cols-[3fr_2fr] lg:gap-8">
          <Gallery photos={o.Photos} alt={o.MakeModel} />
          <aside
            aria-label="Cena"
            // On phones it follows the photo: the car first, inside the first screen, then its price.
            className={`h-fit rounded-xl border p-5 ${dark ? "border-slate-700 bg-slate-800" : "border-slate-200 bg-slate-50"}`}
          >
            <p className="text-sm font-semibold tracking-wide uppercase opacity-80">
              {SALE_NAME[o.SaleType]}
            </p>
            <KeyFacts offer={o} />
            {/* An auction's contact before its live panel, which grows with the bid box. */}
            {o.SaleType === "auction" && <OfferActions auction contact={contact} />}
            {o.SaleType === "auction" && o.AuctionStart && o.AuctionEnd ? (
              // Live auction (features/auctions): price, bids, countdown and bid box update through the hub.
              // The live panel is drawn for a light background: on the dark theme it keeps one.
              <div className={`my-3 text-slate-900 ${dark ? "rounded-lg bg-white p-3" : ""}`}>
                <HubAlerts />
                <AuctionLivePanel
                  auction={liveAuctionFromOffer({
                    ...o,
                    AuctionStart: o.AuctionStart,
                    AuctionEnd: o.AuctionEnd,
                  })}
                  serverTime={o.ServerNow}
                  nextSteps={nextSteps ?? undefined}
                />
                <div className="mt-3">
                  <PrintOfferButton auctionId={o.AuctionId} />
                </div>
              </div>
            ) : (
              <div className="mt-3">
                <PriceLines
                  offer={o}
                  isCompany={isCompany}
                  large
                  terms={offerTerms(
                    o.TotalPriceNettoDiscount ?? o.TotalPriceNetto ?? 0,
                    financing.properties,
                  )}
                />
              </div>
            )}
            {isCompany && o.SaleType !== "auction" && o.IsCashAvailable && o.TotalPriceBrutto !== null && (
              <p className="mt-2 text-sm opacity-80">
                Cena brutto: {formatPrice(o.TotalPriceBruttoDiscount ?? o.TotalPriceBrutto)} (z VAT 23%)
              </p>
            )}
            {!isCompany && o.SaleType !== "auction" && (
              <p className="mt-2 text-sm opacity-80">
                Ceny dla osoby prywatnej.{" "}
                <Link to={o.Url} replace className="underline underline-offset-2">
                  Kupujesz na firmę? Pokaż ceny netto, leasing i najem
                </Link>
              </p>
            )}
            {low && lowestCash !== null && (
              <p className="mt-3 rounded-md bg-amber-100 p-2 text-sm text-slate-900">
                Najniższa cena z 30 dni przed obniżką: <strong>{formatPrice(lowestCash)}</strong>{" "}
                {low.TotalPriceNetto !== null ? "netto" : "brutto"}
              </p>
            )}
            {o.SaleType !== "auction" && <OfferActions auction={false} contact={contact} />}
            <div className="mt-3">
              <SpecialPromotions offer={o} />
            </div>
          </aside>
        </div>

        {/* Financing area (features/leads): instalment calculator and contact form; auctions are cash only. */}
        {o.SaleType !== "auction" && (
          <section id="offer-financing" className="mt-10 text-slate-900" aria-label="Finansowanie i kontakt">
            <OfferLeadSection offer={o} properties={financing.properties} disclaimer={financing.disclaimer} />
          </section>
        )}

        {o.SaleType === "auction" && o.AuctionStart && o.AuctionEnd ? (
          <>
            <TechnicalCondition auctionId={o.AuctionId} />
            <BiddingHistory
              auction={liveAuctionFromOffer({ ...o, AuctionStart: o.AuctionStart, AuctionEnd: o.AuctionEnd })}
            />
          </>
        ) : null}

        <section className="mt-10" aria-labelledby="dane">
          <h2 id="dane" className="text-xl font-bold">
            Dane pojazdu
          </h2>
          <div className="mt-3">
            <Facts
              rows={[
                ["Marka", o.Make],
                ["Model", o.Model],
                ["Wersja", o.Version],
                ["Rok produkcji", String(o.Year)],
                ["Przebieg", formatKm(o.Mileage)],
                ["Rodzaj paliwa", vocabulary.fuelTypeName(o.FuelType)],
                [
                  electric ? "Pojemność baterii" : "Pojemność silnika",
                  electric
                    ? `${formatNumber(o.EngineCapacity)} kWh`
                    : `${formatNumber(o.EngineCapacity)} cm³`,
                ],
                ["Zasięg", o.VehicleRange ? formatKm(o.VehicleRange) : null],
                ["Moc", `${formatNumber(o.PowerHp)} KM`],
                ["Skrzynia biegów", vocabulary.gearBoxName(o.GearBoxType)],
                ["Nadwozie", vocabulary.bodyTypeName(o.Type)],
                ["Kolor", o.Color],
                ["Liczba drzwi", String(o.Doors)],
                ["Liczba miejsc", String(o.Seats)],
                ["Numer rejestracyjny", o.PlateNumber],
                ["Certyfikat", o.IsCertified ? "tak" : null],
              ]}
            />
          </div>
        </section>

        {o.Equipment.length > 0 && (
          <section className="mt-10" aria-labelledby="wyposazenie">
            <h2 id="wyposazenie" className="text-xl font-bold">
              Wyposażenie
            </h2>
            <ul className="mt-3 grid list-disc gap-1 pl-5 wrap-anywhere sm:grid-cols-2 lg:grid-cols-3">
              {o.Equipment.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </section>
        )}

        {o.Description && (
          <section className="mt-10" aria-labelledby="opis">
            <h2 id="opis" className="text-xl font-bold">
              Opis
            </h2>
            <p className="mt-3 max-w-3xl leading-7 whitespace-pre-line wrap-anywhere">{o.Description}</p>
          </section>
        )}

        <ServiceHistory
          visits={o.ServiceHistory}
          ask={
            o.SaleType === "new"
              ? null
              : o.SaleType === "auction"
                ? { kind: "auction", phone: contact.phone }
                : { kind: "adviser" }
          }
        />

        {recommended.length > 0 && (
          <section className="mt-12" aria-labelledby="podobne">
            <h2 id="podobne" className="text-xl font-bold">
              Podobne oferty
            </h2>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {recommended.map((r) => (
                <li key={r.AuctionId}>
                  <OfferTile offer={r} now={now} isCompany={isCompany} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
      <StickyContactBar auction={o.SaleType === "auction"} contact={contact} />
    </div>
  );
}
