-- The matching index moves from a GIN index on car_alerts.match_keys to a table of one row per key of
-- every active alert. A GIN index cannot answer on its own: each candidate was a heap row of
-- car_alerts to read (PostgreSQL, 100 000 alerts, ~2 400 matches per offer: ~3 000 pages, p95 25-47
-- ms). The B-tree below holds the key with everything else the lookup checks, so the lookup is an
-- index-only scan; only keys that lost a criterion to coarsening (exact = false) read the alert.
CREATE TABLE "car_alert_keys" (
	"key" text NOT NULL,
	"alert_id" integer NOT NULL,
	"price_from" integer NOT NULL,
	"price_to" integer NOT NULL,
	"is_company" boolean NOT NULL,
	"exact" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "car_alerts_match_keys_idx";--> statement-breakpoint
ALTER TABLE "car_alert_keys" ADD CONSTRAINT "car_alert_keys_alert_id_car_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."car_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_alert_keys_alert_idx" ON "car_alert_keys" USING btree ("alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_alert_keys_lookup_idx" ON "car_alert_keys" ("key", "alert_id") INCLUDE ("price_from", "price_to", "is_company", "exact");--> statement-breakpoint
-- The rows follow car_alerts through a trigger, so no path that activates, deactivates or edits an
-- alert can forget them. A key is "price|make|body|fuel|gearbox" (src/domain/alerts/match-keys.ts);
-- it is exact unless a dimension the alert restricts reads '*'. Bounds only count with a way of paying.
CREATE FUNCTION "car_alert_key_rows"(a "car_alerts") RETURNS SETOF "car_alert_keys" LANGUAGE sql STABLE AS $$
  SELECT k, a.id,
    CASE WHEN a.financing = 0 THEN 0 ELSE a.price_from END,
    CASE WHEN a.financing = 0 THEN 0 ELSE a.price_to END,
    a.is_company,
    NOT ((cardinality(a.makes_lower) > 0 AND split_part(k, '|', 2) = '*')
      OR (cardinality(a.body_types) > 0 AND split_part(k, '|', 3) = '*')
      OR (cardinality(a.fuel_types) > 0 AND split_part(k, '|', 4) = '*')
      OR (cardinality(a.gearbox_types) > 0 AND split_part(k, '|', 5) = '*'))
  FROM unnest(a.match_keys) AS k
  WHERE a.status = 'active'
$$;--> statement-breakpoint
CREATE FUNCTION "car_alert_keys_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM car_alert_keys WHERE alert_id = OLD.id;
  END IF;
  INSERT INTO car_alert_keys SELECT * FROM car_alert_key_rows(NEW) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "car_alert_keys_on_insert" AFTER INSERT ON "car_alerts"
  FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION "car_alert_keys_sync"();--> statement-breakpoint
CREATE TRIGGER "car_alert_keys_on_update" AFTER UPDATE ON "car_alerts"
  FOR EACH ROW WHEN ((OLD.status, OLD.match_keys, OLD.financing, OLD.price_from, OLD.price_to, OLD.is_company,
    OLD.makes_lower, OLD.body_types, OLD.fuel_types, OLD.gearbox_types)
    IS DISTINCT FROM (NEW.status, NEW.match_keys, NEW.financing, NEW.price_from, NEW.price_to, NEW.is_company,
    NEW.makes_lower, NEW.body_types, NEW.fuel_types, NEW.gearbox_types))
  EXECUTE FUNCTION "car_alert_keys_sync"();--> statement-breakpoint
INSERT INTO "car_alert_keys" SELECT r.* FROM "car_alerts" a CROSS JOIN LATERAL car_alert_key_rows(a) r;
