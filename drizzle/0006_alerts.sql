CREATE TABLE "car_alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_alert_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_alert_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "car_alert_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_alert_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"price" integer NOT NULL,
	"reason" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_id" integer,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "car_alert_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"unsubscribe_token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer NOT NULL,
	"email" text NOT NULL,
	"is_company" boolean NOT NULL,
	"financing" integer NOT NULL,
	"price_from" integer DEFAULT 0 NOT NULL,
	"price_to" integer DEFAULT 0 NOT NULL,
	"body_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"fuel_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"gearbox_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"makes" text[] DEFAULT '{}'::text[] NOT NULL,
	"makes_lower" text[] DEFAULT '{}'::text[] NOT NULL,
	"match_keys" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rules_accepted_at" timestamp with time zone NOT NULL,
	"marketing_accepted_at" timestamp with time zone NOT NULL,
	"captcha_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "car_alert_digests" ADD CONSTRAINT "car_alert_digests_owner_id_car_alert_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."car_alert_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alert_digests" ADD CONSTRAINT "car_alert_digests_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alert_jobs" ADD CONSTRAINT "car_alert_jobs_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD CONSTRAINT "car_alert_matches_alert_id_car_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."car_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD CONSTRAINT "car_alert_matches_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD CONSTRAINT "car_alert_matches_digest_id_car_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."car_alert_digests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_alerts" ADD CONSTRAINT "car_alerts_owner_id_car_alert_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."car_alert_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_alert_digests_owner_day_idx" ON "car_alert_digests" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "car_alert_jobs_pending_idx" ON "car_alert_jobs" USING btree ("id") WHERE "car_alert_jobs"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "car_alert_matches_alert_offer_price_idx" ON "car_alert_matches" USING btree ("alert_id","offer_id","price");--> statement-breakpoint
CREATE INDEX "car_alert_matches_offer_idx" ON "car_alert_matches" USING btree ("offer_id","alert_id","price");--> statement-breakpoint
CREATE INDEX "car_alert_matches_pending_idx" ON "car_alert_matches" USING btree ("alert_id") WHERE "car_alert_matches"."digest_id" is null and "car_alert_matches"."dropped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "car_alert_owners_email_idx" ON "car_alert_owners" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "car_alert_owners_token_idx" ON "car_alert_owners" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "car_alerts_guid_idx" ON "car_alerts" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "car_alerts_captcha_idx" ON "car_alerts" USING btree ("captcha_id");--> statement-breakpoint
CREATE INDEX "car_alerts_owner_idx" ON "car_alerts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "car_alerts_match_keys_idx" ON "car_alerts" USING gin ("match_keys") WHERE "car_alerts"."status" = 'active';