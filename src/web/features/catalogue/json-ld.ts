import { BRAND } from "../../../domain/brand";
import type { OfferDetails } from "../../../domain/catalogue/offer";
import { effective } from "../../../domain/catalogue/offer";
import { isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";
import { toBrutto } from "../../../domain/vehicles";

/**
 * The price a schema.org Offer states: gross, as a shop states it. An auction's bids and the monthly
 * instalments are netto on the page (they are for firms), so they are stated here with VAT; an
 * instalment says it is per month.
 */
function offerPrice(o: OfferDetails): Record<string, unknown> {
  const auctionNetto = o.SaleType === "auction" ? (o.CurrentPrice ?? o.StartingPrice) : null;
  const cashBrutto =
    o.SaleType === "auction" ? null : effective(o.TotalPriceBrutto, o.TotalPriceBruttoDiscount);
  const monthlyNetto =
    o.SaleType === "auction" || cashBrutto !== null
      ? null
      : (effective(o.LeasePrice, o.LeasePriceDiscount) ??
        effective(o.RentPriceNetto, o.RentPriceNettoDiscount));
  const brutto =
    auctionNetto !== null
      ? toBrutto(auctionNetto)
      : (cashBrutto ?? (monthlyNetto !== null ? toBrutto(monthlyNetto) : null));
  if (brutto === null) return {};
  return {
    price: brutto,
    priceSpecification: {
      "@type": monthlyNetto !== null ? "UnitPriceSpecification" : "PriceSpecification",
      price: brutto,
      priceCurrency: "PLN",
      valueAddedTaxIncluded: true,
      ...(monthlyNetto !== null
        ? { referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" } }
        : {}),
    },
  };
}

/** schema.org Car with its Offer, so search engines can show the price and facts of an offer page. */
export function offerJsonLd(o: OfferDetails, canonical: string, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: o.MakeModel,
    brand: { "@type": "Brand", name: o.Make },
    model: o.Model,
    vehicleConfiguration: o.Version || undefined,
    bodyType: vocabulary.bodyTypeName(o.Type),
    color: o.Color,
    fuelType: vocabulary.fuelTypeName(o.FuelType),
    vehicleTransmission: vocabulary.gearBoxName(o.GearBoxType),
    vehicleModelDate: String(o.Year),
    mileageFromOdometer: { "@type": "QuantitativeValue", value: o.Mileage, unitCode: "KMT" },
    ...(isElectric(o.FuelType)
      ? {}
      : {
          vehicleEngine: {
            "@type": "EngineSpecification",
            engineDisplacement: { "@type": "QuantitativeValue", value: o.EngineCapacity, unitCode: "CMQ" },
          },
        }),
    numberOfDoors: o.Doors,
    seatingCapacity: o.Seats,
    itemCondition:
      o.SaleType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    image: o.Photos.map((p) => `${origin}${p.Url}&width=1280&height=960`),
    description: o.Description || undefined,
    url: canonical,
    offers: {
      "@type": "Offer",
      url: canonical,
      priceCurrency: "PLN",
      ...offerPrice(o),
      availability:
        o.Reservation || o.isAuctionEnded ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      itemCondition:
        o.SaleType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
      seller: { "@type": "Organization", name: `${BRAND.name}` },
    },
  };
}
