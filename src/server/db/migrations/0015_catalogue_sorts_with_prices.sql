-- Each sort's index holds the tool's price as well, so that a page of the unsearched catalogue with a price
-- filter is found among the index's entries alone (an index-only scan), and only its own tools are read
-- (tools.repo.ts). "Tools from 1 to 25 dollars by name" passed over 32,000 tools read whole to reach page 36.
-- The name sort needs a column for that: PostgreSQL reads no index on an expression such as lower(name)
-- without reading the table. Kept out of schema.ts, as the search's words are, so that no query of the tools
-- reads it by accident.
DROP INDEX "tools_name_idx";--> statement-breakpoint
DROP INDEX "tools_newest_idx";--> statement-breakpoint
CREATE INDEX "tools_newest_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price_cents");--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name_key","id","price_cents");
