CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"button_text" text,
	"redirect_to" text,
	"button_text2" text,
	"redirect_to2" text,
	"image_id" text,
	"mobile_image_id" text,
	"alt" text DEFAULT '' NOT NULL,
	"slider_end_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "literals" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"image_id" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_type" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"body_type" text NOT NULL,
	"fuel_type" text NOT NULL,
	"gearbox_type" text NOT NULL,
	"color" text NOT NULL,
	"year" integer NOT NULL,
	"mileage" integer NOT NULL,
	"engine_capacity" integer NOT NULL,
	"power_hp" integer NOT NULL,
	"vehicle_range" integer,
	"doors" integer DEFAULT 5 NOT NULL,
	"seats" integer DEFAULT 5 NOT NULL,
	"plate_number" text,
	"vin" text,
	"description" text DEFAULT '' NOT NULL,
	"equipment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_certified" boolean DEFAULT false NOT NULL,
	"reservation" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"is_picture_preview_only" boolean DEFAULT false NOT NULL,
	"move_photo" boolean DEFAULT false NOT NULL,
	"special_promotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_rent_available" boolean DEFAULT false NOT NULL,
	"rent_price_netto" integer,
	"rent_price_netto_discount" integer,
	"is_leasing_available" boolean DEFAULT false NOT NULL,
	"lease_price" integer,
	"lease_price_discount" integer,
	"is_cash_available" boolean DEFAULT false NOT NULL,
	"total_price_netto" integer,
	"total_price_netto_discount" integer,
	"total_price_brutto" integer,
	"total_price_brutto_discount" integer,
	"auction_start" timestamp with time zone,
	"auction_end" timestamp with time zone,
	"starting_price" integer,
	"current_price" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"leader_user_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"total_price_netto" integer,
	"total_price_brutto" integer,
	"rent_price_netto" integer,
	"lease_price" integer
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"utoken" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"nip" text,
	"company_name" text,
	"regon" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"status" text DEFAULT 'pending_email' NOT NULL,
	"accepted_rules_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_mobile_image_id_images_id_fk" FOREIGN KEY ("mobile_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_photos" ADD CONSTRAINT "offer_photos_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_photos" ADD CONSTRAINT "offer_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_offer_user_price_idx" ON "bids" USING btree ("offer_id","user_id","price");--> statement-breakpoint
CREATE INDEX "bids_offer_idx" ON "bids" USING btree ("offer_id","price");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_kind_version_idx" ON "documents" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_photos_offer_pos_idx" ON "offer_photos" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "offers_sale_type_idx" ON "offers" USING btree ("sale_type","status");--> statement-breakpoint
CREATE INDEX "offers_make_model_idx" ON "offers" USING btree ("make","model");--> statement-breakpoint
CREATE INDEX "offers_body_type_idx" ON "offers" USING btree ("body_type");--> statement-breakpoint
CREATE INDEX "offers_fuel_type_idx" ON "offers" USING btree ("fuel_type");--> statement-breakpoint
CREATE INDEX "offers_auction_end_idx" ON "offers" USING btree ("auction_end");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "price_history_offer_idx" ON "price_history" USING btree ("offer_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_utoken_idx" ON "users" USING btree ("utoken");