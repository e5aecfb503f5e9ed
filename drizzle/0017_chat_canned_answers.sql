-- Canned answers of the consultants' console (issue 16): a consultant's own (consultant_id set) or
-- shared by the whole team (consultant_id null). Picked with '/' and the shortcut in the reply box.
CREATE TABLE "chat_canned_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultant_id" integer REFERENCES "chat_consultants"("id") ON DELETE CASCADE,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_canned_answers_consultant_idx" ON "chat_canned_answers" ("consultant_id");
