import { boolean, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { ConversionEvent, LeadFormKind } from "../../../domain/consent";
import { at, createdAt, serialId } from "./columns";

/** A visitor's cookie choice with the policy version shown (migration 0019, ADR 021). */
export const consentRecords = pgTable("consent_records", {
  id: serialId(),
  anonymousId: text("anonymous_id").notNull(),
  analytics: boolean("analytics").notNull(),
  marketing: boolean("marketing").notNull(),
  version: integer("version").notNull(),
  decidedAt: at("decided_at").notNull(),
  createdAt: createdAt(),
});

/** First-party conversions with their campaign ids, recorded whatever the cookie choice. */
export const conversions = pgTable("conversions", {
  id: serialId(),
  event: text("event").$type<ConversionEvent>().notNull(),
  form: text("form").$type<LeadFormKind>(),
  campaignId: text("campaign_id"),
  clickId: text("click_id"),
  adsClickId: text("ads_click_id"),
  createdAt: createdAt(),
});

/**
 * Visits of each offer's page per Polish day (migration 0052, ADR 065): counted in memory as the
 * pages are answered (stored pages too) and added here in one statement every few seconds.
 */
export const offerVisits = pgTable(
  "offer_visits",
  {
    offerId: integer("offer_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);
