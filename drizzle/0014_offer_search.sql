-- Text search over the catalogue (issue 14): one search box over make, model, version, body, fuel
-- and equipment, forgiving of missing Polish diacritics and of typos. PostgreSQL's own tools, on the
-- embedded database too (PGlite loads both extensions): unaccent for the diacritics, full-text
-- search (prefixes of words), pg_trgm to correct a typo against the words the catalogue uses.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The SQL twin of normalizeForSearch (src/domain/search-text.ts): diacritics off (ł → l included),
-- lower case, white space collapsed. unaccent() runs before lower() because lower() of the embedded
-- database's C locale leaves non-ASCII letters alone ('Ł'). The dictionary is named, so the function
-- may be IMMUTABLE (stored documents must not change meaning with search_path).
CREATE FUNCTION "search_normalize"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, translate(t, 'łŁ', 'lL'))), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- The words of an offer. offers.search_words: make, model, version and the body and fuel codes
-- ('nadwozie-suv', 'paliwo-el'; the application maps 'diesel' or 'kombi' to them), small so list rows
-- stay narrow. offer_texts.search_words: the same plus the equipment, read only when a search word is
-- an equipment word (see search_plan).
CREATE FUNCTION "offer_name_words"(make text, model text, version text, body text, fuel text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, search_normalize(concat_ws(' ', make, model, version)))
    || array_to_tsvector(ARRAY['nadwozie-' || lower(body), 'paliwo-' || lower(fuel)])
$$;--> statement-breakpoint
CREATE FUNCTION "equipment_words"(equipment jsonb) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, search_normalize(coalesce(
    (SELECT string_agg(e, ' ') FROM jsonb_array_elements_text(coalesce(equipment, '[]'::jsonb)) AS e), '')))
$$;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_words" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "offer_texts" ADD COLUMN "search_words" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
-- Every word the documents use, for typo correction ('oktavia' → 'octavia') and to know whether a
-- search word can be an equipment word. Words are only added: one no longer used corrects to nothing.
CREATE TABLE "search_lexicon" (
  "word" text PRIMARY KEY,
  "in_name" boolean NOT NULL DEFAULT false,
  "in_equipment" boolean NOT NULL DEFAULT false
);--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "offer_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_words := offer_name_words(NEW.make, NEW.model, NEW.version, NEW.body_type, NEW.fuel_type);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_search_fill" BEFORE INSERT OR UPDATE OF "make", "model", "version", "body_type", "fuel_type"
  ON "offers" FOR EACH ROW EXECUTE FUNCTION "offer_search_fill"();--> statement-breakpoint
CREATE FUNCTION "offer_texts_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_words := coalesce((SELECT o.search_words FROM offers o WHERE o.id = NEW.offer_id), ''::tsvector)
    || equipment_words(NEW.equipment);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_search_fill" BEFORE INSERT OR UPDATE OF "equipment" ON "offer_texts"
  FOR EACH ROW EXECUTE FUNCTION "offer_texts_search_fill"();--> statement-breakpoint
-- New words: once per statement for inserts (the demo seed inserts in batches), per row for the
-- rare updates that change them (a bid changes none, and pays nothing here).
CREATE FUNCTION "learn_words"(words tsvector, name boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_lexicon (word, in_name, in_equipment)
    SELECT w, name, NOT name FROM unnest(tsvector_to_array(words)) AS w
    ON CONFLICT (word) DO UPDATE SET in_name = search_lexicon.in_name OR name,
      in_equipment = search_lexicon.in_equipment OR NOT name
    WHERE (name AND NOT search_lexicon.in_name) OR (NOT name AND NOT search_lexicon.in_equipment)
$$;--> statement-breakpoint
CREATE FUNCTION "offers_inserted_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM learn_words(tsvector_agg, true) FROM (
    SELECT array_to_tsvector(array_agg(DISTINCT w)) AS tsvector_agg
    FROM changed_offers c, unnest(tsvector_to_array(c.search_words)) AS w) x WHERE tsvector_agg IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_words_insert" AFTER INSERT ON "offers" REFERENCING NEW TABLE AS changed_offers
  FOR EACH STATEMENT EXECUTE FUNCTION "offers_inserted_learn"();--> statement-breakpoint
CREATE FUNCTION "offer_updated_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM learn_words(NEW.search_words, true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_words_update" AFTER UPDATE ON "offers" FOR EACH ROW
  WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words) EXECUTE FUNCTION "offer_updated_learn"();--> statement-breakpoint
CREATE FUNCTION "texts_inserted_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM learn_words(tsvector_agg, false) FROM (
    SELECT array_to_tsvector(array_agg(DISTINCT w)) AS tsvector_agg
    FROM changed_texts c, unnest(tsvector_to_array(equipment_words(c.equipment))) AS w) x WHERE tsvector_agg IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_words_insert" AFTER INSERT ON "offer_texts" REFERENCING NEW TABLE AS changed_texts
  FOR EACH STATEMENT EXECUTE FUNCTION "texts_inserted_learn"();--> statement-breakpoint
CREATE FUNCTION "texts_updated_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM learn_words(equipment_words(NEW.equipment), false);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_words_update" AFTER UPDATE ON "offer_texts" FOR EACH ROW
  WHEN (OLD.equipment IS DISTINCT FROM NEW.equipment) EXECUTE FUNCTION "texts_updated_learn"();--> statement-breakpoint
-- A renamed offer (make, model, version, body, fuel) renames its full document too.
CREATE FUNCTION "offer_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offer_texts t SET search_words = NEW.search_words || equipment_words(t.equipment) WHERE t.offer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_names_changed" AFTER UPDATE ON "offers" FOR EACH ROW
  WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words) EXECUTE FUNCTION "offer_names_changed"();--> statement-breakpoint
-- One search as a tsquery: every word must match (AND); a word matches as the start of a document
-- word, as a correction of a typo (the closest words of the lexicon, pg_trgm similarity ≥ 0.45, only
-- when no lexicon word starts with it), or as the body or fuel codes the application names for it
-- (`extras`: {"diesel": ["paliwo-on"]}). names_only: no alternative of any word is an equipment
-- word, so offers.search_words answers alone (the quick path).
CREATE FUNCTION "search_plan"(query text, extras jsonb, OUT q tsquery, OUT names_only boolean)
  LANGUAGE sql STABLE AS $$
  WITH words AS (
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_normalize(query)))) AS w
  ), alts AS (
    SELECT w, quote_literal(w) || ':*' AS alt,
      NOT EXISTS (SELECT 1 FROM search_lexicon l WHERE l.in_equipment AND starts_with(l.word, w)) AS name_only
    FROM words
    UNION ALL
    SELECT w, quote_literal(c.word), NOT c.in_equipment FROM words, LATERAL (
      SELECT l.word, l.in_equipment FROM search_lexicon l
      WHERE length(w) >= 4 AND l.word % w AND similarity(l.word, w) >= 0.45
        AND NOT EXISTS (SELECT 1 FROM search_lexicon p WHERE starts_with(p.word, w))
      ORDER BY similarity(l.word, w) DESC, l.word LIMIT 3) AS c
    UNION ALL
    SELECT w, quote_literal(e), true FROM words, jsonb_array_elements_text(coalesce(extras -> w, '[]'::jsonb)) AS e
  ), per_word AS (
    SELECT '(' || string_agg(alt, ' | ') || ')' AS alts, bool_and(name_only) AS name_only FROM alts GROUP BY w
  )
  SELECT string_agg(alts, ' & ')::tsquery, coalesce(bool_and(name_only), true) FROM per_word
$$;--> statement-breakpoint
UPDATE "offers" SET "search_words" = offer_name_words(make, model, version, body_type, fuel_type);--> statement-breakpoint
UPDATE "offer_texts" t SET "search_words" = o.search_words || equipment_words(t.equipment)
  FROM "offers" o WHERE o.id = t.offer_id;--> statement-breakpoint
SELECT learn_words(array_to_tsvector(array_agg(DISTINCT w)), false)
  FROM "offer_texts" t, unnest(tsvector_to_array(equipment_words(t.equipment))) AS w HAVING count(*) > 0;--> statement-breakpoint
CREATE INDEX "offers_search_words_idx" ON "offers" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "offer_texts_search_words_idx" ON "offer_texts" USING gin ("search_words");
