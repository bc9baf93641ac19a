-- Trigram search of the admin tables (pg_trgm ships with PostgreSQL and, loaded by db/client.ts, with
-- PGlite; a trusted extension that the database's owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "tools_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("user_name" || ' ' || "email" || ' ' || "product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_newest_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tools_price_idx" ON "tools" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- The catalogue's search (modules/tools/catalogue-search.ts), kept out of schema.ts so that no query of the
-- tools reads it by accident: the words of each tool's name and details, and their index. A trigger keeps
-- them, rather than a generated column, so that the stock writes of orders do not recompute them.
ALTER TABLE "tools" ADD COLUMN "search_words" tsvector;--> statement-breakpoint
-- Every word of four letters or more that the catalogue has ever used: a search word that starts none of
-- them is taken for a typo of the most similar ones.
CREATE TABLE "catalogue_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "catalogue_words_trgm_idx" ON "catalogue_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "tools_index_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_words" := to_tsvector('simple', NEW."name" || ' ' || NEW."details");
  INSERT INTO "catalogue_words" ("word")
    SELECT DISTINCT lexeme FROM unnest(NEW."search_words") WHERE lexeme ~ '^[[:alpha:]]{4,}$'
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_index_words" BEFORE INSERT OR UPDATE OF "name", "details" ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "tools_index_words"();--> statement-breakpoint
UPDATE "tools" SET "name" = "name";--> statement-breakpoint
CREATE INDEX "tools_search_words_idx" ON "tools" USING gin ("search_words");
--> statement-breakpoint
ANALYZE "tools";
