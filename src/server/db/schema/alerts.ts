import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, identityId, refersTo, serialId } from "./columns";
import { offers, outbox } from "./core";

/**
 * Car alerts (spec sections 3-5, 7). One owner per e-mail address: digests go to owners, at most one
 * a day, and the one-click unsubscribe token of a digest is the owner's.
 */
export const carAlertOwners = pgTable(
  "car_alert_owners",
  {
    id: serialId(),
    email: text("email").notNull(),
    unsubscribeToken: uuid("unsubscribe_token").notNull().defaultRandom(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("car_alert_owners_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("car_alert_owners_token_idx").on(t.unsubscribeToken),
  ],
);

/**
 * An alert starts 'pending' (double opt-in), becomes 'active' through the activation link and
 * 'deactivated' through the deactivation link or one-click unsubscribe. Bounds are whole złoty, 0 for
 * none; financing 1 instalment, 2 cash, 0 any. match_keys: see src/domain/alerts/match-keys.ts.
 */
export const carAlerts = pgTable(
  "car_alerts",
  {
    id: serialId(),
    guid: uuid("guid").notNull().defaultRandom(),
    ownerId: refersTo("owner_id", () => carAlertOwners.id),
    email: text("email").notNull(),
    isCompany: boolean("is_company").notNull(),
    financing: integer("financing").notNull(),
    priceFrom: integer("price_from").notNull().default(0),
    priceTo: integer("price_to").notNull().default(0),
    bodyTypes: text("body_types").array().notNull().default(sql`'{}'::text[]`),
    fuelTypes: text("fuel_types").array().notNull().default(sql`'{}'::text[]`),
    gearboxTypes: text("gearbox_types").array().notNull().default(sql`'{}'::text[]`),
    /** Makes as chosen ("Audi"); matching compares lower case (makes_lower). */
    makes: text("makes").array().notNull().default(sql`'{}'::text[]`),
    makesLower: text("makes_lower").array().notNull().default(sql`'{}'::text[]`),
    matchKeys: text("match_keys").array().notNull(),
    status: text("status", { enum: ["pending", "active", "deactivated"] })
      .notNull()
      .default("pending"),
    /** Consents of page 5, recorded with their time (the request carries both as true). */
    rulesAcceptedAt: at("rules_accepted_at").notNull(),
    marketingAcceptedAt: at("marketing_accepted_at").notNull(),
    /** The solved robot check's id: unique, so one solution cannot create a second alert. */
    captchaId: text("captcha_id").notNull(),
    createdAt: createdAt(),
    activatedAt: at("activated_at"),
    deactivatedAt: at("deactivated_at"),
  },
  (t) => [
    uniqueIndex("car_alerts_guid_idx").on(t.guid),
    uniqueIndex("car_alerts_captcha_idx").on(t.captchaId),
    index("car_alerts_owner_idx").on(t.ownerId),
  ],
);

/**
 * The matching index: one row per key of every ACTIVE alert, kept by a trigger on car_alerts
 * (migration 0009), with what the lookup checks besides the key, so the lookup reads the index alone
 * (see src/server/alerts/matching.ts). Bounds are 0 when the alert has none or looks at no price.
 * exact is false for a key whose make, body, fuel or gearbox was coarsened to '*': only those rows
 * send the lookup to the alert's own criteria.
 */
export const carAlertKeys = pgTable(
  "car_alert_keys",
  {
    key: text("key").notNull(),
    alertId: belongsTo("alert_id", () => carAlerts.id),
    priceFrom: integer("price_from").notNull(),
    priceTo: integer("price_to").notNull(),
    isCompany: boolean("is_company").notNull(),
    exact: boolean("exact").notNull(),
  },
  (t) => [index("car_alert_keys_alert_idx").on(t.alertId)],
);

/**
 * A price drop's prices in force just before the fall, as the lists show them (migration 0034): the
 * e-mail states the old price beside the new one. Null for a new offer.
 */
const previousPrices = () => ({
  previousCashNetto: integer("previous_cash_netto"),
  previousCashBrutto: integer("previous_cash_brutto"),
  previousInstallmentNetto: integer("previous_installment_netto"),
});

/**
 * Offers waiting to be matched: written when an offer is published or its price falls, in the same
 * transaction as that change, and marked done in the transaction that records the matches, so a
 * restart loses nothing and repeats nothing.
 */
export const carAlertJobs = pgTable(
  "car_alert_jobs",
  {
    id: identityId(),
    offerId: belongsTo("offer_id", () => offers.id),
    reason: text("reason", { enum: ["published", "priceDrop"] }).notNull(),
    ...previousPrices(),
    createdAt: createdAt(),
    processedAt: at("processed_at"),
  },
  (t) => [index("car_alert_jobs_pending_idx").on(t.id).where(sql`${t.processedAt} is null`)],
);

/** One e-mail per owner and day (Warsaw calendar day): the unique index is the guarantee. */
export const carAlertDigests = pgTable(
  "car_alert_digests",
  {
    id: serialId(),
    ownerId: refersTo("owner_id", () => carAlertOwners.id),
    day: date("day").notNull(),
    outboxId: bigint("outbox_id", { mode: "number" }).references(() => outbox.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("car_alert_digests_owner_day_idx").on(t.ownerId, t.day)],
);

/**
 * A match of an offer with an alert at a price. A later match of the same offer is recorded only when
 * it is cheaper than every earlier one, so nothing is mailed twice. digest_id is set once mailed.
 */
export const carAlertMatches = pgTable(
  "car_alert_matches",
  {
    id: identityId(),
    alertId: belongsTo("alert_id", () => carAlerts.id),
    offerId: belongsTo("offer_id", () => offers.id),
    price: integer("price").notNull(),
    reason: text("reason", { enum: ["published", "priceDrop"] }).notNull(),
    ...previousPrices(),
    matchedAt: at("matched_at").notNull().defaultNow(),
    digestId: integer("digest_id").references(() => carAlertDigests.id),
    /** Set when the offer was gone (sold, withdrawn) before the digest: never mailed. */
    droppedAt: at("dropped_at"),
  },
  (t) => [
    uniqueIndex("car_alert_matches_alert_offer_price_idx").on(t.alertId, t.offerId, t.price),
    // An offer's earlier matches, read once per matching (and by deletes cascading from offers).
    index("car_alert_matches_offer_idx").on(t.offerId, t.alertId, t.price),
    index("car_alert_matches_pending_idx")
      .on(t.alertId)
      .where(sql`${t.digestId} is null and ${t.droppedAt} is null`),
  ],
);
