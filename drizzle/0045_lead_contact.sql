-- When a lead was first contacted (it left "new": taken or closed), for the 4-hour promise on the
-- panel's start page and the dashboard. status_changed_at moves with every later change, so the first
-- contact of the leads already handled is read from the audit log (the first change from "new"), else
-- from status_changed_at. Indexes for the start page's queue (new leads, a member's open ones) and
-- the dashboard's auction results by their end.
ALTER TABLE "leads" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "leads" l SET "contacted_at" = coalesce(
  (SELECT min(a."at") FROM "staff_audit" a
    WHERE a."entity" = 'lead' AND a."entity_id" = l."id"::text AND a."action" = 'lead.change'
      AND a."before"->>'status' = 'new' AND a."after"->>'status' <> 'new'),
  l."status_changed_at")
  WHERE l."status" <> 'new';--> statement-breakpoint
CREATE INDEX "leads_waiting_idx" ON "leads" USING btree ("created_at") WHERE "status" = 'new';--> statement-breakpoint
CREATE INDEX "leads_assigned_open_idx" ON "leads" USING btree ("assigned_to","created_at") WHERE "status" <> 'closed';--> statement-breakpoint
CREATE INDEX "auction_settlements_ended_idx" ON "auction_settlements" USING btree ("ended_at");
