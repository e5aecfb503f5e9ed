import { BRAND } from "../../../domain/brand";
import type { OfferDetails } from "../../../domain/catalogue/offer";
import { effective } from "../../../domain/catalogue/offer";
import { isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";

/** schema.org Car with its Offer, so search engines can show the price and facts of an offer page. */
export function offerJsonLd(o: OfferDetails, canonical: string, origin: string): Record<string, unknown> {
  const price =
    o.SaleType === "auction"
      ? (o.CurrentPrice ?? o.StartingPrice)
      : (effective(o.TotalPriceBrutto, o.TotalPriceBruttoDiscount) ??
        effective(o.LeasePrice, o.LeasePriceDiscount) ??
        effective(o.RentPriceNetto, o.RentPriceNettoDiscount));
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
      ...(price !== null ? { price } : {}),
      availability:
        o.Reservation || o.isAuctionEnded ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      itemCondition:
        o.SaleType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
      seller: { "@type": "Organization", name: `${BRAND.name}` },
    },
  };
}
