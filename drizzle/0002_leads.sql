CREATE TABLE "calculator_products" (
	"product" text PRIMARY KEY NOT NULL,
	"periods" jsonb NOT NULL,
	"default_period" integer NOT NULL,
	"ow_min" double precision NOT NULL,
	"ow_max" double precision NOT NULL,
	"ow_step" double precision NOT NULL,
	"ow_default" double precision NOT NULL,
	"rv_min" double precision,
	"rv_max" double precision,
	"rv_step" double precision,
	"rv_default" double precision,
	"annual_rate_percent" double precision NOT NULL,
	"mileage_limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_mileage" integer,
	"residual_start_percent" double precision,
	"residual_drop_per_year_percent" double precision,
	"residual_drop_per_10000km_percent" double precision,
	"residual_min_percent" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculator_services" (
	"product" text NOT NULL,
	"value" text NOT NULL,
	"name" text NOT NULL,
	"monthly_price_netto" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calculator_services_product_value_pk" PRIMARY KEY("product","value")
);
--> statement-breakpoint
CREATE TABLE "calculator_terms" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"insurance_financed_yearly_percent" double precision NOT NULL,
	"insurance_outside_yearly_fee_netto" integer NOT NULL,
	"vat_percent" double precision NOT NULL,
	"min_price_netto" integer NOT NULL,
	"max_price_netto" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_uses" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"auction_id" integer,
	"name" text,
	"surname" text,
	"email" text,
	"phone_number" text NOT NULL,
	"message_body" text,
	"campaign_id" text,
	"click_id" text,
	"ads_click_id" text,
	"payload" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE INDEX "captcha_uses_used_idx" ON "captcha_uses" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_kind_idx" ON "leads" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");