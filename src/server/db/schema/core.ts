import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, extensionOf, identityId, refersTo, serialId } from "./columns";

/** Binary column (PostgreSQL bytea) for stored originals: images and documents. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export type SpecialPromotion = {
  Text: string;
  TextColor: string;
  BackgroundColor: string;
  PhotoLink: string | null;
};
export type MarketingLabel = { Text: string; Color: string };

/**
 * Original images, content addressed (sha256). Demo photos and real uploads go through the same
 * store; resized variants are derived on demand and cached on disk (server/images).
 */
export const images = pgTable("images", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

/**
 * Every vehicle on sale. The id is the spec's AuctionId for all three sale types; auction fields are
 * filled only for saleType 'auction'. Prices are whole złoty. The long texts (description, equipment)
 * live in offer_texts, so the rows the lists read stay narrow.
 */
/**
 * An auction event (ADR 060): a named sale whose lots open together and close one after another, lot n
 * planned to close at first_close_at + (n - 1) × interval_seconds; each lot keeps its own anti-sniping.
 */
export const auctionEvents = pgTable("auction_events", {
  id: serialId(),
  name: text("name").notNull(),
  /** When bidding opens on every lot. */
  startsAt: at("starts_at").notNull(),
  /** The first lot's planned end. */
  firstCloseAt: at("first_close_at").notNull(),
  intervalSeconds: integer("interval_seconds").notNull(),
  createdAt: createdAt(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** The auction fee by price band (ADR 062): up to `up_to` zł netto (null: any higher price), `fee` zł. */
export const auctionFeeBands = pgTable("auction_fee_bands", {
  position: integer("position").primaryKey(),
  upTo: integer("up_to"),
  fee: integer("fee").notNull(),
});

/** Transport of a won car to each voivodeship, zł netto (ADR 062). */
export const transportPrices = pgTable("transport_prices", {
  voivodeship: text("voivodeship").primaryKey(),
  price: integer("price").notNull(),
});

export const offers = pgTable(
  "offers",
  {
    id: serialId(),
    saleType: text("sale_type", { enum: ["new", "afterLease", "auction"] }).notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    version: text("version").notNull().default(""),
    bodyType: text("body_type").notNull(),
    fuelType: text("fuel_type").notNull(),
    gearBoxType: text("gearbox_type").notNull(),
    color: text("color").notNull(),
    year: integer("year").notNull(),
    mileage: integer("mileage").notNull(),
    engineCapacity: integer("engine_capacity").notNull(),
    powerHp: integer("power_hp").notNull(),
    vehicleRange: integer("vehicle_range"),
    doors: integer("doors").notNull().default(5),
    seats: integer("seats").notNull().default(5),
    plateNumber: text("plate_number"),
    vin: text("vin"),
    isCertified: boolean("is_certified").notNull().default(false),
    reservation: boolean("reservation").notNull().default(false),
    isPromoted: boolean("is_promoted").notNull().default(false),
    isPicturePreviewOnly: boolean("is_picture_preview_only").notNull().default(false),
    movePhoto: boolean("move_photo").notNull().default(false),
    specialPromotions: jsonb("special_promotions").$type<SpecialPromotion[]>().notNull().default([]),
    marketingLabels: jsonb("marketing_labels").$type<MarketingLabel[]>().notNull().default([]),
    isRentAvailable: boolean("is_rent_available").notNull().default(false),
    rentPriceNetto: integer("rent_price_netto"),
    rentPriceNettoDiscount: integer("rent_price_netto_discount"),
    isLeasingAvailable: boolean("is_leasing_available").notNull().default(false),
    leasePrice: integer("lease_price"),
    leasePriceDiscount: integer("lease_price_discount"),
    isCashAvailable: boolean("is_cash_available").notNull().default(false),
    totalPriceNetto: integer("total_price_netto"),
    totalPriceNettoDiscount: integer("total_price_netto_discount"),
    totalPriceBrutto: integer("total_price_brutto"),
    totalPriceBruttoDiscount: integer("total_price_brutto_discount"),
    auctionStart: at("auction_start"),
    auctionEnd: at("auction_end"),
    startingPrice: integer("starting_price"),
    /** The auction's own minimum increment in whole złoty; null: the rules' table by price band. */
    minIncrement: integer("min_increment"),
    /** The seller's minimum netto (ADR 056): never shown as a number; below it the auction ends unsold. */
    reservePrice: integer("reserve_price"),
    /** The price that ends the auction at once for the first bidder who confirms it (ADR 056). */
    buyNowPrice: integer("buy_now_price"),
    /** The auction event this auction is a lot of, and its place there (1, 2, …), ADR 060. */
    eventId: integer("event_id").references(() => auctionEvents.id, { onDelete: "set null" }),
    lotNumber: integer("lot_number"),
    /** How the car is invoiced: VAT 23 % or VAT-marża (ADR 062). */
    vatTreatment: text("vat_treatment", { enum: ["vat23", "margin"] })
      .notNull()
      .default("vat23"),
    /** Where the car can be picked up (city and voivodeship); null: not given. */
    pickUpCity: text("pick_up_city"),
    pickUpVoivodeship: text("pick_up_voivodeship"),
    currentPrice: integer("current_price"),
    /**
     * The auction has its settlement (auction_settlements): set by a trigger on every settlement, so
     * the closer's partial index holds only the auctions still to close (migration 0031).
     */
    auctionSettled: boolean("auction_settled").notNull().default(false),
    bidCount: integer("bid_count").notNull().default(0),
    leaderUserId: integer("leader_user_id"),
    /** Raised by every change of the auction's maximum offers (proxy_bids): orders equal maxima (set_seq). */
    proxyVersion: integer("proxy_version").notNull().default(0),
    /** `draft`: a car saved in the back-office, not yet published (no page, list or alert sees it). */
    status: text("status", { enum: ["draft", "active", "sold", "withdrawn"] })
      .notNull()
      .default("active"),
    /** Why staff last took the offer off sale (asked in the panel; kept until it is published again). */
    withdrawalReason: text("withdrawal_reason"),
    publishedAt: at("published_at").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("offers_sale_type_idx").on(t.saleType, t.status),
    index("offers_make_model_idx").on(t.make, t.model),
    index("offers_body_type_idx").on(t.bodyType),
    index("offers_fuel_type_idx").on(t.fuelType),
    index("offers_auction_end_idx").on(t.auctionEnd),
    // The panel (migration 0048): live auctions counted from the index, sold offers, auction prices.
    index("offers_live_auctions_idx")
      .on(t.auctionEnd, t.auctionStart)
      .where(sql`${t.saleType} = 'auction' and ${t.status} = 'active'`),
    index("offers_sold_idx").on(t.id).where(sql`${t.status} = 'sold'`),
    // The panel's list of cars (migration 0049): its default order and its counts from indexes.
    index("offers_panel_list_idx").on(t.updatedAt.desc(), t.id.desc()).where(sql`${t.saleType} <> 'auction'`),
    index("offers_panel_count_idx").on(t.status, t.reservation).where(sql`${t.saleType} <> 'auction'`),
  ],
);

/**
 * The long texts of an offer, one row per offer, read only by the offer page and the printable offer.
 * Kept out of offers (≈1.3 KB of the ≈1.6 KB row) so list queries that visit many offers read few pages.
 * An offer without a row here has an empty description and no equipment.
 */
export const offerTexts = pgTable("offer_texts", {
  offerId: extensionOf("offer_id", () => offers.id),
  description: text("description").notNull().default(""),
  equipment: jsonb("equipment").$type<string[]>().notNull().default([]),
});

export const offerPhotos = pgTable(
  "offer_photos",
  {
    id: serialId(),
    offerId: belongsTo("offer_id", () => offers.id),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("offer_photos_offer_pos_idx").on(t.offerId, t.position)],
);

/** One row per price change, so the lowest price of the 30 days before a cut can be shown. */
export const priceHistory = pgTable(
  "price_history",
  {
    id: serialId(),
    offerId: belongsTo("offer_id", () => offers.id),
    changedAt: at("changed_at").notNull(),
    totalPriceNetto: integer("total_price_netto"),
    totalPriceBrutto: integer("total_price_brutto"),
    rentPriceNetto: integer("rent_price_netto"),
    leasePrice: integer("lease_price"),
  },
  (t) => [index("price_history_offer_idx").on(t.offerId, t.changedAt)],
);

export const users = pgTable(
  "users",
  {
    id: serialId(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    utoken: text("utoken").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    nip: text("nip"),
    companyName: text("company_name"),
    regon: text("regon"),
    street: text("street"),
    postalCode: text("postal_code"),
    city: text("city"),
    status: text("status", { enum: ["pending_email", "pending_verification", "active", "blocked"] })
      .notNull()
      .default("pending_email"),
    acceptedRulesVersion: integer("accepted_rules_version"),
    /**
     * The NIP or company name changed after verification: staff check the company again (npm run
     * account:verify); until then the person may not bid. null: the company data are verified.
     */
    reverificationRequestedAt: at("reverification_requested_at"),
    /**
     * The NIP and company name staff verified, kept while the account is verified again after changing
     * them (migration 0041): the panel shows them beside the new data. null: the current data are verified.
     */
    verifiedCompanyName: text("verified_company_name"),
    verifiedNip: text("verified_nip"),
    /**
     * Staff refused the verification (the panel's bidder queue), with the reason e-mailed to the
     * person. The account leaves the queue until the company data change again (a later
     * reverification_requested_at); verifying clears both.
     */
    verificationRefusedAt: at("verification_refused_at"),
    verificationRefusal: text("verification_refusal"),
    /** Why staff blocked the account, and the status it returns to when unblocked. */
    blockReason: text("block_reason"),
    statusBeforeBlock: text("status_before_block", {
      enum: ["pending_email", "pending_verification", "active"],
    }),
    /**
     * The person deleted the account (migration 0037, ADR 052): every personal field is emptied and the
     * e-mail replaced, so only the bids of ended auctions and a settled sale still name this row.
     */
    deletedAt: at("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_utoken_idx").on(t.utoken),
  ],
);

/** Accepted bids only; a retried request (same user, auction, price) hits the unique index. */
export const bids = pgTable(
  "bids",
  {
    id: serialId(),
    offerId: refersTo("offer_id", () => offers.id),
    userId: refersTo("user_id", () => users.id),
    price: integer("price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bids_offer_user_price_idx").on(t.offerId, t.userId, t.price),
    index("bids_offer_idx").on(t.offerId, t.price),
  ],
);

export const banners = pgTable("banners", {
  id: serialId(),
  placement: text("placement", { enum: ["home-slider", "home-bottom", "electric-slider"] }).notNull(),
  position: integer("position").notNull().default(0),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  description: text("description").notNull().default(""),
  buttonText: text("button_text"),
  redirectTo: text("redirect_to"),
  buttonText2: text("button_text2"),
  redirectTo2: text("redirect_to2"),
  imageId: text("image_id").references(() => images.id),
  mobileImageId: text("mobile_image_id").references(() => images.id),
  alt: text("alt").notNull().default(""),
  /** Who it is for: a company, a private buyer (the list's "prywatnie") or every visitor. */
  audience: text("audience", { enum: ["company", "private", "all"] })
    .notNull()
    .default("all"),
  /** Shown from this moment (null: at once) until slider_end_date (null: until removed). */
  sliderStartDate: at("slider_start_date"),
  sliderEndDate: at("slider_end_date"),
});

/** Editable texts and contact data (spec: Literals), e.g. the call-button phone and the disclaimer. */
export const literals = pgTable("literals", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Downloadable documents: site terms, auction rules (versioned), subsidy documents, certificate. */
export const documents = pgTable(
  "documents",
  {
    id: serialId(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    version: integer("version").notNull().default(1),
    effectiveFrom: at("effective_from").notNull(),
    contentType: text("content_type").notNull().default("application/pdf"),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("documents_kind_version_idx").on(t.kind, t.version)],
);

/**
 * Transactional outbox: mail is inserted in the same transaction as the change that causes it and
 * delivered by the mail worker with retries, so nothing is lost while SMTP is down.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: identityId(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: at("sent_at"),
  },
  (t) => [index("outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
