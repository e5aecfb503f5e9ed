-- The full cost before bidding (ADR 062): the auction fee by price band and the transport price to each
-- voivodeship, both edited in the panel; on the offer, how it is invoiced (VAT 23 % or VAT-marża) and
-- where the car can be picked up.
CREATE TABLE "auction_fee_bands" (
	"position" integer PRIMARY KEY NOT NULL,
	"up_to" integer,
	"fee" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "auction_fee_bands" ("position", "up_to", "fee") VALUES
  (1, 20000, 500), (2, 50000, 900), (3, 100000, 1200), (4, NULL, 1800);--> statement-breakpoint
CREATE TABLE "transport_prices" (
	"voivodeship" text PRIMARY KEY NOT NULL,
	"price" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "transport_prices" ("voivodeship", "price") VALUES
  ('dolnośląskie', 900), ('kujawsko-pomorskie', 800), ('lubelskie', 800), ('lubuskie', 1000),
  ('łódzkie', 600), ('małopolskie', 900), ('mazowieckie', 500), ('opolskie', 900),
  ('podkarpackie', 1000), ('podlaskie', 800), ('pomorskie', 900), ('śląskie', 900),
  ('świętokrzyskie', 700), ('warmińsko-mazurskie', 900), ('wielkopolskie', 800),
  ('zachodniopomorskie', 1100);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "vat_treatment" text DEFAULT 'vat23' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pick_up_city" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pick_up_voivodeship" text;
