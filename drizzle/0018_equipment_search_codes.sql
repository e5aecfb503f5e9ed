-- Equipment search on the offers' own index (issue 14). Migration 0014 searched equipment words in the
-- full documents of offer_texts: a 146 MB table at 100 000 offers (descriptions), which PostgreSQL read
-- whole for 'kamera cofania' (230 ms; PGlite 480 ms). The catalogue uses few equipment items (56 in
-- the demo data, ≈27 per offer), so an offer's document now names its items by short codes ('#12',
-- one lexeme each, ≈190 bytes a row) and the search turns a word into the items whose names hold it.
-- Every search is then one tsquery on offers.search_words, combined with the filters in one bitmap.
-- equipment_items: each distinct item (normalised name) and its words; only added to, like the lexicon.
CREATE TABLE "equipment_items" (
  "id" serial PRIMARY KEY,
  "key" text NOT NULL UNIQUE,
  "words" text[] NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "learn_equipment"(equipment jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO equipment_items (key, words)
    SELECT DISTINCT k, tsvector_to_array(to_tsvector('simple'::regconfig, k))
    FROM jsonb_array_elements_text(coalesce(equipment, '[]'::jsonb)) AS e, search_normalize(e) AS k
    WHERE k <> ''
  ON CONFLICT (key) DO NOTHING
$$;--> statement-breakpoint
-- The codes of an offer's equipment; items must be learnt first (learn_equipment).
CREATE FUNCTION "equipment_codes"(equipment jsonb) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT '#' || i.id)), ''::tsvector)
  FROM equipment_items i
  WHERE i.key IN (SELECT search_normalize(e) FROM jsonb_array_elements_text(coalesce(equipment, '[]'::jsonb)) AS e)
$$;--> statement-breakpoint
-- The offer's document: its names (0014) and its equipment codes (none yet while an offer is inserted
-- before its texts). Codes are stored in the document only: a column of their own would widen every
-- row by as much again.
CREATE FUNCTION "offer_document"(o offers, equipment jsonb) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT offer_name_words(o.make, o.model, o.version, o.body_type, o.fuel_type) || equipment_codes(equipment)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "offer_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_words := offer_document(NEW, (SELECT t.equipment FROM offer_texts t WHERE t.offer_id = NEW.id));
  RETURN NEW;
END $$;--> statement-breakpoint
-- offer_texts no longer holds a document: its equipment is copied to the offer as codes. Inserts once per
-- statement (the demo seed inserts thousands at a time), the rare edits per row.
-- A bulk load (the demo seed) may insert the texts first, so each offer is written once with its codes:
-- written twice, a fresh 100 000-offer table is 96 MB instead of 58 and every search reads more pages.
ALTER TABLE "offer_texts" ALTER CONSTRAINT "offer_texts_offer_id_offers_id_fk" DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
DROP TRIGGER "offers_names_changed" ON "offers";--> statement-breakpoint
DROP FUNCTION "offer_names_changed"();--> statement-breakpoint
DROP TRIGGER "offer_texts_search_fill" ON "offer_texts";--> statement-breakpoint
DROP FUNCTION "offer_texts_search_fill"();--> statement-breakpoint
DROP INDEX "offer_texts_search_words_idx";--> statement-breakpoint
ALTER TABLE "offer_texts" DROP COLUMN "search_words";--> statement-breakpoint
CREATE FUNCTION "offer_texts_inserted_codes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM learn_equipment(jsonb_agg(e)) FROM changed_texts c, jsonb_array_elements(c.equipment) AS e;
  UPDATE offers o SET search_words = offer_document(o, c.equipment)
    FROM changed_texts c WHERE o.id = c.offer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_codes_insert" AFTER INSERT ON "offer_texts" REFERENCING NEW TABLE AS changed_texts
  FOR EACH STATEMENT EXECUTE FUNCTION "offer_texts_inserted_codes"();--> statement-breakpoint
CREATE FUNCTION "offer_texts_changed_codes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE offers o SET search_words = offer_document(o, NULL) WHERE o.id = OLD.offer_id;
    RETURN NULL;
  END IF;
  PERFORM learn_equipment(NEW.equipment);
  UPDATE offers o SET search_words = offer_document(o, NEW.equipment) WHERE o.id = NEW.offer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_codes_update" AFTER UPDATE OF "equipment" OR DELETE ON "offer_texts" FOR EACH ROW
  EXECUTE FUNCTION "offer_texts_changed_codes"();--> statement-breakpoint
-- The lexicon learns words, not codes.
CREATE OR REPLACE FUNCTION "learn_words"(words tsvector, name boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_lexicon (word, in_name, in_equipment)
    SELECT w, name, NOT name FROM unnest(tsvector_to_array(words)) AS w WHERE NOT starts_with(w, '#')
    ON CONFLICT (word) DO UPDATE SET in_name = search_lexicon.in_name OR name,
      in_equipment = search_lexicon.in_equipment OR NOT name
    WHERE (name AND NOT search_lexicon.in_name) OR (NOT name AND NOT search_lexicon.in_equipment)
$$;--> statement-breakpoint
-- One search as one tsquery on offers.search_words: every word must match (AND). A word matches
-- - the catalogue's name words it starts ('octa' → 'octavia'), listed from the lexicon rather than as a
--   prefix ('octa':*): a prefix makes the index recheck every row it finds (the count of a broad search
--   29 → 16 ms at 100 000 offers), so only a word that starts more than 64 words stays a prefix; a
--   single letter is a whole word ('klasa c'), not the start of a hundred;
-- - corrections of a typo (the closest words of the lexicon, pg_trgm similarity ≥ 0.45, only when no
--   lexicon word starts with it and the application names no body or fuel for it: 'elektryczny' is the
--   fuel, not 'elektrycznie' of the mirrors);
-- - the body or fuel codes the application names for it (`extras`: {"diesel": ["paliwo-on"]});
-- - the code of every equipment item one of whose words it is, starts (from two letters) or corrects to;
-- a word without any of these stands as itself, so that it finds nothing rather than being left out.
DROP FUNCTION "search_plan"(text, jsonb);--> statement-breakpoint
-- PL/pgSQL rather than SQL: its statement's plan is kept for the session instead of being made on
-- every call (3-10 ms a search on PGlite).
CREATE FUNCTION "search_plan"(query text, extras jsonb) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  planned tsquery;
BEGIN
  WITH words AS (
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_normalize(query)))) AS w
  ), corrections AS (
    SELECT w, c.word, c.in_name FROM words, LATERAL (
      SELECT l.word, l.in_name FROM search_lexicon l
      WHERE length(w) >= 4 AND extras -> w IS NULL AND l.word % w AND similarity(l.word, w) >= 0.45
        AND NOT EXISTS (SELECT 1 FROM search_lexicon p WHERE starts_with(p.word, w))
      ORDER BY similarity(l.word, w) DESC, l.word LIMIT 3) AS c
  ), started AS (
    SELECT d.w, l.word, count(*) OVER (PARTITION BY d.w) AS n
    FROM words d JOIN search_lexicon l
      ON l.in_name AND (l.word = d.w OR (length(d.w) > 1 AND starts_with(l.word, d.w)))
  ), alts AS (
    SELECT w, CASE WHEN n > 64 THEN quote_literal(w) || ':*' ELSE quote_literal(word) END AS alt FROM started
    UNION ALL
    SELECT w, quote_literal(word) FROM corrections WHERE in_name
    UNION ALL
    SELECT w, quote_literal(e) FROM words, jsonb_array_elements_text(coalesce(extras -> w, '[]'::jsonb)) AS e
    UNION ALL
    SELECT d.w, quote_literal('#' || i.id) FROM words d, equipment_items i
    WHERE EXISTS (
      SELECT 1 FROM unnest(i.words) AS x
      WHERE x = d.w OR (length(d.w) > 1 AND starts_with(x, d.w))
        OR x IN (SELECT c.word FROM corrections c WHERE c.w = d.w))
  ), per_word AS (
    SELECT '(' || string_agg(DISTINCT alt, ' | ') || ')' AS alts FROM alts GROUP BY w
    UNION ALL
    SELECT quote_literal(w) FROM words WHERE w NOT IN (SELECT w FROM alts)
  )
  -- Words with the same alternatives ('kamera cofania': both only the item 'Kamera cofania') are one
  -- condition: repeated, it would make the planner think the search rare and skip the filters' indexes.
  SELECT string_agg(DISTINCT alts, ' & ')::tsquery INTO planned FROM per_word;
  RETURN planned;
END $$;--> statement-breakpoint
SELECT learn_equipment(jsonb_agg(e)) FROM "offer_texts" t, jsonb_array_elements(t.equipment) AS e HAVING count(*) > 0;--> statement-breakpoint
UPDATE "offers" o SET "search_words" = offer_document(o, t.equipment) FROM "offer_texts" t
  WHERE t.offer_id = o.id AND jsonb_array_length(t.equipment) > 0;
