-- A cancelled auction keeps its page, which tells those who watched or bid in it that it was
-- cancelled and why. A draft cancelled before it was ever published has no public page: the
-- settlement says whether the auction had been on sale (the audit log knows it of earlier ones).
ALTER TABLE "auction_settlements" ADD COLUMN "was_on_sale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "auction_settlements" s SET "was_on_sale" = false
  WHERE s."outcome" = 'cancelled' AND EXISTS (
    SELECT 1 FROM "staff_audit" a WHERE a."entity" = 'auction' AND a."entity_id" = s."offer_id"::text
      AND a."action" = 'auction.cancel' AND a."before"->>'state' = 'draft');--> statement-breakpoint
-- A condition report corrected before the auction starts is a new version, shown with its date.
ALTER TABLE "technical_reports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "technical_reports" ADD COLUMN "saved_at" timestamp with time zone DEFAULT now() NOT NULL;
