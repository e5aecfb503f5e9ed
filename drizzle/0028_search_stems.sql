-- Polish endings in the text search: 'skóra' finds the item 'Skórzana tapicerka', 'fotelami' finds
-- 'fotele'. search_plan (migration 0018_equipment_search_codes) is the same, but a word of five letters
-- or more that no catalogue word starts with also matches the words that start with its stem: the word
-- without its last one or two letters (at least four kept), where Polish puts its endings. Trigram
-- similarity alone misses these ('skora' ~ 'skorzana' is 0.36).
CREATE OR REPLACE FUNCTION "search_plan"(query text, extras jsonb) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
  planned tsquery;
BEGIN
  WITH words AS (
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_normalize(query)))) AS w
  ), unstarted AS (
    SELECT w FROM words d
    WHERE length(w) >= 4 AND extras -> w IS NULL
      AND NOT EXISTS (SELECT 1 FROM search_lexicon p WHERE starts_with(p.word, d.w))
  ), corrections AS (
    SELECT w, c.word, c.in_name FROM unstarted, LATERAL (
      SELECT l.word, l.in_name FROM search_lexicon l
      WHERE l.word % w AND similarity(l.word, w) >= 0.45
      ORDER BY similarity(l.word, w) DESC, l.word LIMIT 3) AS c
    UNION
    SELECT w, l.word, l.in_name FROM unstarted, search_lexicon l
    WHERE length(w) >= 5 AND starts_with(l.word, left(w, greatest(4, length(w) - 2)))
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
  SELECT string_agg(DISTINCT alts, ' & ')::tsquery INTO planned FROM per_word;
  RETURN planned;
END $$;
