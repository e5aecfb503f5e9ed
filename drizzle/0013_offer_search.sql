-- Text search over the catalogue (issue 14): one search box over make, model, version, body, fuel
-- and equipment, forgiving of missing Polish diacritics and of typos. PostgreSQL's own tools, on the
-- embedded database too (PGlite loads both extensions): unaccent for the diacritics, pg_trgm for
-- substrings and word similarity ('oktavia' finds 'octavia'), full-text search for equipment words.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The SQL twin of normalizeForSearch (src/domain/search-text.ts): diacritics off (ł → l included),
-- lower case, white space collapsed. unaccent() runs before lower() because lower() of the embedded
-- database's C locale leaves non-ASCII letters alone ('Ł'). The dictionary is named, so the function
-- may be IMMUTABLE (a stored document and its index must not change meaning with search_path).
CREATE FUNCTION "search_normalize"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, translate(t, 'łŁ', 'lL'))), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- search_name: the normalised "make model version", short, for substrings and typos (trigrams).
-- search_words: the same plus the equipment (offer_texts), as words for prefix search.
ALTER TABLE "offers" ADD COLUMN "search_name" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_words" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION "offer_search_words"(name text, equipment jsonb) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, name || ' ' || search_normalize(coalesce(
    (SELECT string_agg(e, ' ') FROM jsonb_array_elements_text(coalesce(equipment, '[]'::jsonb)) AS e), '')))
$$;--> statement-breakpoint
CREATE FUNCTION "offer_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_name := search_normalize(concat_ws(' ', NEW.make, NEW.model, NEW.version));
  NEW.search_words := offer_search_words(NEW.search_name,
    (SELECT t.equipment FROM offer_texts t WHERE t.offer_id = NEW.id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "offers_search_fill" BEFORE INSERT OR UPDATE OF "make", "model", "version" ON "offers"
  FOR EACH ROW EXECUTE FUNCTION "offer_search_fill"();--> statement-breakpoint
-- Equipment arrives after its offer (offer_texts references offers): one UPDATE per statement, so a
-- bulk insert of texts (the demo seed) costs one pass, not one per row.
CREATE FUNCTION "offer_texts_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers o SET search_words = offer_search_words(o.search_name, n.equipment)
    FROM changed_texts n WHERE o.id = n.offer_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "offer_texts_search_insert" AFTER INSERT ON "offer_texts"
  REFERENCING NEW TABLE AS changed_texts FOR EACH STATEMENT EXECUTE FUNCTION "offer_texts_search_fill"();--> statement-breakpoint
CREATE TRIGGER "offer_texts_search_update" AFTER UPDATE ON "offer_texts"
  REFERENCING NEW TABLE AS changed_texts FOR EACH STATEMENT EXECUTE FUNCTION "offer_texts_search_fill"();--> statement-breakpoint
UPDATE "offers" o SET "search_name" = search_normalize(concat_ws(' ', o.make, o.model, o.version));--> statement-breakpoint
UPDATE "offers" o SET "search_words" = offer_search_words(o.search_name, t.equipment)
  FROM "offer_texts" t WHERE t.offer_id = o.id;--> statement-breakpoint
CREATE INDEX "offers_search_name_trgm_idx" ON "offers" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_search_words_idx" ON "offers" USING gin ("search_words");
