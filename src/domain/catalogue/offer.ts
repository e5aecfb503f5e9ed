import type { z } from "zod";
import type {
  auctionResultSchema,
  lowestPrice30DaysSchema,
  offerDetailsSchema,
  offerListSchema,
  offerPhotoSchema,
  offerTileSchema,
} from "./dto";
import type { SaleType } from "./filters";
import type { MarketingLabel } from "./offer-types";

export type { MarketingLabel };

/** Spec section 3 "Status": 'Nowy' for new cars, 'Poleasingowy' for ex-lease cars and auctions. */
export type OfferStatus = OfferTile["Status"];

// The answers' types come from their schemas (dto.ts; `import type`, so no zod in the browser).
export type OfferTile = z.infer<typeof offerTileSchema>;
export type OfferList = z.infer<typeof offerListSchema>;
export type OfferPhoto = z.infer<typeof offerPhotoSchema>;
export type LowestPrice30Days = z.infer<typeof lowestPrice30DaysSchema>;
export type AuctionResult = z.infer<typeof auctionResultSchema>;
export type OfferDetails = z.infer<typeof offerDetailsSchema>;

export const SALE_STATUS: Record<SaleType, OfferStatus> = {
  new: "Nowy",
  afterLease: "Poleasingowy",
  auction: "Aukcja",
};

export function parseMarketingLabels(json: string): MarketingLabel[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v)
      ? v.filter((x): x is MarketingLabel => typeof x?.Text === "string" && typeof x?.Color === "string")
      : [];
  } catch {
    return [];
  }
}

/** Labels of the offer display states (spec section 4), in the order a tile shows them. */
export function displayStateLabels(o: OfferTile): string[] {
  const labels: string[] = [];
  if (o.SaleType === "new") labels.push("fabrycznie nowy");
  if (o.SaleType === "afterLease") labels.push("poleasingowy");
  if (o.IsCertified) labels.push("certyfikowany");
  if (o.Reservation) labels.push("zarezerwowany");
  if (o.IsPromoted) labels.push("promowana oferta");
  if (o.isPicturePreviewOnly) labels.push("zdjęcie poglądowe");
  return labels;
}

/** The price that applies: the discounted one when there is a discount. */
export const effective = (regular: number | null, discount: number | null): number | null =>
  discount ?? regular;
