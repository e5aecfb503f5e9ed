-- Indexes the panel's start page and dashboard need on 100 000 offers (scripts/bench/panel.ts): the
-- live auctions counted from an index alone (a count read 7 000 heap pages), the sold offers a
-- lead may have asked about, and the auctions' prices joined to their results without reading
-- every offer.
CREATE INDEX "offers_live_auctions_idx" ON "offers" USING btree ("auction_end","auction_start") WHERE "sale_type" = 'auction' AND "status" = 'active';--> statement-breakpoint
CREATE INDEX "offers_sold_idx" ON "offers" USING btree ("id") WHERE "status" = 'sold';--> statement-breakpoint
CREATE INDEX "offers_auction_prices_idx" ON "offers" USING btree ("id") INCLUDE ("starting_price","reserve_price") WHERE "sale_type" = 'auction';
