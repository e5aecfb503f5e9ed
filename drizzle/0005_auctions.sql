CREATE TABLE "auction_settlements" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"winner_user_id" integer,
	"final_price" integer,
	"bid_count" integer NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "technical_reports" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"inspector" text NOT NULL,
	"mileage" integer NOT NULL,
	"summary" text NOT NULL,
	"sections" jsonb NOT NULL,
	"tyres" jsonb NOT NULL,
	"damages" jsonb NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_settlements" ADD CONSTRAINT "auction_settlements_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_settlements" ADD CONSTRAINT "auction_settlements_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_reports" ADD CONSTRAINT "technical_reports_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_settlements_winner_idx" ON "auction_settlements" USING btree ("winner_user_id");