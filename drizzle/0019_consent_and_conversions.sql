-- Consent and conversion tracking (issue 17, ADR 021).
-- A visitor's cookie choice, for accountability (GDPR art. 7(1)): an anonymous id made up by the
-- browser, the categories chosen, the policy version shown and when. No address, no user id.
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"anonymous_id" text NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"version" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_records_anonymous_idx" ON "consent_records" ("anonymous_id", "created_at");
--> statement-breakpoint
-- First-party conversions, recorded by the server whatever the visitor chose about cookies: the event,
-- when, and the campaign ids that came with it (no personal data; the lead or account has that).
CREATE TABLE "conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"form" text,
	"campaign_id" text,
	"click_id" text,
	"ads_click_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversions_campaign_idx" ON "conversions" ("campaign_id", "created_at");
