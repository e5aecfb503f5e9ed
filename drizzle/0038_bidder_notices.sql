-- The e-mails a bidder's notification settings promise beyond outbid and won: a favourite auction's
-- start and its last hour, and the weekly list of new auctions. One row per e-mail queued (its kind and
-- what it was about: the auction's id, or the week's Monday), written in the same statement as the
-- e-mail, so a restart or a second server process never sends one twice. Each account's stored
-- unsubscribe token proves the person in the e-mails' one-click unsubscribe links.
CREATE TABLE "bidder_notice_mails" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bidder_notice_mails_user_id_kind_subject_pk" PRIMARY KEY("user_id","kind","subject")
);
--> statement-breakpoint
ALTER TABLE "bidder_notice_mails" ADD CONSTRAINT "bidder_notice_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD COLUMN "unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "account_settings_unsubscribe_token_idx" ON "account_settings" ("unsubscribe_token");
--> statement-breakpoint
-- Settings (and so a token) for everyone with favourite auctions: older accounts got theirs only when first saved.
INSERT INTO "account_settings" ("user_id", "notifications")
SELECT DISTINCT "user_id", '{"AuctionStart":true,"Outbid":true,"AuctionWon":true,"NewAuctions":false}'::jsonb FROM "auction_favourites"
ON CONFLICT DO NOTHING;
