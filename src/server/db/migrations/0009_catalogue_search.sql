-- Trigram search (pg_trgm ships with PostgreSQL and, loaded by db/client.ts, with PGlite): a trusted extension
-- that the database's owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("user_name" || ' ' || "email" || ' ' || "product_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_search_trgm_idx" ON "tools" USING gin (("name" || ' ' || "details") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_price_idx" ON "tools" USING btree ("price_cents","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops);