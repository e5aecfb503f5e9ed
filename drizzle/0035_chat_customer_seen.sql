-- A waiting customer's sign of life: each server process notes, every few seconds, the queued chats
-- whose customer has a live connection to it (a heartbeat that works across processes), and a queued
-- chat whose customer has not been seen for 45 seconds (the browser was closed) leaves the queue, so
-- the customers behind it move up. The partial index serves that look at the few waiting chats.
ALTER TABLE "chats" ADD COLUMN "customer_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "chats_queued_seen_idx" ON "chats" ("customer_seen_at") WHERE "status" = 'queued';
