import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ConversionEvent, LeadFormKind } from "../../../domain/consent";

/** A visitor's cookie choice with the policy version shown (migration 0019, ADR 021). */
export const consentRecords = pgTable("consent_records", {
  id: serial("id").primaryKey(),
  anonymousId: text("anonymous_id").notNull(),
  analytics: boolean("analytics").notNull(),
  marketing: boolean("marketing").notNull(),
  version: integer("version").notNull(),
  decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** First-party conversions with their campaign ids, recorded whatever the cookie choice. */
export const conversions = pgTable("conversions", {
  id: serial("id").primaryKey(),
  event: text("event").$type<ConversionEvent>().notNull(),
  form: text("form").$type<LeadFormKind>(),
  campaignId: text("campaign_id"),
  clickId: text("click_id"),
  adsClickId: text("ads_click_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
