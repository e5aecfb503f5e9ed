-- Service visits and odometer readings of ex-lease cars from the fleet system (POST /api/Admin/Offers
-- with ServiceHistory, PUT /api/Admin/Offers/ServiceHistory): the offer page's 'Historia serwisowa'
-- and the printed offer. A change is a change of what public pages show (ADR 018): it notifies the
-- catalogue change feed like the other tables the offer page reads.
CREATE TABLE "offer_service_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"visited_on" date NOT NULL,
	"mileage" integer NOT NULL,
	"description" text NOT NULL,
	"workshop" text
);
--> statement-breakpoint
ALTER TABLE "offer_service_visits" ADD CONSTRAINT "offer_service_visits_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_service_visits_offer_pos_idx" ON "offer_service_visits" USING btree ("offer_id","position");--> statement-breakpoint
CREATE TRIGGER "offer_service_visits_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_service_visits"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
