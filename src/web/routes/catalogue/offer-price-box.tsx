import { Link } from "react-router";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import type { CalculatorProperties } from "../../../domain/calculator";
import type { OfferDetails } from "../../../domain/catalogue/offer";
import { formatPrice } from "../../../domain/format";
import { offerTerms } from "../../../domain/headline-price";
import { applicationFormPath } from "../../../domain/lease-application/paths";
import { AuctionLivePanel, type WinnerNextSteps } from "../../features/auctions/bid-box";
import type { CostFacts } from "../../features/auctions/cost-box";
import { HubAlerts } from "../../features/auctions/hub-alerts";
import { PrintOfferButton } from "../../features/auctions/print-offer";
import { SpecialPromotions } from "../../features/catalogue/labels";
import { KeyFacts, OfferActions, type OfferContact } from "../../features/catalogue/offer-actions";
import { PriceLines } from "../../features/catalogue/prices";
import { rememberBuyer } from "../../features/catalogue/private-buyer";
import { SALE_NAME } from "./offer-sections";

/**
 * The offer page's price box beside the gallery: the live auction panel on an auction's page, the
 * prices and their instalments on any other, then the contact actions and the promotions.
 */
export function OfferPriceBox({
  offer: o,
  live,
  dark,
  isCompany,
  calculator,
  nextSteps,
  contact,
  leaseReservedUntil = null,
  costs,
}: {
  offer: OfferDetails;
  /** The auction as the live panel follows it; null on a sale page (or an auction without its dates). */
  live: LiveAuction | null;
  dark: boolean;
  isCompany: boolean;
  calculator: CalculatorProperties;
  nextSteps: WinnerNextSteps | null;
  contact: OfferContact;
  /** Until when a leasing applicant's positive preliminary decision keeps the car ("dd.mm.rrrr, gg:mm"). */
  leaseReservedUntil?: string | null;
  /** The cost box's tables and the car's invoicing and pick-up place (auctions). */
  costs?: CostFacts | null;
}) {
  return (
    <aside
      aria-label="Cena"
      // An auction's box (its contact, countdown, price and bid box): the chat button and a phone's
      // contact bar step aside rather than cover it (lib/keep-clear.ts).
      data-keep-clear={o.SaleType === "auction" || undefined}
      // On phones it follows the photo: the car first, inside the first screen, then its price.
      className={`h-fit rounded-xl border p-5 ${dark ? "border-slate-700 bg-slate-800" : "border-slate-200 bg-slate-50"}`}
    >
      <p className="text-sm font-semibold tracking-wide uppercase opacity-80">{SALE_NAME[o.SaleType]}</p>
      <KeyFacts offer={o} />
      {/* An auction's contact before its live panel, which grows with the bid box. */}
      {o.SaleType === "auction" && <OfferActions auction contact={contact} />}
      {live ? (
        // Live auction (features/auctions): price, bids, countdown and bid box update through the hub.
        // The live panel is drawn for a light background: on the dark theme it keeps one.
        <div className={`my-3 text-slate-900 ${dark ? "rounded-lg bg-white p-3" : ""}`}>
          <HubAlerts />
          <AuctionLivePanel
            auction={live}
            serverTime={o.ServerNow}
            nextSteps={nextSteps ?? undefined}
            terms={o.AuctionTerms}
            costs={costs ?? undefined}
            insteadOfInvitation={isCompany ? undefined : <ForEntrepreneurs offer={o} />}
            bruttoToo={!isCompany}
          />
          <div className="mt-3">
            <PrintOfferButton auctionId={o.AuctionId} />
          </div>
        </div>
      ) : (
        // The prices are read to their end: the chat's corner button steps aside (lib/keep-clear.ts).
        <div className="mt-3" data-keep-clear-of-chat>
          <PriceLines
            offer={o}
            isCompany={isCompany}
            large
            terms={offerTerms(o.TotalPriceNettoDiscount ?? o.TotalPriceNetto ?? 0, calculator)}
          />
        </div>
      )}
      <BuyerPriceNote offer={o} isCompany={isCompany} />
      <LowestPriceNote offer={o} />
      {leaseReservedUntil ? (
        <p
          className="mt-3 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-slate-900"
          data-testid="lease-reserved"
        >
          <strong>Samochód zarezerwowany do {leaseReservedUntil}</strong>: klient dostał pozytywną wstępną
          decyzję leasingową. Możesz zapytać o podobny samochód.
        </p>
      ) : null}
      {o.SaleType !== "auction" && (
        <OfferActions
          auction={false}
          contact={contact}
          instalments={isCompany}
          applyPath={
            isCompany && !leaseReservedUntil && (o.IsLeasingAvailable || o.IsRentAvailable)
              ? applicationFormPath(o.AuctionId)
              : null
          }
        />
      )}
      <div className="mt-3">
        <SpecialPromotions offer={o} />
      </div>
    </aside>
  );
}

/** The way back to a company's view of the offer: the buyer chosen for the visit becomes a company. */
function CompanyViewLink({ offer: o, children }: { offer: OfferDetails; children: string }) {
  return (
    <Link to={o.Url} replace onClick={() => rememberBuyer(true)} className="underline underline-offset-2">
      {children}
    </Link>
  );
}

/**
 * On an auction's page for a private buyer, instead of the invitation to bid: auctions are for
 * entrepreneurs, a private person is pointed to a bank's cash loan (spec), in the words of the bid box.
 */
function ForEntrepreneurs({ offer: o }: { offer: OfferDetails }) {
  return (
    <p
      className="rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="auction-private-buyer"
    >
      Aukcje są przeznaczone wyłącznie dla przedsiębiorców: osobom prywatnym proponujemy zakup z kredytem
      gotówkowym w banku. <CompanyViewLink offer={o}>Kupujesz na firmę? Pokaż, jak licytować</CompanyViewLink>
    </p>
  );
}

/**
 * Under a sale's prices: the gross price for a company, which reads net prices above; for a private
 * buyer (a private buyer's list, or the choice kept for the visit) the way back to a company's prices.
 */
function BuyerPriceNote({ offer: o, isCompany }: { offer: OfferDetails; isCompany: boolean }) {
  if (o.SaleType === "auction") return null;
  if (!isCompany)
    return (
      <p className="mt-2 text-sm opacity-80">
        Ceny dla osoby prywatnej.{" "}
        <CompanyViewLink offer={o}>Kupujesz na firmę? Pokaż ceny netto, leasing i najem</CompanyViewLink>
      </p>
    );
  if (!o.IsCashAvailable || o.TotalPriceBrutto === null) return null;
  return (
    <p className="mt-2 text-sm opacity-80">
      Cena brutto: {formatPrice(o.TotalPriceBruttoDiscount ?? o.TotalPriceBrutto)} (z VAT 23%)
    </p>
  );
}

/** The lowest price of the 30 days before a price cut (the Omnibus rule), net where there is one. */
function LowestPriceNote({ offer: o }: { offer: OfferDetails }) {
  const low = o.LowestPrice30Days;
  const lowestCash = low ? (low.TotalPriceNetto ?? low.TotalPriceBrutto) : null;
  if (!low || lowestCash === null) return null;
  return (
    <p className="mt-3 rounded-md bg-amber-100 p-2 text-sm text-slate-900">
      Najniższa cena z 30 dni przed obniżką: <strong>{formatPrice(lowestCash)}</strong>{" "}
      {low.TotalPriceNetto !== null ? "netto" : "brutto"}
    </p>
  );
}
