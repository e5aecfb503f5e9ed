-- The panel's list of cars on 100 000 offers (scripts/bench/panel.ts): its first page in the default
-- order (last changed first) read from an index instead of sorting every car, and its two counts (the
-- view's and all cars') from a small index alone instead of every row (210 and 175 ms to 7 and 19 ms
-- on a loaded 2-core machine).
CREATE INDEX IF NOT EXISTS "offers_panel_list_idx" ON "offers" USING btree ("updated_at" DESC, "id" DESC) WHERE "sale_type" <> 'auction';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_panel_count_idx" ON "offers" USING btree ("status", "reservation") WHERE "sale_type" <> 'auction';
