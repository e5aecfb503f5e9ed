-- Staff decisions on auctions (issue 19, item 3). An ended auction waits for staff ('pending') to
-- confirm the sale to its winner or release the car; a cancelled auction gets its settlement at once
-- ('cancelled', with the reason), so the closing job never declares a winner for it.
ALTER TABLE "auction_settlements" ADD COLUMN "outcome" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_settlements" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "auction_settlements" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auction_settlements" ADD COLUMN "decided_by" text;
