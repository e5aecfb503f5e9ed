import { lazy } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router";
import { isPrivateBuyer, QueryKeys, type SaleType } from "../../../domain/catalogue/filters";
import { idFromSlug, offerSlug, SALE_TYPE_PATH } from "../../../domain/catalogue/offer-url";
import { vocabulary } from "../../../domain/catalogue/vocabulary";
import { formatDateTime, formatKm, parseApiDateTime } from "../../../domain/format";
import { ConnectionLost, isConnectionLost } from "../../components/connection-lost";
import { HydrateWhenVisible } from "../../components/hydrate-when-visible";
import { NotFound, ServerErrorPage } from "../../components/not-found";
import type { WinnerNextSteps } from "../../features/auctions/bid-box";
import { BiddingHistory } from "../../features/auctions/bidding-history";
import { liveAuctionFromOffer } from "../../features/auctions/from-offer";
import { TechnicalCondition } from "../../features/auctions/technical-condition";
import { useLiveAuctions } from "../../features/auctions/use-live";
import { CompareToggle } from "../../features/catalogue/compare-toggle";
import { FavouriteToggle } from "../../features/catalogue/favourite-toggle";
import { Gallery } from "../../features/catalogue/gallery";
import { offerJsonLd } from "../../features/catalogue/json-ld";
import { OfferLabels } from "../../features/catalogue/labels";
import { StickyContactBar } from "../../features/catalogue/offer-actions";
import { photoSrc } from "../../features/catalogue/offer-photo";
import {
  privateBuyerHref,
  privateBuyerRedirect,
  useStoredBuyerInAddress,
} from "../../features/catalogue/private-buyer";
import { pageMeta } from "../../features/catalogue/seo";
import { ServiceHistory } from "../../features/catalogue/service-history";
import { useTheme } from "../../features/catalogue/theme";
import { FROM_PARAM } from "../../features/leads/calculator-link";
import { LIVE_PAGE, PUBLIC_PAGE } from "../../lib/cache-headers";
import { revalidateUnlessOnly } from "../../lib/revalidate";
import { useServerNow } from "../../lib/server-clock";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/offer-detail";
import { OfferPriceBox } from "./offer-price-box";
import {
  Description,
  Equipment,
  type GoneOffer,
  GoneOfferPage,
  isGoneOffer,
  OfferBreadcrumbs,
  SALE_NAME,
  SimilarOffers,
  ThemeButton,
  VehicleData,
} from "./offer-sections";

const LazyOfferLeadSection = lazy(() =>
  import("../../features/leads/offer-lead-section").then((m) => ({ default: m.OfferLeadSection })),
);

const SALE_TYPE_BY_PREFIX = Object.fromEntries(
  Object.entries(SALE_TYPE_PATH).map(([type, path]) => [path.slice(1), type as SaleType]),
) as Record<string, SaleType>;

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
    // Sold, withdrawn or never there: a page that says so with offers like it. 404, not 410: a
    // withdrawn offer may come back (a reservation ends), and the id may never have existed.
    const gone: GoneOffer = {
      gone: true,
      saleType,
      similar: await offers.similarToGone(id, saleType, 4),
      serverNow: context.services.clock.now().toISOString(),
    };
    throw data(gone, { status: 404 });
  }
  // A wrong or old slug answers with the canonical address (search engines keep one URL per offer).
  const slug = `${offerSlug(offer.Make, offer.Model)}-id-${offer.AuctionId}`;
  if (params.slug !== slug) throw redirect(`${offer.Url}${url.search}`, 301);
  const [recommended, calculatorProperties, leadLiterals, literals, auctionEvent, costTables] =
    await Promise.all([
      offers.recommended(id, saleType, 4),
      context.services.calculatorProperties(),
      context.services.leadLiterals(),
      context.services.content.literals(),
      saleType === "auction" ? context.services.auctions.events.eventOf(id) : null,
      saleType === "auction" ? context.services.auctions.costs() : null,
    ]);
  const auction = saleType === "auction";
  // A positive preliminary decision on a leasing application keeps the car for its applicant (ADR 057).
  const reserved = auction ? null : await context.services.leaseApplications.reservedUntil(id);
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
      auctionEvent,
      leaseReservedUntil: reserved ? formatDateTime(reserved) : null,
      costTables,
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

/** A visitor who chose to buy privately opens every offer as one (features/catalogue/private-buyer). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const toPrivate = privateBuyerRedirect(request);
  if (toPrivate) throw toPrivate;
  return await serverLoader();
}

/**
 * The full-screen gallery adds a history entry for the same address, so that a phone's Back closes
 * it, and the calculator's "od" parameter and the buyer are read in the browser: none asks for the
 * page's data again.
 */
export const shouldRevalidate = revalidateUnlessOnly(FROM_PARAM, QueryKeys.isCompany);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  // The page of an offer no longer there names itself ("Oferta niedostępna", GoneOfferPage's own title).
  if (!loaderData)
    return isRouteErrorResponse(error) && isGoneOffer(error.data) ? [] : [{ title: "Wystąpił błąd" }];
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

export default function OfferDetail({ loaderData }: Route.ComponentProps) {
  const {
    offer: o,
    recommended,
    financing,
    nextSteps,
    contact,
    auctionEvent,
    leaseReservedUntil,
    costTables,
  } = loaderData;
  const [theme, setTheme] = useTheme();
  const now = useServerNow(o.ServerNow);
  const dark = theme === "dark";
  // Reached from a private buyer's list (?isCompany=false): the private view of the prices. Opened
  // whole by a visitor who chose to buy privately: the address takes the choice once hydrated.
  const isCompany = !isPrivateBuyer(useSearchParams()[0]);
  const location = useLocation();
  const navigate = useNavigate();
  useStoredBuyerInAddress(location.search, () =>
    navigate(privateBuyerHref(location), { replace: true, preventScrollReset: true }),
  );
  // An auction with its dates is followed live: its price box and its bidding history.
  const live =
    o.SaleType === "auction" && o.AuctionStart && o.AuctionEnd
      ? liveAuctionFromOffer({ ...o, AuctionStart: o.AuctionStart, AuctionEnd: o.AuctionEnd })
      : null;
  // The labels follow the live state too: a cancelled auction stops being 'kończąca się aukcja' at once.
  const [liveNow] = useLiveAuctions(live ? [live] : []);
  const labelled = liveNow?.IsAuctionEnded ? { ...o, isAuctionEnded: true } : o;
  return (
    <div className={dark ? "bg-slate-900 text-slate-100" : "bg-white text-slate-900"} data-theme={theme}>
      <main className="mx-auto max-w-7xl px-4 py-4 sm:py-6 lg:py-10">
        <OfferBreadcrumbs offer={o} />
        <div className="mt-3 flex items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold lg:text-4xl">{o.MakeModel}</h1>
          <div className="flex shrink-0 items-center gap-2">
            <ThemeButton theme={theme} onChange={setTheme} />
            <CompareToggle offer={o} compact className="min-h-11 min-w-11" />
            <FavouriteToggle offer={o} />
          </div>
        </div>
        <div className="mt-2">
          <OfferLabels offer={labelled} now={now} />
        </div>
        {auctionEvent ? (
          <p className="mt-2 text-sm" data-testid="auction-event-link">
            {`Nr ${auctionEvent.lotNumber} z ${auctionEvent.lots} w wydarzeniu `}
            <Link className="font-semibold underline" to={auctionEvent.url}>
              {auctionEvent.name}
            </Link>
          </p>
        ) : null}

        <div className="mt-4 grid gap-6 sm:mt-6 lg:grid-cols-[3fr_2fr] lg:gap-8">
          <Gallery photos={o.Photos} alt={o.MakeModel} />
          <OfferPriceBox
            offer={o}
            live={live}
            dark={dark}
            isCompany={isCompany}
            calculator={financing.properties}
            nextSteps={nextSteps}
            contact={contact}
            leaseReservedUntil={leaseReservedUntil}
            costs={costTables ? { ...costTables, vat: o.VatTreatment, pickUp: o.PickUpLocation } : null}
          />
        </div>

        {/* Financing area (features/leads): instalment calculator and contact form; auctions are cash only. */}
        {o.SaleType !== "auction" && (
          <section id="offer-financing" className="mt-10 text-slate-900" aria-label="Finansowanie i kontakt">
            {/* Its code (the calculator, the form, their schemas: a third of the page's JavaScript) loads as
                it comes near the viewport or is touched; until then the server's markup stands. Keyed by
                the offer: another offer's page gets its own section, never this one's markup. */}
            <HydrateWhenVisible key={o.AuctionId} id={`offer-leads-${o.AuctionId}`}>
              <LazyOfferLeadSection
                offer={o}
                properties={financing.properties}
                disclaimer={financing.disclaimer}
                applyOnline={!leaseReservedUntil}
              />
            </HydrateWhenVisible>
          </section>
        )}

        {live ? (
          <>
            <TechnicalCondition auctionId={o.AuctionId} />
            <BiddingHistory auction={live} />
          </>
        ) : null}

        <VehicleData offer={o} />
        <Equipment items={o.Equipment} />
        <Description text={o.Description} />

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

        <SimilarOffers offers={recommended} now={now} isCompany={isCompany} />
      </main>
      <StickyContactBar auction={o.SaleType === "auction"} contact={contact} />
    </div>
  );
}

/** An offer no longer shown gets its own page; any other error the site's. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const [params] = useSearchParams();
  if (isRouteErrorResponse(error) && isGoneOffer(error.data))
    return <GoneOfferPage gone={error.data} isCompany={!isPrivateBuyer(params)} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isConnectionLost(error)) return <ConnectionLost />;
  return <ServerErrorPage />;
}
