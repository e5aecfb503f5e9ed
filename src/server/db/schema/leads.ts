import { sql } from "drizzle-orm";
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { at, createdAt, identityId, looseRef, serialId } from "./columns";
import { staffMembers } from "./staff";

/**
 * Calculator properties per product (leasing, rent): periods, Ow/Rv ranges and steps, yearly mileage
 * limits, the rate and the rent residual-value curve. Kept here so the company changes them without
 * a deploy; GET /api/InstallmentCalculator/CalculatorProperties reads these rows.
 */
export const calculatorProducts = pgTable("calculator_products", {
  product: text("product", { enum: ["leasing", "rent"] }).primaryKey(),
  periods: jsonb("periods").$type<number[]>().notNull(),
  defaultPeriod: integer("default_period").notNull(),
  owMin: doublePrecision("ow_min").notNull(),
  owMax: doublePrecision("ow_max").notNull(),
  owStep: doublePrecision("ow_step").notNull(),
  owDefault: doublePrecision("ow_default").notNull(),
  /** Leasing only: the buyout (Rv) range; rent derives its residual value from the curve below. */
  rvMin: doublePrecision("rv_min"),
  rvMax: doublePrecision("rv_max"),
  rvStep: doublePrecision("rv_step"),
  rvDefault: doublePrecision("rv_default"),
  annualRatePercent: doublePrecision("annual_rate_percent").notNull(),
  /** Rent only: yearly mileage limits offered and the default one. */
  mileageLimits: jsonb("mileage_limits").$type<number[]>().notNull().default([]),
  defaultMileage: integer("default_mileage"),
  residualStartPercent: doublePrecision("residual_start_percent"),
  residualDropPerYearPercent: doublePrecision("residual_drop_per_year_percent"),
  residualDropPer10000KmPercent: doublePrecision("residual_drop_per_10000km_percent"),
  residualMinPercent: doublePrecision("residual_min_percent"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** Additional services a person may add to the instalment, with their monthly net prices. */
export const calculatorServices = pgTable(
  "calculator_services",
  {
    product: text("product", { enum: ["leasing", "rent"] }).notNull(),
    value: text("value").notNull(),
    name: text("name").notNull(),
    monthlyPriceNetto: integer("monthly_price_netto").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.product, t.value] })],
);

/** Terms that hold for both products: insurance, VAT, the price range the calculator accepts. */
export const calculatorTerms = pgTable("calculator_terms", {
  id: integer("id").primaryKey().default(1),
  insuranceFinancedYearlyPercent: doublePrecision("insurance_financed_yearly_percent").notNull(),
  insuranceOutsideYearlyFeeNetto: integer("insurance_outside_yearly_fee_netto").notNull(),
  vatPercent: doublePrecision("vat_percent").notNull(),
  minPriceNetto: integer("min_price_netto").notNull(),
  maxPriceNetto: integer("max_price_netto").notNull(),
});

/**
 * Every lead (contact question, self-financing request, call-back), stored before the answer is sent.
 * Texts are stored exactly as typed (HTML included, as text); whatever shows them escapes them.
 */
export const leads = pgTable(
  "leads",
  {
    id: identityId(),
    kind: text("kind", { enum: ["question", "selfFinancing", "callBack"] }).notNull(),
    auctionId: integer("auction_id"),
    name: text("name"),
    surname: text("surname"),
    email: text("email"),
    phoneNumber: text("phone_number").notNull(),
    messageBody: text("message_body"),
    campaignId: text("campaign_id"),
    clickId: text("click_id"),
    adsClickId: text("ads_click_id"),
    /** The whole request as received after validation (CarDetails, calculator state, consents...). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
    /** The panel's inbox: new until someone takes it, then in progress, then closed. */
    status: text("status", { enum: ["new", "inProgress", "closed"] })
      .notNull()
      .default("new"),
    assignedTo: looseRef("assigned_to", () => staffMembers.id),
    statusChangedAt: at("status_changed_at"),
    /**
     * The first time the lead left "new" (taken or closed): the contact the site promises within
     * 4 hours. Kept apart from status_changed_at, which a later change moves (migration 0045).
     */
    contactedAt: at("contacted_at"),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt),
    index("leads_kind_idx").on(t.kind, t.createdAt),
    index("leads_status_idx").on(t.status, t.createdAt),
    // With assigned_to included (migration 0048): the menu's count reads the index alone.
    index("leads_waiting_idx").on(t.createdAt).where(sql`${t.status} = 'new'`),
    index("leads_assigned_open_idx").on(t.assignedTo, t.createdAt).where(sql`${t.status} <> 'closed'`),
  ],
);

/** What staff noted about a lead (a call made, what the person wants), newest last. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: serialId(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    staffId: looseRef("staff_id", () => staffMembers.id),
    staffName: text("staff_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);

/** ALTCHA challenges already used: a solved captcha is accepted once (replay refused). */
export const captchaUses = pgTable(
  "captcha_uses",
  {
    challengeId: text("challenge_id").primaryKey(),
    usedAt: at("used_at").notNull().defaultNow(),
  },
  (t) => [index("captcha_uses_used_idx").on(t.usedAt)],
);

/**
 * Fixed-window request counters per address and endpoint, in the database so the limit holds across
 * several server processes.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    windowStart: at("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index("rate_limit_hits_window_idx").on(t.windowStart),
  ],
);
