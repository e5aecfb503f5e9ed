-- The panel's tables (ADR 056): a member's saved views of a list and the columns kept in view; the
-- reason an offer was last withdrawn; and the audit log's filters (by member, by action, a text
-- search over who, what and the values before and after) answered from indexes on a large log.
ALTER TABLE "offers" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
CREATE TABLE "staff_list_views" (
  "id" serial PRIMARY KEY NOT NULL,
  "staff_id" integer NOT NULL REFERENCES "staff_members"("id") ON DELETE cascade,
  "list" text NOT NULL,
  "name" text NOT NULL,
  "query" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_list_views_name_idx" ON "staff_list_views" USING btree ("staff_id","list","name");--> statement-breakpoint
CREATE TABLE "staff_list_columns" (
  "staff_id" integer NOT NULL REFERENCES "staff_members"("id") ON DELETE cascade,
  "list" text NOT NULL,
  "columns" jsonb NOT NULL,
  PRIMARY KEY ("staff_id","list")
);--> statement-breakpoint
CREATE INDEX "staff_audit_staff_idx" ON "staff_audit" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_action_idx" ON "staff_audit" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "staff_audit_text_idx" ON "staff_audit" USING gin ((
  "staff_name" || ' ' || "action" || ' ' || "entity_id" || ' ' || coalesce("before"::text, '') || ' ' || coalesce("after"::text, '')
) gin_trgm_ops);
