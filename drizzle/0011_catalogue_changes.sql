-- Catalogue change feed (ADR 018): every change to what public pages show is announced on the
-- channel "catalogue_changes", from the database itself, so no write path (API, staff command,
-- another server process, a future back-office) can forget to. NOTIFY is delivered on commit, and
-- only then, so a listener never sees a change that was rolled back.
--   'all'          a change that may show anywhere (an offer published, repriced, withdrawn or sold,
--                  a banner, literal, document, FAQ entry, condition report or calculator setting)
--   'auction:<id>' a live auction's price, bid count, leader or end changed (a bid): only that
--                  auction's page and the lists that show its price are affected
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', 'all');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "offer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live_columns text[] := ARRAY['current_price', 'bid_count', 'leader_user_id', 'auction_end', 'updated_at'];
BEGIN
  IF to_jsonb(OLD) - live_columns = to_jsonb(NEW) - live_columns THEN
    PERFORM pg_notify('catalogue_changes', 'auction:' || NEW.id);
  ELSE
    PERFORM pg_notify('catalogue_changes', 'all');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_changed" AFTER UPDATE ON "offers"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "offer_changed"();--> statement-breakpoint
CREATE TRIGGER "offers_added_or_removed" AFTER INSERT OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "offer_texts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "offer_photos_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "price_history_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "auction_settlements_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auction_settlements"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "technical_reports_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "technical_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "banners_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "literals_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "literals"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "documents_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "faq_entries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "calculator_products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calculator_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "calculator_services_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calculator_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "calculator_terms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calculator_terms"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
