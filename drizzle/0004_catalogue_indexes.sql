-- Indexes of the catalogue's list queries (src/server/catalogue/offer-query.ts); measured with
-- scripts/bench/offers-query.ts on 100 000 offers. All partial on active offers: sold and withdrawn
-- offers never appear in lists.
-- Counting the open offers of a sale type reads this small index only (index-only scan).
CREATE INDEX IF NOT EXISTS "offers_open_idx" ON "offers" ("sale_type", "auction_end") WHERE "status" = 'active';--> statement-breakpoint
-- Recommended order: promoted first, then the newest; the first page is read off the index.
CREATE INDEX IF NOT EXISTS "offers_recommended_idx" ON "offers" ("is_promoted" DESC, "published_at" DESC, "id" DESC) WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_newest_idx" ON "offers" ("published_at" DESC, "id" DESC) WHERE "status" = 'active';--> statement-breakpoint
-- Filtering by make and sale type together (make pages, the make filter); with auction_end the count
-- of a make is read from the index alone.
CREATE INDEX IF NOT EXISTS "offers_make_sale_idx" ON "offers" ("make", "sale_type", "auction_end") WHERE "status" = 'active';--> statement-breakpoint
-- The same for body type and fuel (the /sedan … aliases, the electric list, the filters).
CREATE INDEX IF NOT EXISTS "offers_body_sale_idx" ON "offers" ("body_type", "sale_type", "auction_end") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_fuel_sale_idx" ON "offers" ("fuel_type", "sale_type", "auction_end") WHERE "status" = 'active';--> statement-breakpoint
-- Cash price as companies (netto) and private persons (brutto) see it: price ranges and price sorting.
-- The expressions are those of cashNettoSql and cashBruttoSql, so the planner matches them.
CREATE INDEX IF NOT EXISTS "offers_cash_netto_idx" ON "offers" ((case when sale_type = 'auction' then coalesce(current_price, starting_price) else coalesce(total_price_netto_discount, total_price_netto) end), "id") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_cash_brutto_idx" ON "offers" ((case when sale_type = 'auction' then round(coalesce(current_price, starting_price) * 1.23)::int else coalesce(total_price_brutto_discount, total_price_brutto) end), "id") WHERE "status" = 'active';
