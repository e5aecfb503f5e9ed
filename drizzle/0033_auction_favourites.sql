-- The auctions a signed-in bidder favourited (their browser keeps the list; this copy lets the server
-- tell them when the auction's condition report is corrected before its start).
CREATE TABLE "auction_favourites" (
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_favourites_offer_id_user_id_pk" PRIMARY KEY("offer_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "auction_favourites" ADD CONSTRAINT "auction_favourites_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_favourites" ADD CONSTRAINT "auction_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_favourites_user_idx" ON "auction_favourites" ("user_id");
