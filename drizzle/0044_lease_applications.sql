-- Online leasing applications with a preliminary decision by rules (ADR 057): the rules as versions
-- the panel saves (version 1 is the default set of src/domain/lease-application/rules.ts), the
-- applications with the facts and the decision they got, their timeline and documents. An
-- application's reservation shows on the offer's page, so a change empties the page cache like any
-- catalogue change (the trigger of migration 0011's feed).
CREATE TABLE "lease_rule_sets" (
  "id" serial PRIMARY KEY NOT NULL,
  "version" integer NOT NULL,
  "rules" jsonb NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "lease_rule_sets_version_idx" ON "lease_rule_sets" USING btree ("version");--> statement-breakpoint
CREATE TABLE "lease_applications" (
  "id" serial PRIMARY KEY NOT NULL,
  "access_token_hashes" jsonb NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE set null,
  "offer_id" integer REFERENCES "offers"("id") ON DELETE set null,
  "email" text NOT NULL,
  "car" jsonb NOT NULL,
  "terms" jsonb NOT NULL,
  "company" jsonb NOT NULL,
  "applicant" jsonb NOT NULL,
  "signatory" jsonb NOT NULL,
  "statements" jsonb NOT NULL,
  "facts" jsonb NOT NULL,
  "rule_set_version" integer NOT NULL,
  "preliminary" text NOT NULL,
  "preliminary_results" jsonb NOT NULL,
  "status" text NOT NULL,
  "final_decision" text,
  "final_reason" text,
  "reserved_until" timestamp with time zone,
  "ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lease_applications_user_idx" ON "lease_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lease_applications_offer_idx" ON "lease_applications" USING btree ("offer_id","reserved_until");--> statement-breakpoint
CREATE INDEX "lease_applications_status_idx" ON "lease_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "lease_application_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "application_id" integer NOT NULL REFERENCES "lease_applications"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lease_application_events_app_idx" ON "lease_application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE TABLE "lease_application_documents" (
  "id" serial PRIMARY KEY NOT NULL,
  "application_id" integer NOT NULL REFERENCES "lease_applications"("id") ON DELETE cascade,
  "file_name" text NOT NULL,
  "content_type" text NOT NULL,
  "data" bytea NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lease_application_documents_app_idx" ON "lease_application_documents" USING btree ("application_id");--> statement-breakpoint
CREATE TRIGGER "lease_applications_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lease_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
INSERT INTO "lease_rule_sets" ("version", "rules", "note", "created_at", "created_by")
  VALUES (1, $json$[
 {
  "Kind": "vatStatus",
  "Verdicts": {
   "active": "accept",
   "exempt": "review",
   "removed": "refuse",
   "missing": "refuse",
   "unknown": "review"
  }
 },
 {
  "Kind": "companyAge",
  "RefuseBelowMonths": 0,
  "ReviewBelowMonths": 6
 },
 {
  "Kind": "legalForm",
  "Verdicts": {
   "jdg": "accept",
   "sc": "accept",
   "spj": "accept",
   "spk": "accept",
   "spzoo": "accept",
   "sa": "accept",
   "other": "review"
  }
 },
 {
  "Kind": "amountForAge",
  "Bands": [
   {
    "BelowMonths": 12,
    "MaxFinancedNetto": 150000
   },
   {
    "BelowMonths": 24,
    "MaxFinancedNetto": 300000
   },
   {
    "BelowMonths": 600,
    "MaxFinancedNetto": 1000000
   }
  ],
  "Over": "review"
 },
 {
  "Kind": "downPayment",
  "MinPercent": 0,
  "Below": "review"
 },
 {
  "Kind": "carAgeAtEnd",
  "MaxYears": 10,
  "Over": "refuse"
 },
 {
  "Kind": "term",
  "MinMonths": 24,
  "MaxMonths": 72,
  "Outside": "refuse"
 }
]$json$::jsonb, 'zestaw początkowy', '2026-11-28 00:00:00+01', 'wersja początkowa');
