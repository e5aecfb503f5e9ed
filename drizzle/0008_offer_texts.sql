-- The long texts of an offer move to their own one-to-one table. An offers row carried its description
-- (~500 B) and equipment list (~850 B), ~1.6 KB in all, so list queries that visit many offers read
-- many pages (PostgreSQL, 100 000 offers: two popular makes + an instalment bound, ~17 000 rows,
-- p95 30-39 ms). Only the offer page and the printable auction offer read the texts; an offer without
-- a row here has an empty description and no equipment.
CREATE TABLE "offer_texts" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_texts" ADD CONSTRAINT "offer_texts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "offer_texts" ("offer_id", "description", "equipment") SELECT "id", "description", "equipment" FROM "offers";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "equipment";--> statement-breakpoint
-- Dropping a column does not shrink the rows already written; rewriting the table does (VACUUM FULL
-- cannot run in the migration's transaction, CLUSTER of one table can). The clustering mark is
-- removed again: the table is not meant to be kept in id order.
CLUSTER "offers" USING "offers_pkey";--> statement-breakpoint
ALTER TABLE "offers" SET WITHOUT CLUSTER;--> statement-breakpoint
ANALYZE "offers";--> statement-breakpoint
ANALYZE "offer_texts";
