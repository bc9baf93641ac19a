DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "reviews_created_at_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_user_id_idx" ON "reviews" USING btree ("user_id");