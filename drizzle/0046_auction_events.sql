-- Auction events (ADR 060): a named sale ("Aukcja czwartkowa 4 grudnia: 40 samochodów") whose lots open
-- together and close one after another, lot n planned at first_close_at + (n - 1) × interval_seconds.
-- Each lot is an ordinary auction with its own end and anti-sniping: an extension moves only its end.
CREATE TABLE "auction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"first_close_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "event_id" integer REFERENCES "auction_events"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "lot_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_event_lot_idx" ON "offers" ("event_id", "lot_number") WHERE "event_id" IS NOT NULL;
