-- The catalogue's words as their compatibility characters stand for (Unicode's NFKC): full-width letters and
-- digits, ligatures such as "ﬁ", superscripts and fractions are indexed as the plain characters a buyer types,
-- and a search folds its words alike (catalogue-search.ts). Otherwise as in migration 0010. Only the tools
-- whose text the folding changes are indexed again.
CREATE OR REPLACE FUNCTION "tools_index_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_words" := to_tsvector('simple',
    regexp_replace(normalize(NEW."name" || ' ' || NEW."details", NFKC), '[[:punct:]]+', ' ', 'g'));
  INSERT INTO "catalogue_words" ("word")
    SELECT DISTINCT lexeme FROM unnest(NEW."search_words")
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "tools" SET "name" = "name" WHERE ("name" || ' ' || "details") IS NOT NFKC NORMALIZED;
