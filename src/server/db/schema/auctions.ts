import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, extensionOf, identityId, refersTo, serialId } from "./columns";
import { offers, users } from "./core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({ dataType: () => "bytea" });

/**
 * The end-of-auction job's record: one row per auction that has been closed. The closer polls for
 * auctions whose end has passed and that have no row here yet (offers_auction_end_idx), so a closing
 * interrupted by a crash or a restart is simply done again by the next poll of any server process;
 * the row is written in the same transaction as the e-mails it queues, so nothing is sent twice.
 */
export const auctionSettlements = pgTable(
  "auction_settlements",
  {
    offerId: extensionOf("offer_id", () => offers.id),
    /** null: the auction ended without any bid. */
    winnerUserId: integer("winner_user_id").references(() => users.id),
    finalPrice: integer("final_price"),
    bidCount: integer("bid_count").notNull(),
    /** The end the auction really had (after anti-sniping extensions). */
    endedAt: at("ended_at").notNull(),
    settledAt: at("settled_at").notNull().defaultNow(),
    /**
     * Staff's decision: `pending` until the sale to the winner is `confirmed` or
     * the car `released` (no bid, or the sale fell through); `cancelled`: staff stopped the auction;
     * `unsold`: the highest bid stayed below the reserve, to be negotiated (staff may accept it: then
     * `pending` with that bidder as the winner, ADR 056).
     */
    outcome: text("outcome", { enum: ["pending", "confirmed", "released", "cancelled", "unsold"] })
      .notNull()
      .default("pending"),
    /** Why the auction was cancelled or the car released, as told to the bidders. */
    reason: text("reason"),
    decidedAt: at("decided_at"),
    /** The member who decided (their name, as the audit log keeps it). */
    decidedBy: text("decided_by"),
    /** false: a draft cancelled before it was ever published (it has no public page). */
    wasOnSale: boolean("was_on_sale").notNull().default(true),
  },
  (t) => [
    index("auction_settlements_winner_idx").on(t.winnerUserId),
    index("auction_settlements_ended_idx").on(t.endedAt),
  ],
);

export type ConditionRating = "bardzo dobry" | "dobry" | "dostateczny" | "wymaga naprawy";

export interface ConditionSection {
  Name: string;
  Rating: ConditionRating;
  Notes: string;
}

export interface TyreState {
  Position: string;
  TreadDepthMm: number;
  Season: string;
  Notes: string;
}

export interface DamageEntry {
  Place: string;
  Description: string;
  /** images.id of the photo of the damage, if taken. */
  PhotoId: string | null;
}

/** 'Opis stanu technicznego' (GET /api/Ost/GetForAuction): the inspected state of one auction car. */
export const technicalReports = pgTable("technical_reports", {
  offerId: extensionOf("offer_id", () => offers.id),
  inspectedAt: at("inspected_at").notNull(),
  inspector: text("inspector").notNull(),
  mileage: integer("mileage").notNull(),
  summary: text("summary").notNull(),
  /** Body, interior, engine and so on, each rated with notes. */
  sections: jsonb("sections").$type<ConditionSection[]>().notNull(),
  tyres: jsonb("tyres").$type<TyreState[]>().notNull(),
  damages: jsonb("damages").$type<DamageEntry[]>().notNull(),
  photoIds: jsonb("photo_ids").$type<string[]>().notNull().default([]),
  /** 1 for the first report; each correction before the auction starts is the next version. */
  version: integer("version").notNull().default(1),
  /** When this version was written (bidders see the date of a correction). */
  savedAt: at("saved_at").notNull().defaultNow(),
});

/**
 * Large packets of @socket.io/postgres-adapter (over the NOTIFY size limit) pass through this table;
 * the adapter expects it to exist (its README's definition), so it is created by our migrations.
 */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial("id", { mode: "number" }).unique(),
  createdAt: at("created_at").defaultNow(),
  payload: bytea("payload"),
});

/**
 * Proxy bids (maksymalna oferta, ADR 019): one bidder's private maximum for one auction. The server
 * bids for them, up to it, whenever someone else leads. Never shown to anyone but its owner.
 */
export const proxyBids = pgTable(
  "proxy_bids",
  {
    offerId: belongsTo("offer_id", () => offers.id),
    userId: refersTo("user_id", () => users.id),
    maxPrice: integer("max_price").notNull(),
    /** offers.proxy_version when this maximum was set: of equal maxima, the lower (earlier) one leads. */
    setSeq: integer("set_seq").notNull(),
    setAt: at("set_at").notNull().defaultNow(),
    /** When someone else's bid went above this maximum (the owner was e-mailed then); null: still live. */
    exceededAt: at("exceeded_at"),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.userId] })],
);

/**
 * The auctions a signed-in bidder favourited (PUT /api/Favorites/Auctions from their browser, which
 * keeps the list itself): those told when an auction's condition report is corrected before its start.
 */
export const auctionFavourites = pgTable(
  "auction_favourites",
  {
    offerId: belongsTo("offer_id", () => offers.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.userId] }), index("auction_favourites_user_idx").on(t.userId)],
);

/**
 * Whom a bid decision must e-mail: an outbid bidder, or the owner of a maximum someone went above.
 * Written by the decision itself (the auction_decide function, ADR 053) and turned into outbox
 * e-mails right after it, or by the sweep after a crash; deleted as they are.
 */
export const auctionBidNotices = pgTable("auction_bid_notices", {
  id: identityId(),
  offerId: belongsTo("offer_id", () => offers.id),
  userId: belongsTo("user_id", () => users.id),
  kind: text("kind", { enum: ["outbid", "exceeded"] }).notNull(),
  /** The person's bid that was outbid, or their maximum that was exceeded. */
  price: integer("price").notNull(),
  currentPrice: integer("current_price").notNull(),
  auctionEnd: at("auction_end").notNull(),
  createdAt: at("created_at").notNull(),
});

/** When the last outbid e-mail of an auction was queued for a bidder (outbid e-mails are coalesced). */
export const auctionOutbidMails = pgTable(
  "auction_outbid_mails",
  {
    offerId: belongsTo("offer_id", () => offers.id),
    userId: refersTo("user_id", () => users.id),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.userId] })],
);

/**
 * The notification e-mails queued for a bidder beyond outbid and won (ADR 051): `auctionStart` and
 * `auctionEndsSoon` of a favourite auction (subject: the auction's id), `newAuctions` (subject: the
 * Polish date of the week's Monday). Written in the same statement as the e-mail, so each goes once.
 */
export const bidderNoticeMails = pgTable(
  "bidder_notice_mails",
  {
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: ["auctionStart", "auctionEndsSoon", "newAuctions", "eventStart"] }).notNull(),
    subject: text("subject").notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subject] })],
);

/**
 * After the win (ADR 066): the steps staff set for an auction's winner, one row per won auction,
 * written when the first step is set. A step is done when its moment is set; who set it is kept
 * beside it (the audit log has the rest). The pro-forma's fee and transport are the amounts it was
 * issued with: the tables of ADR 062 may change after it.
 */
export const auctionAfterWin = pgTable("auction_after_win", {
  offerId: extensionOf("offer_id", () => offers.id),
  proFormaAt: at("pro_forma_at"),
  proFormaBy: text("pro_forma_by"),
  fee: integer("fee"),
  transport: integer("transport"),
  /** The voivodeship the car is taken to; null: the winner picks it up at the car's place. */
  transportTo: text("transport_to"),
  paymentAt: at("payment_at"),
  paymentBy: text("payment_by"),
  documentsAt: at("documents_at"),
  documentsBy: text("documents_by"),
  /** The slot the winner booked (pick_up_slots.id) and when. */
  pickUpSlotId: integer("pick_up_slot_id"),
  pickUpBookedAt: at("pick_up_booked_at"),
});

/** The pick-up dates and places staff offer an auction's winner; the winner books one of them. */
export const pickUpSlots = pgTable(
  "pick_up_slots",
  {
    id: serialId(),
    offerId: belongsTo("offer_id", () => offers.id),
    startsAt: at("starts_at").notNull(),
    place: text("place").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pick_up_slots_offer_idx").on(t.offerId, t.startsAt)],
);
