-- The auction closer looks every second for auctions past their end without a settlement. It found
-- them with "auction_end <= now() and not exists (settlement)", which walks every auction that ever
-- ended: 6 600 at 100 000 offers, 40-230 ms of the database each second, growing with each day of
-- history. The flag below says an auction has its settlement, so that a partial index holds only the
-- auctions still to close (a few at any time) and the closer's look costs the same in year five as on
-- day one. A trigger sets it on every write path that records a settlement (the closer, a cancellation
-- from the back-office, the demo seeder); a settlement is never deleted, so the flag never goes back.
ALTER TABLE "offers" ADD COLUMN "auction_settled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "offers" SET "auction_settled" = true
  WHERE "id" IN (SELECT "offer_id" FROM "auction_settlements");--> statement-breakpoint
CREATE FUNCTION "auction_settlement_marks_offer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offers" SET "auction_settled" = true WHERE "id" = NEW."offer_id" AND NOT "auction_settled";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "auction_settlements_mark_offer" AFTER INSERT ON "auction_settlements"
  FOR EACH ROW EXECUTE FUNCTION "auction_settlement_marks_offer"();--> statement-breakpoint
CREATE INDEX "offers_unsettled_auctions_idx" ON "offers" ("auction_end")
  WHERE "sale_type" = 'auction' AND NOT "auction_settled";
