-- The back-office's bidder accounts (issue 19, item 4): a verification refused with its reason (the
-- account leaves the queue until the company data change again), and a block with its reason and the
-- status the account returns to when unblocked.
ALTER TABLE "users" ADD COLUMN "verification_refused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_refusal" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "block_reason" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_before_block" text;
