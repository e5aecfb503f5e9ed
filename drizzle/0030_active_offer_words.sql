-- The search documents of the offers on sale, in a narrow table of their own, for counting a search.
-- A list searched by words counts its matches apart from its page (ADR 041); a broad search
-- ('kamera cofania' among SUVs: 18 000 of 100 000 offers) found them in the GIN index on
-- offers.search_words and then visited the heap page of each match to check it is still there and on
-- sale: 6 900 of the table's 7 300 pages, 600-byte rows. Here a row is the document, the sale type and
-- an auction's end (what says the offer is open), ~300 bytes, only for active offers: the same count visits
-- half the pages (ADR 043). offers.search_words stays: the page of a searched list and the filters
-- read it there. Triggers keep this table equal to the active offers' documents on every write path.
CREATE TABLE "active_offer_words" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"sale_type" text NOT NULL,
	"auction_end" timestamp with time zone,
	"words" tsvector NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_offer_words" ADD CONSTRAINT "active_offer_words_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_offer_words_words_idx" ON "active_offer_words" USING gin ("words");--> statement-breakpoint
INSERT INTO "active_offer_words" ("offer_id", "sale_type", "auction_end", "words")
  SELECT "id", "sale_type", "auction_end", "search_words" FROM "offers" WHERE "status" = 'active';--> statement-breakpoint
-- New offers: once per statement (the fleet system's and the demo seeder's bulk inserts).
CREATE FUNCTION "active_offer_words_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "active_offer_words" ("offer_id", "sale_type", "auction_end", "words")
    SELECT "id", "sale_type", "auction_end", "search_words" FROM "inserted_offers"
    WHERE "status" = 'active';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_active_words_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS "inserted_offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "active_offer_words_insert"();--> statement-breakpoint
-- A changed offer: only when what the count reads changed (a bid changes none of it, an
-- anti-sniping extension the auction's end).
CREATE FUNCTION "active_offer_words_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'active' THEN
    INSERT INTO "active_offer_words" ("offer_id", "sale_type", "auction_end", "words")
      VALUES (NEW."id", NEW."sale_type", NEW."auction_end", NEW."search_words")
      ON CONFLICT ("offer_id") DO UPDATE SET "sale_type" = EXCLUDED."sale_type",
        "auction_end" = EXCLUDED."auction_end", "words" = EXCLUDED."words";
  ELSE
    DELETE FROM "active_offer_words" WHERE "offer_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_active_words_update" AFTER UPDATE ON "offers" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."sale_type" IS DISTINCT FROM NEW."sale_type"
    OR OLD."auction_end" IS DISTINCT FROM NEW."auction_end" OR OLD."search_words" IS DISTINCT FROM NEW."search_words")
  EXECUTE FUNCTION "active_offer_words_update"();
