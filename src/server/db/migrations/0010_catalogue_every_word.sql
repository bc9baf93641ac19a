-- The catalogue's words are split where a search splits them, at punctuation as well as spaces: "1/2-inch" is
-- the words 1, 2 and inch, so that a search for "1/2" or "6204-2RS" finds it (the text parser kept
-- "1/2-inch" and "6204-2rs" whole, and no search word could begin them).
-- catalogue_words keeps every word, not only those of four letters or more: a search word is looked up as the
-- beginning of the catalogue's words (hex: hex, hexagon) and searched as those whole words, which the
-- search index answers many times faster than the prefix hex:*.
CREATE OR REPLACE FUNCTION "tools_index_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_words" := to_tsvector('simple',
    regexp_replace(NEW."name" || ' ' || NEW."details", '[[:punct:]]+', ' ', 'g'));
  INSERT INTO "catalogue_words" ("word")
    SELECT DISTINCT lexeme FROM unnest(NEW."search_words")
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
TRUNCATE "catalogue_words";--> statement-breakpoint
UPDATE "tools" SET "name" = "name";--> statement-breakpoint
-- Words that begin with a search word, in byte order whatever the database's collation.
CREATE INDEX "catalogue_words_prefix_idx" ON "catalogue_words" ("word" COLLATE "C");--> statement-breakpoint
-- Typos are still looked for among words of four letters or more only.
DROP INDEX "catalogue_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "catalogue_words_trgm_idx" ON "catalogue_words" USING gin ("word" gin_trgm_ops)
  WHERE "word" ~ '^[[:alpha:]]{4,}$';--> statement-breakpoint
ANALYZE "tools";
