-- Offer page visits per Polish day (ADR 065): each server process counts the offer pages it answers
-- (from the page cache too) in memory and adds them here in one statement every few seconds. The day
-- comes first in the key's index below, so the dashboard's range reads only its days.
CREATE TABLE "offer_visits" (
	"offer_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "offer_visits_offer_id_day_pk" PRIMARY KEY("offer_id","day")
);--> statement-breakpoint
CREATE INDEX "offer_visits_day_idx" ON "offer_visits" USING btree ("day","offer_id") INCLUDE ("visits");
