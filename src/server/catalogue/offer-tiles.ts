import { type SQL, sql } from "drizzle-orm";
import type { SaleType } from "../../domain/catalogue/filters";
import { type AuctionResult, type OfferTile, SALE_STATUS } from "../../domain/catalogue/offer";
import type { MarketingLabel, SpecialPromotion } from "../../domain/catalogue/offer-types";
import { offerPath } from "../../domain/catalogue/offer-url";
import { formatApiDateTime } from "../../domain/format";
import { offerImageUrl } from "../../domain/images";
import { carTitle } from "../../domain/vehicles";
import { type Db, resultRows } from "../db/client";

/** Rows of a raw query (see resultRows). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** Offer rows as the lists and details read them, and the tile the pages and the API show. */
export interface TileRow {
  id: number;
  sale_type: SaleType;
  status: string;
  make: string;
  model: string;
  version: string;
  body_type: string;
  fuel_type: string;
  gearbox_type: string;
  color: string;
  year: number;
  mileage: number;
  engine_capacity: number;
  power_hp: number;
  vehicle_range: number | null;
  is_certified: boolean;
  reservation: boolean;
  is_promoted: boolean;
  is_picture_preview_only: boolean;
  move_photo: boolean;
  special_promotions: SpecialPromotion[] | string;
  marketing_labels: MarketingLabel[] | string;
  is_rent_available: boolean;
  rent_price_netto: number | null;
  rent_price_netto_discount: number | null;
  is_leasing_available: boolean;
  lease_price: number | null;
  lease_price_discount: number | null;
  is_cash_available: boolean;
  total_price_netto: number | null;
  total_price_netto_discount: number | null;
  total_price_brutto: number | null;
  total_price_brutto_discount: number | null;
  auction_start: Date | string | null;
  auction_end: Date | string | null;
  starting_price: number | null;
  current_price: number | null;
  bid_count: number;
  main_image_id: string | null;
}

export const TILE_COLUMNS =
  sql.raw(`o.id, o.sale_type, o.status, o.make, o.model, o.version, o.body_type, o.fuel_type,
  o.gearbox_type, o.color, o.year, o.mileage, o.engine_capacity, o.power_hp, o.vehicle_range,
  o.is_certified, o.reservation, o.is_promoted, o.is_picture_preview_only, o.move_photo,
  o.special_promotions, o.marketing_labels, o.is_rent_available, o.rent_price_netto,
  o.rent_price_netto_discount, o.is_leasing_available, o.lease_price, o.lease_price_discount,
  o.is_cash_available, o.total_price_netto, o.total_price_netto_discount, o.total_price_brutto,
  o.total_price_brutto_discount, o.auction_start, o.auction_end, o.starting_price, o.current_price,
  o.bid_count,
  (select p.image_id from offer_photos p where p.offer_id = o.id order by p.position limit 1) as main_image_id`);

/**
 * Offers whose details answer: those on sale, auctions sold at their end and auctions staff cancelled.
 * An ended auction keeps its page for good (the won list, /licytowanie, favourites and the e-mails link
 * to it); an unsold one stays 'active' until the fleet system withdraws it; a cancelled one (once on sale) says so and
 * why to those who watched or bid in it (a reload must not turn it into the not-found page). Lists
 * leave ended auctions out (offer-query.ts), and only the end-of-auction job marks an auction sold.
 */
export const SHOWN = sql.raw(`(o.status = 'active' or (o.sale_type = 'auction' and (o.status = 'sold'
  or (o.status = 'withdrawn' and exists (select 1 from auction_settlements c
    where c.offer_id = o.id and c.outcome = 'cancelled' and c.was_on_sale)))))`);

export const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
export const date = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

export function toTile(r: TileRow, now: Date): OfferTile {
  const end = date(r.auction_end);
  const start = date(r.auction_start);
  return {
    AuctionId: r.id,
    SaleType: r.sale_type,
    Url: offerPath(r.sale_type, r.make, r.model, r.id),
    Make: r.make,
    Model: r.model,
    MakeModel: carTitle(r),
    Version: r.version,
    Status: SALE_STATUS[r.sale_type],
    Type: r.body_type,
    FuelType: r.fuel_type,
    Year: r.year,
    Mileage: r.mileage,
    VehicleRange: r.vehicle_range,
    EngineCapacity: r.engine_capacity,
    PowerHp: r.power_hp,
    GearBoxType: r.gearbox_type,
    Color: r.color,
    MainPhotoUrl: r.main_image_id ? offerImageUrl(r.main_image_id) : null,
    IsWebP: r.main_image_id !== null,
    MovePhoto: r.move_photo,
    IsCertified: r.is_certified,
    Reservation: r.reservation,
    IsPromoted: r.is_promoted,
    isPicturePreviewOnly: r.is_picture_preview_only,
    SpecialPromotions: json(r.special_promotions),
    MarketingLabels: JSON.stringify(json(r.marketing_labels)),
    IsRentAvailable: r.is_rent_available,
    RentPriceNetto: r.rent_price_netto,
    RentPriceNettoDiscount: r.rent_price_netto_discount,
    IsLeasingAvailable: r.is_leasing_available,
    LeasePrice: r.lease_price,
    LeasePriceDiscount: r.lease_price_discount,
    IsCashAvailable: r.is_cash_available,
    TotalPriceNetto: r.total_price_netto,
    TotalPriceNettoDiscount: r.total_price_netto_discount,
    TotalPriceBrutto: r.total_price_brutto,
    TotalPriceBruttoDiscount: r.total_price_brutto_discount,
    AuctionStart: start ? formatApiDateTime(start) : null,
    AuctionEnd: end ? formatApiDateTime(end) : null,
    StartingPrice: r.starting_price,
    CurrentPrice: r.current_price,
    // A cancelled auction (withdrawn) has ended too, whatever its planned end.
    isAuctionEnded:
      r.sale_type === "auction" &&
      (r.status !== "active" || (end !== null && end.getTime() <= now.getTime())),
    // A withdrawn auction answers only when staff cancelled it (SHOWN).
    isAuctionCancelled: r.sale_type === "auction" && r.status === "withdrawn",
    BidCount: r.bid_count,
  };
}

/** The result of an ended auction: the settlement once recorded, the offer's figures until then. */
export function auctionResult(
  r: TileRow & {
    settled_at: Date | string | null;
    settled_winner: boolean | null;
    settled_price: number | null;
    settled_bids: number | null;
    settled_outcome: string | null;
    settled_reason: string | null;
    reserve_price: number | null;
  },
  now: Date,
): AuctionResult | null {
  const end = date(r.auction_end);
  const settled = date(r.settled_at);
  if (r.sale_type === "auction" && settled && r.settled_outcome === "cancelled") {
    // Cancelled by staff before its end: nobody won, no bid binds anyone, and the bidders read why.
    return {
      Sold: false,
      FinalPrice: null,
      BidCount: r.settled_bids ?? r.bid_count,
      EndedAt: formatApiDateTime(settled),
      EndedAtUtc: settled.toISOString(),
      Cancelled: true,
      CancelReason: r.settled_reason,
      BelowReserve: false,
    };
  }
  if (r.sale_type !== "auction" || !end || end.getTime() > now.getTime()) return null;
  // The end-of-auction job gives the auction to the top bidder whenever there is a bid that reached
  // the reserve, if there is one (closer.ts); below it the car is unsold, to be negotiated.
  const belowReserve = settled
    ? r.settled_outcome === "unsold"
    : r.bid_count > 0 && r.reserve_price !== null && (r.current_price ?? 0) < r.reserve_price;
  const sold = settled ? r.settled_winner === true : r.bid_count > 0 && !belowReserve;
  const endedAt = settled ?? end;
  return {
    Sold: sold,
    FinalPrice: sold ? (settled ? r.settled_price : r.current_price) : null,
    BidCount: settled ? (r.settled_bids ?? r.bid_count) : r.bid_count,
    EndedAt: formatApiDateTime(endedAt),
    EndedAtUtc: endedAt.toISOString(),
    Cancelled: false,
    CancelReason: null,
    BelowReserve: belowReserve,
  };
}
