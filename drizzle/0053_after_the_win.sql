-- After the win (ADR 066): the steps staff set for an auction's winner (pro-forma invoice, payment
-- received, documents ready) and the pick-up slots they offer, of which the winner books one.
CREATE TABLE "auction_after_win" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"pro_forma_at" timestamp with time zone,
	"pro_forma_by" text,
	"fee" integer,
	"transport" integer,
	"transport_to" text,
	"payment_at" timestamp with time zone,
	"payment_by" text,
	"documents_at" timestamp with time zone,
	"documents_by" text,
	"pick_up_slot_id" integer,
	"pick_up_booked_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "pick_up_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "auction_after_win" ADD CONSTRAINT "auction_after_win_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_up_slots" ADD CONSTRAINT "pick_up_slots_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_up_slots_offer_idx" ON "pick_up_slots" USING btree ("offer_id","starts_at");
