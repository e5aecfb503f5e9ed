-- The person's rights under RODO (ADR 052). A bidder who deletes their account leaves a row without
-- any personal data (deleted_at set): the bids of ended auctions and a settled sale's record still
-- name it, as the accounting law asks, but nobody can tell whose it was.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- A person without an account asks, by a link mailed to the address, for what the lead forms, alerts
-- and chats keep under it; an erasure they ask for waits in the panel's queue until staff complete it
-- (one month, art. 12(3) RODO). Completed requests keep only the address's SHA-256.
CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone,
	"erasure_requested_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"erased" jsonb
);--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_idx" ON "privacy_requests" ("token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests" ("email_hash", "created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_queue_idx" ON "privacy_requests" ("due_at") WHERE "erasure_requested_at" IS NOT NULL AND "completed_at" IS NULL;
