CREATE TABLE "undeliverable_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"message" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "undeliverable_mails_failed_at_idx" ON "undeliverable_mails" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_held_until_idx" ON "orders" USING btree ("held_until") WHERE NOT "orders"."paid";--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key");