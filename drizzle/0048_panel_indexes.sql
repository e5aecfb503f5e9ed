-- Indexes the panel's start page and dashboard need on 100 000 offers (scripts/bench/panel.ts): the
-- live auctions counted from an index alone (a count read 7 000 heap pages), the sold offers a
-- lead may have asked about, and the auctions' prices joined to their results without reading
-- every offer; the new leads with their assignee in the index, so the menu's count of leads to handle
-- reads no table pages.
CREATE INDEX "offers_live_auctions_idx" ON "offers" USING btree ("auction_end","auction_start") WHERE "sale_type" = 'auction' AND "status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_sold_idx" ON "offers" USING btree ("id") WHERE "status" = 'sold';--> statement-breakpoint
CREATE INDEX "offers_auction_prices_idx" ON "offers" USING btree ("id") INCLUDE ("starting_price","reserve_price") WHERE "sale_type" = 'auction';--> statement-breakpoint
DROP INDEX "leads_waiting_idx";--> statement-breakpoint
CREATE INDEX "leads_waiting_idx" ON "leads" USING btree ("created_at") INCLUDE ("assigned_to") WHERE "status" = 'new';
