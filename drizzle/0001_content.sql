CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"slug" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "faq_entries_slug_idx" ON "faq_entries" USING btree ("slug");