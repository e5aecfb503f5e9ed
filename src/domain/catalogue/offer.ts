import type { SaleType } from "./filters";
import type { MarketingLabel, SpecialPromotion } from "./offer-types";

export type { MarketingLabel, SpecialPromotion };

/** Spec section 3 "Status": 'Nowy' for new cars, 'Poleasingowy' for ex-lease cars and auctions. */
export type OfferStatus = "Nowy" | "Poleasingowy" | "Aukcja";

/**
 * An offer tile as the API sends it (spec section 3: tile, price and auction fields, PascalCase).
 * SaleType and Url are ours: the tile links to its canonical detail page.
 */
export interface OfferTile {
  AuctionId: number;
  SaleType: SaleType;
  Url: string;
  Make: string;
  Model: string;
  MakeModel: string;
  Version: string;
  Status: OfferStatus;
  Type: string;
  FuelType: string;
  Year: number;
  Mileage: number;
  VehicleRange: number | null;
  EngineCapacity: number;
  PowerHp: number;
  GearBoxType: string;
  Color: string;
  MainPhotoUrl: string | null;
  IsWebP: boolean;
  MovePhoto: boolean;
  IsCertified: boolean;
  Reservation: boolean;
  IsPromoted: boolean;
  isPicturePreviewOnly: boolean;
  SpecialPromotions: SpecialPromotion[];
  /** JSON text of a list of {Text, Color}, as the spec has it. */
  MarketingLabels: string;
  IsRentAvailable: boolean;
  RentPriceNetto: number | null;
  RentPriceNettoDiscount: number | null;
  IsLeasingAvailable: boolean;
  LeasePrice: number | null;
  LeasePriceDiscount: number | null;
  IsCashAvailable: boolean;
  TotalPriceNetto: number | null;
  TotalPriceNettoDiscount: number | null;
  TotalPriceBrutto: number | null;
  TotalPriceBruttoDiscount: number | null;
  /** 'YYYY-MM-DD HH:mm:SS' in Polish time; null outside auctions. */
  AuctionStart: string | null;
  AuctionEnd: string | null;
  StartingPrice: number | null;
  CurrentPrice: number | null;
  isAuctionEnded: boolean;
  BidCount: number;
}

export interface OfferPhoto {
  Id: string;
  Url: string;
  Width: number;
  Height: number;
}

export interface LowestPrice30Days {
  TotalPriceNetto: number | null;
  TotalPriceBrutto: number | null;
  RentPriceNetto: number | null;
  LeasePrice: number | null;
}

/**
 * The outcome of an ended auction, for its page (kept for good after the end). Until the end-of-auction
 * job has recorded it (a second at most) it is read from the offer's own figures, which it records.
 */
export interface AuctionResult {
  /** Sold to the highest bidder; an auction without bids ends unsold. */
  Sold: boolean;
  /** The winning bid, netto; null when unsold. */
  FinalPrice: number | null;
  BidCount: number;
  /** 'YYYY-MM-DD HH:mm:SS' (Polish time) and the same instant in ISO form. */
  EndedAt: string;
  EndedAtUtc: string;
}

export interface OfferDetails extends OfferTile {
  Description: string;
  Equipment: string[];
  Photos: OfferPhoto[];
  Doors: number;
  Seats: number;
  PlateNumber: string | null;
  Vin: string | null;
  PublishedAt: string;
  /** Lowest prices of the 30 days before the latest price cut (spec section 9); null without a cut. */
  LowestPrice30Days: LowestPrice30Days | null;
  /** Server clock when the answer was made: countdowns run from the server time offset. */
  ServerNow: string;
  /** An auction that has ended: its result; null for a running auction and for other offers. */
  AuctionResult: AuctionResult | null;
}

export interface OfferList {
  Tails: OfferTile[];
  Count: number;
}

export const SALE_STATUS: Record<SaleType, OfferStatus> = {
  new: "Nowy",
  afterLease: "Poleasingowy",
  auction: "Aukcja",
};

/** vehicleSaleStatus of /api/OfferDetails/SimplifiedVehicleData: 0 new, 1 afterLease, 2 auction. */
export const SALE_STATUS_NUMBER: Record<SaleType, 0 | 1 | 2> = { new: 0, afterLease: 1, auction: 2 };

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

/** The lowest monthly instalment on offer (netto), from rent or leasing. */
export function lowestInstalment(o: OfferTile): number | null {
  const prices = [
    o.IsRentAvailable ? effective(o.RentPriceNetto, o.RentPriceNettoDiscount) : null,
    o.IsLeasingAvailable ? effective(o.LeasePrice, o.LeasePriceDiscount) : null,
  ].filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
}
