import { sql } from "drizzle-orm";
import { defaultFilter, type SaleType } from "../../domain/catalogue/filters";
import type { LowestPrice30Days, OfferDetails, OfferPhoto, OfferTile } from "../../domain/catalogue/offer";
import { formatApiDateTime } from "../../domain/format";
import { offerImageUrl } from "../../domain/images";
import { lastPriceCut, lowestPriceBefore } from "../../domain/price-history";
import { auctionTermsOf } from "../auctions/live-state";
import type { Db } from "../db/client";
import { offerWhere } from "./offer-query";
import { auctionResult, date, json, rowsOf, SHOWN, TILE_COLUMNS, type TileRow, toTile } from "./offer-tiles";
import { serviceHistoryOf } from "./service-history";

type HistoryKey = "total_price_netto" | "total_price_brutto" | "rent_price_netto" | "lease_price";

/**
 * The lowest prices of the 30 days before the latest cut (spec section 9), per price the offer has:
 * null when no price was ever cut.
 */
function lowestBeforeCut(
  points: ({ changedAt: Date } & Record<HistoryKey, number | null>)[],
): LowestPrice30Days | null {
  const lowest = (key: HistoryKey): number | null => {
    const series = points.map((p) => ({ changedAt: p.changedAt, price: p[key] }));
    const cut = lastPriceCut(series);
    return cut ? lowestPriceBefore(series, cut) : null;
  };
  const result: LowestPrice30Days = {
    TotalPriceNetto: lowest("total_price_netto"),
    TotalPriceBrutto: lowest("total_price_brutto"),
    RentPriceNetto: lowest("rent_price_netto"),
    LeasePrice: lowest("lease_price"),
  };
  return Object.values(result).some((v) => v !== null) ? result : null;
}

/** What makes offers alike: make, body type and price. */
type Likeness = { make: string; body_type: string; price: number | null };

/** One offer's page: its details with photos and price history, and offers like it. */
export function createOfferDetails(db: Db, clock: () => Date) {
  async function details(id: number, saleType?: SaleType): Promise<OfferDetails | null> {
    const now = clock();
    const [row] = await rowsOf<
      TileRow & {
        description: string;
        equipment: string[] | string;
        doors: number;
        seats: number;
        plate_number: string | null;
        vin: string | null;
        published_at: Date | string;
        settled_at: Date | string | null;
        settled_winner: boolean | null;
        settled_price: number | null;
        settled_bids: number | null;
        settled_outcome: string | null;
        settled_reason: string | null;
        min_increment: number | null;
        reserve_price: number | null;
        buy_now_price: number | null;
        vat_treatment: "vat23" | "margin";
        pick_up_city: string | null;
        pick_up_voivodeship: string | null;
      }
    >(
      db,
      sql`select ${TILE_COLUMNS}, coalesce(t.description, '') as description, coalesce(t.equipment, '[]'::jsonb) as equipment,
            o.doors, o.seats, o.plate_number, o.vin, o.published_at, o.min_increment, o.reserve_price, o.buy_now_price, o.vat_treatment, o.pick_up_city, o.pick_up_voivodeship,
            s.ended_at as settled_at, s.winner_user_id is not null as settled_winner,
            s.final_price as settled_price, s.bid_count as settled_bids,
            s.outcome as settled_outcome, s.reason as settled_reason
          from offers o left join offer_texts t on t.offer_id = o.id
            left join auction_settlements s on s.offer_id = o.id
          where o.id = ${id} and ${SHOWN}`,
    );
    if (!row || (saleType && row.sale_type !== saleType)) return null;
    const { Photos, points, ServiceHistory } = await offerExtras(db, id);
    return {
      ...toTile(row, now),
      Description: row.description,
      Equipment: json(row.equipment),
      Photos,
      Doors: row.doors,
      Seats: row.seats,
      PlateNumber: row.plate_number,
      Vin: row.vin,
      PublishedAt: formatApiDateTime(date(row.published_at) as Date),
      LowestPrice30Days: lowestBeforeCut(points),
      ServerNow: now.toISOString(),
      AuctionResult: auctionResult(row, now),
      MinIncrement: row.min_increment,
      AuctionTerms: termsOfRow(row, now),
      VatTreatment: row.vat_treatment,
      PickUpLocation:
        row.pick_up_city && row.pick_up_voivodeship
          ? { City: row.pick_up_city, Voivodeship: row.pick_up_voivodeship }
          : null,
      ServiceHistory,
    };
  }

  async function recommended(id: number, saleType: SaleType, limit = 8): Promise<OfferTile[] | null> {
    const [self] = await rowsOf<Likeness>(
      db,
      sql`select o.make, o.body_type, coalesce(o.total_price_netto, o.current_price, o.starting_price) as price
          from offers o where o.id = ${id} and o.sale_type = ${saleType} and ${SHOWN}`,
    );
    return self ? similarTo(self, id, saleType, limit) : null;
  }

  /**
   * For the page of an offer that is no longer shown (sold, withdrawn) or never was: the section's
   * offers most like it when the car is still known, else the section's newest.
   */
  async function similarToGone(id: number, saleType: SaleType, limit = 4): Promise<OfferTile[]> {
    const known = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
    const [self] = known
      ? await rowsOf<Likeness>(
          db,
          sql`select o.make, o.body_type, coalesce(o.total_price_netto, o.current_price, o.starting_price) as price
              from offers o where o.id = ${id}`,
        )
      : [];
    return similarTo(self ?? null, id, saleType, limit);
  }

  async function similarTo(self: Likeness | null, id: number, saleType: SaleType, limit: number) {
    const now = clock();
    const where = offerWhere(defaultFilter({ SaleTypes: [saleType] }), { now });
    // Similar: same body type or make first, then the closest price.
    const likeness = self
      ? sql`(o.body_type = ${self.body_type})::int + (o.make = ${self.make})::int desc,
            abs(coalesce(o.total_price_netto, o.current_price, o.starting_price, 0) - ${self.price ?? 0}) asc,`
      : sql``;
    const rows = await rowsOf<TileRow>(
      db,
      sql`select ${TILE_COLUMNS} from offers o where ${where} and o.id <> ${id}
          order by ${likeness} o.id desc
          limit ${limit}`,
    );
    return rows.map((r) => toTile(r, now));
  }

  return { details, recommended, similarToGone };
}

/** An offer page's photos, its price history (for the 30-day lowest price) and its service history. */
async function offerExtras(db: Db, id: number) {
  const [photos, history, ServiceHistory] = await Promise.all([
    rowsOf<{ image_id: string; width: number; height: number }>(
      db,
      sql`select p.image_id, i.width, i.height from offer_photos p join images i on i.id = p.image_id
          where p.offer_id = ${id} order by p.position`,
    ),
    rowsOf<{
      changed_at: Date | string;
      total_price_netto: number | null;
      total_price_brutto: number | null;
      rent_price_netto: number | null;
      lease_price: number | null;
    }>(
      db,
      sql`select changed_at, total_price_netto, total_price_brutto, rent_price_netto, lease_price
          from price_history where offer_id = ${id} order by changed_at`,
    ),
    serviceHistoryOf(db, id),
  ]);
  const Photos: OfferPhoto[] = photos.map((p) => ({
    Id: p.image_id,
    Url: offerImageUrl(p.image_id),
    Width: p.width,
    Height: p.height,
  }));
  return {
    Photos,
    points: history.map((h) => ({ ...h, changedAt: date(h.changed_at) as Date })),
    ServiceHistory,
  };
}

/** An auction's reserve and buy-now terms as bidders may know them; null without either. */
function termsOfRow(
  r: TileRow & {
    reserve_price: number | null;
    buy_now_price: number | null;
    settled_outcome: string | null;
  },
  now: Date,
) {
  if (r.sale_type !== "auction" || (r.reserve_price === null && r.buy_now_price === null)) return null;
  const end = date(r.auction_end);
  return auctionTermsOf({
    id: r.id,
    reservePrice: r.reserve_price,
    buyNowPrice: r.buy_now_price,
    bidCount: r.bid_count,
    currentPrice: r.bid_count > 0 ? (r.current_price ?? 0) : (r.starting_price ?? 0),
    ended: r.status !== "active" || !end || end.getTime() <= now.getTime(),
    outcome: r.settled_outcome,
  });
}
