import { z } from "zod";
import { afterWinSchema } from "./after-win";

/**
 * The auctions API's bodies and answers, one definition for the server that answers (its response
 * schemas, checked under test and published at /api/docs) and the browser that reads them (types
 * only: the schemas never reach the browser's bundle).
 */

export interface BidInput {
  AuctionId: number;
  Price: number;
  ConnectionId?: string | null;
}

export interface MaxBidInput {
  AuctionId: number;
  MaxPrice: number;
  ConnectionId?: string | null;
}

export interface BuyNowInput {
  AuctionId: number;
  /** The buy-now price the person confirmed (a different price is refused, never charged). */
  Price: number;
  ConnectionId?: string | null;
}

/** The auction's state after a decision, as both endpoints answer it. */
const auctionAnswerSchema = z.object({
  AuctionId: z.number(),
  /** True: nothing changed (a retried request, or the same maximum again). */
  Repeated: z.boolean(),
  CurrentPrice: z.number(),
  BidCount: z.number(),
  UToken: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:SS', Polish time, as the spec writes times. */
  AuctionEnd: z.string(),
  /** The same instant as ISO 8601 in UTC, for a client's clock. */
  AuctionEndUtc: z.string(),
  /** True when this change moved the end (anti-sniping). */
  Extended: z.boolean(),
  MinimumBid: z.number(),
  ServerTime: z.string(),
});
export type AuctionAnswer = z.infer<typeof auctionAnswerSchema>;

export const bidResultSchema = auctionAnswerSchema.extend({ Price: z.number() });
export type BidResult = z.infer<typeof bidResultSchema>;

export const maxBidResultSchema = auctionAnswerSchema.extend({
  MaxPrice: z.number(),
  /** The person leads after this change. */
  Leading: z.boolean(),
  /** Another bidder's maximum is already higher: this one cannot bid any more. */
  Exceeded: z.boolean(),
});
export type MaxBidResult = z.infer<typeof maxBidResultSchema>;

/** GET /api/Bidding/MaxBid: the person's own maximum of one auction (nobody else ever sees it). */
export const maxBidViewSchema = z.object({
  AuctionId: z.number(),
  MaxPrice: z.number().nullable(),
  Exceeded: z.boolean(),
});
export type MaxBidView = z.infer<typeof maxBidViewSchema>;

/** One auction in the account lists (/wkrotce-w-sprzedazy, /licytowanie, /wygrane-aukcje). */
export const auctionTileSchema = z.object({
  AuctionId: z.number(),
  MakeModel: z.string(),
  Version: z.string(),
  Year: z.number(),
  Mileage: z.number(),
  FuelType: z.string(),
  GearBoxType: z.string(),
  MainPhotoUrl: z.string().nullable(),
  Url: z.string(),
  /** 'YYYY-MM-DD HH:mm:SS', Polish time (spec section 3). */
  AuctionStart: z.string(),
  AuctionEnd: z.string(),
  /** The same instants in ISO form, for countdowns. */
  AuctionStartUtc: z.string(),
  AuctionEndUtc: z.string(),
  StartingPrice: z.number(),
  CurrentPrice: z.number(),
  Bets: z.number(),
  UToken: z.string().nullable(),
  MinimumBid: z.number(),
  /** The auction's own minimum increment (zł); null: the auction rules' table by price band. */
  MinIncrement: z.number().int().nullable(),
  isAuctionEnded: z.boolean(),
});
export type AuctionTile = z.infer<typeof auctionTileSchema>;

export const participationStatus = z.enum(["leading", "outbid", "won", "lost"]);
export type ParticipationStatus = z.infer<typeof participationStatus>;

/** An auction the person bid in (GET /api/UserTakeingPartAuctions/Get). */
export const takingPartTileSchema = auctionTileSchema.extend({
  MyHighestBid: z.number(),
  MyBids: z.number(),
  Status: participationStatus,
});
export type TakingPartTile = z.infer<typeof takingPartTileSchema>;

/** An auction the person won (GET /api/WonAuctions/Get). */
export const wonTileSchema = auctionTileSchema.extend({
  FinalPrice: z.number(),
  /** 'YYYY-MM-DD HH:mm:SS', Polish time. */
  EndedAt: z.string(),
  /** The steps after the win (ADR 066); null once the car was released. */
  AfterWin: afterWinSchema.nullable(),
});
export type WonTile = z.infer<typeof wonTileSchema>;

/** What the three account lists answer: the tiles and the server's clock for the countdowns. */
export const auctionTilesSchema = <T extends z.ZodType<AuctionTile>>(tile: T) =>
  z.object({ Auctions: z.array(tile), ServerTime: z.string() });
export interface AuctionTiles<T extends AuctionTile = AuctionTile> {
  Auctions: T[];
  ServerTime: string;
}

/** GET /api/Bidding/BiddingHistory: every accepted bid, newest first, bidders anonymised. */
export const biddingHistorySchema = z.object({
  AuctionId: z.number(),
  Count: z.number(),
  Bids: z.array(
    z.object({
      Price: z.number(),
      /** 'YYYY-MM-DD HH:mm:SS', Polish time; DateUtc the same instant in ISO form. */
      Date: z.string(),
      DateUtc: z.string(),
      /** 'Ty' for the asking person's own bids, 'Licytujący N' for the others. */
      Bidder: z.string(),
      IsMine: z.boolean(),
    }),
  ),
});
export type BiddingHistoryView = z.infer<typeof biddingHistorySchema>;

/**
 * GET /api/Ost/GetForAuction: 'opis stanu technicznego' with photo addresses (HasReport true), or the
 * answer that the auction has none yet (HasReport false, with the sentence its page shows): a client
 * built to the spec's error catalogue would send the person to /404 for a 404.
 */
export const technicalReportSchema = z.discriminatedUnion("HasReport", [
  z.object({
    AuctionId: z.number(),
    HasReport: z.literal(true),
    /** 1 for the first report; a correction made before the auction started is the next version. */
    Version: z.number().int(),
    /** When this version was written: 'YYYY-MM-DD HH:mm:SS' (Polish time). */
    SavedAt: z.string(),
    InspectedAt: z.string(),
    Inspector: z.string(),
    Mileage: z.number(),
    Summary: z.string(),
    Sections: z.array(z.object({ Name: z.string(), Rating: z.string(), Notes: z.string() })),
    Tyres: z.array(
      z.object({ Position: z.string(), TreadDepthMm: z.number(), Season: z.string(), Notes: z.string() }),
    ),
    Damages: z.array(
      z.object({
        Place: z.string(),
        Description: z.string(),
        PhotoUrl: z.string().nullable(),
        PhotoFullUrl: z.string().nullable(),
      }),
    ),
    Photos: z.array(z.object({ Url: z.string(), FullUrl: z.string() })),
  }),
  z.object({ AuctionId: z.number(), HasReport: z.literal(false), Message: z.string() }),
]);
export type TechnicalReportAnswer = z.infer<typeof technicalReportSchema>;
export type TechnicalReportView = Extract<TechnicalReportAnswer, { HasReport: true }>;
