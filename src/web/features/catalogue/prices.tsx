import { effective, type OfferTile } from "../../../domain/catalogue/offer";
import { formatPrice } from "../../../domain/format";
import type { HeadlineTerms, ListTerms } from "../../../domain/headline-price";
import { toBrutto } from "../../../domain/vehicles";
import { OpenCalculatorLink } from "../leads/calculator-link";

/**
 * The prices of a tile or detail page (spec section 3 price fields, section 9 rules): monthly rent and
 * leasing are netto and for companies only, so a private person sees the cash price, brutto; a
 * company sees it netto. A discounted price shows the regular one struck through. With `terms`
 * (detail page), each "od" instalment states the terms of the calculator's lowest instalment and
 * links to the calculator opened at them (ADR 042).
 */
export function PriceLines({
  offer,
  isCompany,
  large = false,
  terms,
}: {
  offer: OfferTile;
  isCompany: boolean;
  large?: boolean;
  terms?: HeadlineTerms;
}) {
  const lines: {
    label: string;
    regular: number | null;
    discount: number | null;
    suffix: string;
    note?: string;
    product?: "leasing" | "rent";
    /** A private buyer's auction price: bids are netto, the line under it says what that is brutto. */
    brutto?: number;
  }[] = [];
  if (offer.SaleType === "auction") {
    // As the auction page's bid box says: the starting price until someone bids (also before the start).
    const bidden = offer.BidCount > 0 && offer.CurrentPrice !== null;
    const current = bidden ? offer.CurrentPrice : offer.StartingPrice;
    if (current !== null)
      lines.push({
        // An ended auction stays in favourites: its price is then the final one.
        label: !bidden
          ? "Cena wywoławcza"
          : offer.isAuctionCancelled
            ? "Najwyższa oferta"
            : offer.isAuctionEnded
              ? "Cena końcowa"
              : "Aktualna cena",
        regular: current,
        discount: null,
        suffix: "netto",
        brutto: isCompany ? undefined : toBrutto(current),
      });
  } else if (isCompany) {
    if (offer.IsRentAvailable && offer.RentPriceNetto !== null)
      lines.push({
        label: "Najem od",
        regular: offer.RentPriceNetto,
        discount: offer.RentPriceNettoDiscount,
        suffix: "netto/mies.",
        note: terms?.rent,
        product: "rent",
      });
    if (offer.IsLeasingAvailable && offer.LeasePrice !== null)
      lines.push({
        label: "Leasing od",
        regular: offer.LeasePrice,
        discount: offer.LeasePriceDiscount,
        suffix: "netto/mies.",
        note: terms?.leasing,
        product: "leasing",
      });
  }
  if (offer.SaleType !== "auction" && offer.IsCashAvailable) {
    const [regular, discount] = isCompany
      ? [offer.TotalPriceNetto, offer.TotalPriceNettoDiscount]
      : [offer.TotalPriceBrutto, offer.TotalPriceBruttoDiscount];
    if (regular !== null)
      lines.push({ label: "Gotówka", regular, discount, suffix: isCompany ? "netto" : "brutto" });
  }
  if (!lines.length)
    return (
      <p className="text-sm opacity-80">
        {!isCompany && (offer.IsLeasingAvailable || offer.IsRentAvailable)
          ? "Tylko dla firm: w leasingu lub najmie"
          : "Cena na zapytanie"}
      </p>
    );
  return (
    <dl className={large ? "space-y-2" : "space-y-1"}>
      {lines.map((l) => {
        const price = effective(l.regular, l.discount) as number;
        const cut = l.discount !== null && l.regular !== null && l.discount < l.regular;
        return (
          <div key={l.label} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <dt className={large ? "text-base text-current opacity-80" : "text-sm text-current opacity-80"}>
              {l.label}
            </dt>
            <dd className="text-right">
              {cut && (
                <s className="mr-2 text-sm opacity-70">
                  <span className="sr-only">Cena przed obniżką: </span>
                  {formatPrice(l.regular as number)}
                </s>
              )}
              <strong
                className={`${large ? "text-2xl" : "text-lg"} font-bold ${cut ? (large ? "text-red-700 [[data-theme=dark]_&]:text-red-300" : "text-red-700") : ""}`}
              >
                {formatPrice(price)}
              </strong>{" "}
              <span className="text-xs opacity-80">{l.suffix}</span>
            </dd>
            {l.brutto !== undefined && (
              <dd className="w-full text-right text-xs opacity-80">
                {formatPrice(l.brutto)} brutto (z VAT 23%)
              </dd>
            )}
            {l.note && l.product && (
              <dd className="w-full text-xs opacity-80">
                przy {l.note}.{" "}
                <OpenCalculatorLink product={l.product}>
                  {l.product === "leasing" ? "Otwórz kalkulator leasingu" : "Otwórz kalkulator najmu"}
                </OpenCalculatorLink>
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

/** Under a list of tiles: the terms of their "od" instalments, the lowest of each calculator (ADR 042). */
export function InstalmentTermsNote({ terms }: { terms: ListTerms }) {
  return (
    <p className="mt-6 text-xs text-slate-600" data-testid="instalment-terms">
      Raty „od” netto/mies. to najniższe raty z kalkulatora oferty: leasing przy {terms.leasing}; najem przy{" "}
      {terms.rent}; {terms.insurance}.
    </p>
  );
}
