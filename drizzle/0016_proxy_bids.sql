-- Proxy bids (maksymalna oferta, issue 15, ADR 019). A bidder's private maximum per auction; the
-- server bids for them up to it. offers.proxy_version is raised by every change of an auction's maxima,
-- so the bid's compare-and-set (bid count and this version) also notices a maximum set meanwhile.
ALTER TABLE "offers" ADD COLUMN "proxy_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "proxy_bids" (
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"max_price" integer NOT NULL,
	"set_seq" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exceeded_at" timestamp with time zone,
	CONSTRAINT "proxy_bids_offer_id_user_id_pk" PRIMARY KEY("offer_id","user_id")
);
--> statement-breakpoint
-- Outbid e-mails are coalesced per auction and bidder: when the last one was queued.
CREATE TABLE "auction_outbid_mails" (
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auction_outbid_mails_offer_id_user_id_pk" PRIMARY KEY("offer_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "proxy_bids" ADD CONSTRAINT "proxy_bids_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_bids" ADD CONSTRAINT "proxy_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_outbid_mails" ADD CONSTRAINT "auction_outbid_mails_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_outbid_mails" ADD CONSTRAINT "auction_outbid_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Company data changed after verification (issue 15): the account is checked again before bidding.
ALTER TABLE "users" ADD COLUMN "reverification_requested_at" timestamp with time zone;--> statement-breakpoint
-- A changed maximum is a live-auction change like a bid (0011): it must not flush every cached page.
CREATE OR REPLACE FUNCTION "offer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live_columns text[] := ARRAY['current_price', 'bid_count', 'leader_user_id', 'auction_end', 'updated_at', 'proxy_version'];
BEGIN
  IF to_jsonb(OLD) - live_columns = to_jsonb(NEW) - live_columns THEN
    PERFORM pg_notify('catalogue_changes', 'auction:' || NEW.id);
  ELSE
    PERFORM pg_notify('catalogue_changes', 'all');
  END IF;
  RETURN NULL;
END $$;
