import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { AfterWin } from "../../domain/auctions/after-win";
import { REPORT_IN_PREPARATION } from "../../domain/auctions/condition-report";
import type {
  AuctionTile,
  AuctionTiles,
  BiddingHistoryView,
  ParticipationStatus,
  TakingPartTile,
  TechnicalReportAnswer,
  WonTile,
} from "../../domain/auctions/dto";
import { offerPath } from "../../domain/catalogue/offer-url";
import { formatApiDateTime } from "../../domain/format";
import { serviceHistoryOf } from "../catalogue/service-history";
import type { Db } from "../db/client";
import {
  auctionSettlements,
  bids,
  offerPhotos,
  offers,
  offerTexts,
  technicalReports,
  users,
} from "../db/schema/index";
import { notFound } from "../http/errors";
import { type BiddingRow, biddingColumns, minimumBidOf, shownPrice } from "./live-state";

const imageUrl = (id: string, width?: number, height?: number) =>
  `/api/OfferImages/Get?attachmentId=${id}${width ? `&width=${width}` : ""}${height ? `&height=${height}` : ""}`;

const tileColumns = {
  id: offers.id,
  make: offers.make,
  model: offers.model,
  version: offers.version,
  year: offers.year,
  mileage: offers.mileage,
  fuelType: offers.fuelType,
  gearBoxType: offers.gearBoxType,
  status: offers.status,
  ...biddingColumns,
  leaderUToken: users.utoken,
  mainImageId: sql<
    string | null
  >`(select p.image_id from ${offerPhotos} p where p.offer_id = ${offers.id} order by p.position limit 1)`,
};

type TileRow = BiddingRow & {
  id: number;
  make: string;
  model: string;
  version: string;
  year: number;
  mileage: number;
  fuelType: string;
  gearBoxType: string;
  status: string;
  mainImageId: string | null;
};

function toTile(r: TileRow, now: Date): AuctionTile {
  const start = r.auctionStart ?? now;
  const end = r.auctionEnd ?? now;
  const current = shownPrice(r);
  return {
    AuctionId: r.id,
    MakeModel: `${r.make} ${r.model}`,
    Version: r.version,
    Year: r.year,
    Mileage: r.mileage,
    FuelType: r.fuelType,
    GearBoxType: r.gearBoxType,
    MainPhotoUrl: r.mainImageId ? imageUrl(r.mainImageId, 320, 240) : null,
    Url: offerPath("auction", r.make, r.model, r.id),
    AuctionStart: formatApiDateTime(start),
    AuctionEnd: formatApiDateTime(end),
    AuctionStartUtc: start.toISOString(),
    AuctionEndUtc: end.toISOString(),
    StartingPrice: r.startingPrice ?? 0,
    CurrentPrice: current,
    Bets: r.bidCount,
    UToken: r.leaderUToken,
    MinimumBid: minimumBidOf(r),
    MinIncrement: r.minIncrement,
    isAuctionEnded: r.status !== "active" || end.getTime() <= now.getTime(),
  };
}

const isAuction = and(eq(offers.saleType, "auction"), sql`${offers.auctionEnd} is not null`);

/** GET /api/IncommingAuctions/Get: auctions that have not started yet, soonest first. */
export async function upcomingAuctions(db: Db, now: Date): Promise<AuctionTiles> {
  const rows = await db
    .select(tileColumns)
    .from(offers)
    .leftJoin(users, eq(users.id, offers.leaderUserId))
    .where(and(isAuction, eq(offers.status, "active"), sql`${offers.auctionStart} > ${now.toISOString()}`))
    .orderBy(asc(offers.auctionStart), asc(offers.id))
    .limit(200);
  return { Auctions: rows.map((r) => toTile(r, now)), ServerTime: now.toISOString() };
}

/** GET /api/UserTakeingPartAuctions/Get: auctions the person has bid in, running ones first. */
export async function auctionsTakingPart(
  db: Db,
  userId: number,
  now: Date,
): Promise<AuctionTiles<TakingPartTile>> {
  const mine = db
    .select({
      offerId: bids.offerId,
      myPrice: sql<number>`max(${bids.price})`.as("my_price"),
      myBids: sql<number>`count(*)::int`.as("my_bids"),
    })
    .from(bids)
    .where(eq(bids.userId, userId))
    .groupBy(bids.offerId)
    .as("mine");
  const rows = await db
    .select({ ...tileColumns, leaderUserId: offers.leaderUserId, myPrice: mine.myPrice, myBids: mine.myBids })
    .from(mine)
    .innerJoin(offers, eq(offers.id, mine.offerId))
    .leftJoin(users, eq(users.id, offers.leaderUserId))
    .orderBy(
      sql`case when ${offers.auctionEnd} > ${now.toISOString()} then 0 else 1 end`,
      asc(offers.auctionEnd),
    )
    .limit(500);
  return {
    Auctions: rows.map((r) => {
      const tile = toTile(r, now);
      const leading = r.leaderUserId === userId;
      const status: ParticipationStatus = tile.isAuctionEnded
        ? leading
          ? "won"
          : "lost"
        : leading
          ? "leading"
          : "outbid";
      return { ...tile, MyHighestBid: Number(r.myPrice), MyBids: Number(r.myBids), Status: status };
    }),
    ServerTime: now.toISOString(),
  };
}

/**
 * The person's own highest accepted bid in each of the given auctions they bid in (the hub's myBids):
 * their status line says 'została przelicytowana' with their amount on every device, not only in the
 * browser that bid.
 */
export async function myHighestBids(db: Db, userId: number, auctionIds: number[]) {
  if (!auctionIds.length) return [];
  const rows = await db
    .select({ auctionId: bids.offerId, price: sql<number>`max(${bids.price})`.mapWith(Number) })
    .from(bids)
    .where(and(eq(bids.userId, userId), inArray(bids.offerId, auctionIds)))
    .groupBy(bids.offerId);
  return rows.map((r) => ({ AuctionId: r.auctionId, Price: r.price }));
}

/** GET /api/WonAuctions/Get: auctions the person won (closed by the end-of-auction job). */
export async function wonAuctions(
  db: Db,
  userId: number,
  now: Date,
  afterWin: (auctionIds: number[]) => Promise<Map<number, AfterWin>>,
): Promise<AuctionTiles<WonTile>> {
  const rows = await db
    .select({
      ...tileColumns,
      finalPrice: auctionSettlements.finalPrice,
      endedAt: auctionSettlements.endedAt,
    })
    .from(auctionSettlements)
    .innerJoin(offers, eq(offers.id, auctionSettlements.offerId))
    .leftJoin(users, eq(users.id, offers.leaderUserId))
    .where(eq(auctionSettlements.winnerUserId, userId))
    .orderBy(desc(auctionSettlements.endedAt))
    .limit(500);
  const steps = await afterWin(rows.map((r) => r.id));
  return {
    Auctions: rows.map((r) => ({
      ...toTile(r, now),
      FinalPrice: r.finalPrice ?? 0,
      EndedAt: formatApiDateTime(r.endedAt),
      AfterWin: steps.get(r.id) ?? null,
    })),
    ServerTime: now.toISOString(),
  };
}

/**
 * GET /api/Bidding/BiddingHistory: every accepted bid, newest first. Bidders are anonymised as
 * 'Licytujący 1', 'Licytujący 2'… in the order they first bid; the asking person sees 'Ty'.
 */
export async function biddingHistory(
  db: Db,
  auctionId: number,
  viewerUserId: number | null,
): Promise<BiddingHistoryView> {
  const [offer] = await db
    .select({ id: offers.id, saleType: offers.saleType })
    .from(offers)
    .where(eq(offers.id, auctionId));
  if (offer?.saleType !== "auction") throw notFound("Nie ma aukcji o podanym numerze.");
  const rows = await db
    .select({ id: bids.id, userId: bids.userId, price: bids.price, at: bids.createdAt })
    .from(bids)
    .where(eq(bids.offerId, auctionId))
    .orderBy(asc(bids.price));
  const numbers = new Map<number, number>();
  for (const r of rows) if (!numbers.has(r.userId)) numbers.set(r.userId, numbers.size + 1);
  return {
    AuctionId: auctionId,
    Count: rows.length,
    Bids: rows
      .map((r) => ({
        Price: r.price,
        Date: formatApiDateTime(r.at),
        DateUtc: r.at.toISOString(),
        Bidder: r.userId === viewerUserId ? "Ty" : `Licytujący ${numbers.get(r.userId)}`,
        IsMine: r.userId === viewerUserId,
      }))
      .reverse(),
  };
}

/**
 * GET /api/Ost/GetForAuction: 'opis stanu technicznego' with photo addresses, or the answer that the
 * auction has none yet. Unknown ids and offers without a public page (a draft, a car) are not found.
 */
export async function technicalReport(db: Db, auctionId: number): Promise<TechnicalReportAnswer> {
  const [found] = await db
    .select({ status: offers.status, saleType: offers.saleType, r: technicalReports })
    .from(offers)
    .leftJoin(technicalReports, eq(technicalReports.offerId, offers.id))
    .where(eq(offers.id, auctionId));
  // A draft's report is staff's work in progress: the site knows neither.
  if (found?.saleType !== "auction" || found.status === "draft")
    throw notFound("Nie ma aukcji o podanym numerze.");
  const r = found.r;
  if (!r) return { AuctionId: auctionId, HasReport: false, Message: `${REPORT_IN_PREPARATION}.` };
  return {
    AuctionId: auctionId,
    HasReport: true,
    Version: r.version,
    SavedAt: formatApiDateTime(r.savedAt),
    InspectedAt: formatApiDateTime(r.inspectedAt),
    Inspector: r.inspector,
    Mileage: r.mileage,
    Summary: r.summary,
    // Field by field, as documented: stored rows may carry more (a damage keeps its photo's internal
    // id), and nothing the schema does not describe goes out.
    Sections: r.sections.map((s) => ({ Name: s.Name, Rating: s.Rating, Notes: s.Notes })),
    Tyres: r.tyres.map((t) => ({
      Position: t.Position,
      TreadDepthMm: t.TreadDepthMm,
      Season: t.Season,
      Notes: t.Notes,
    })),
    Damages: r.damages.map((d) => ({
      Place: d.Place,
      Description: d.Description,
      PhotoUrl: d.PhotoId ? imageUrl(d.PhotoId, 640, 480) : null,
      PhotoFullUrl: d.PhotoId ? imageUrl(d.PhotoId, 1280, 960) : null,
    })),
    Photos: r.photoIds.map((id) => ({ Url: imageUrl(id, 640, 480), FullUrl: imageUrl(id, 1280, 960) })),
  };
}

/** The data of the printable offer (PrintOffer): the offer with its texts (empty when it has none). */
export async function printableAuction(db: Db, auctionId: number) {
  const [o] = await db
    .select({
      ...getTableColumns(offers),
      description: sql<string>`coalesce(${offerTexts.description}, '')`,
      equipment: sql<string[]>`coalesce(${offerTexts.equipment}, '[]'::jsonb)`.mapWith(offerTexts.equipment),
    })
    .from(offers)
    .leftJoin(offerTexts, eq(offerTexts.offerId, offers.id))
    .where(eq(offers.id, auctionId));
  if (o?.saleType !== "auction" || o.status === "draft" || !o.auctionEnd || !o.auctionStart)
    throw notFound("Nie ma aukcji o podanym numerze.");
  const [report] = await db.select().from(technicalReports).where(eq(technicalReports.offerId, auctionId));
  return { offer: o, report: report ?? null, serviceHistory: await serviceHistoryOf(db, auctionId) };
}
