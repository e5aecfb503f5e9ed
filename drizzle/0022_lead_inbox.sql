-- The back-office's leads inbox (issue 19, item 5): each lead's status (new, in progress, closed) and
-- the sales person it is assigned to, and the notes staff write about it.
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" integer REFERENCES "staff_members"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" ("status","created_at");
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
	"staff_id" integer REFERENCES "staff_members"("id") ON DELETE SET NULL,
	"staff_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" ("lead_id","created_at");
