-- A purchase's request key (the Idempotency-Key header): the buyer's retry of a request whose answer was lost
-- finds the order the first one placed instead of placing another. Unique per buyer; no key, no check.
ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_request_key_idx" ON "orders" USING btree ("user_id","request_key");--> statement-breakpoint
-- place_order as in migration 0016, with the request key: when the buyer already has an order with that key,
-- and for the same tool and quantity, it answers that order as placed and takes no stock ("change" stays
-- null); for another tool or quantity it goes on and the unique index refuses the order as a whole. The
-- buyer's row is locked first whenever there is a key, so that two requests with one key, in two processes,
-- are looked up one after the other.
DROP FUNCTION IF EXISTS "place_order"(uuid, integer, bigint, text, text, text, text, text, integer, integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_order"(p_tool_id uuid, p_quantity integer, p_max_total_cents bigint, p_user_id text,
  p_address text, p_number text, p_email text, p_user_name text, p_hold_hours integer, p_max_unpaid integer,
  p_request_key text DEFAULT NULL)
RETURNS TABLE ("placed" jsonb, "change" text, "unpaid_cap_reached" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  reserved "tools";
  earlier "orders";
BEGIN
  IF p_max_unpaid > 0 OR p_request_key IS NOT NULL THEN
    PERFORM FROM "users" WHERE "id" = p_user_id FOR UPDATE;
  END IF;
  IF p_request_key IS NOT NULL THEN
    SELECT * INTO earlier FROM "orders" WHERE "user_id" = p_user_id AND "request_key" = p_request_key;
    IF FOUND AND earlier."tool_id" IS NOT DISTINCT FROM p_tool_id AND earlier."quantity" = p_quantity THEN
      "placed" := to_jsonb(earlier);
      "unpaid_cap_reached" := false;
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  IF p_max_unpaid > 0 THEN
    IF (SELECT count(*) FROM "orders" WHERE "user_id" = p_user_id AND NOT "paid") >= p_max_unpaid THEN
      "unpaid_cap_reached" := true;
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  UPDATE "tools" SET "available_quantity" = "available_quantity" - p_quantity, "updated_at" = now(),
      "stock_revision" = "stock_revision" + 1
    WHERE "id" = p_tool_id AND "available_quantity" >= p_quantity AND "min_order_quantity" <= p_quantity
      AND "price_cents"::bigint * p_quantity <= p_max_total_cents
    RETURNING * INTO reserved;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  "change" := "tool_stock_change"(reserved);
  PERFORM pg_notify('catalogue_changed', "change");
  INSERT INTO "orders" ("user_id", "tool_id", "product_name", "img", "unit_price_cents", "price_cents",
      "quantity", "address", "number", "email", "user_name", "held_until", "request_key")
    VALUES (p_user_id, reserved."id", reserved."name", reserved."image", reserved."price_cents",
      reserved."price_cents" * p_quantity, p_quantity, p_address, p_number, p_email, p_user_name,
      CASE WHEN p_hold_hours > 0 THEN now() + make_interval(hours => p_hold_hours) END, p_request_key)
    RETURNING to_jsonb("orders".*) INTO "placed";
  INSERT INTO "pending_mails" ("message")
    VALUES (jsonb_build_object('template', 'order-booked', 'data', "placed"));
  -- An order needs at least the minimum, so only the order that takes the stock below it sees it there.
  IF reserved."available_quantity" < reserved."min_order_quantity" THEN
    INSERT INTO "pending_mails" ("message")
      VALUES (jsonb_build_object('template', 'low-stock', 'data', jsonb_build_object('toolId', reserved."id",
        'name', reserved."name", 'stock', reserved."available_quantity",
        'minimum', reserved."min_order_quantity")));
  END IF;
  "unpaid_cap_reached" := false;
  RETURN NEXT;
END
$$;--> statement-breakpoint
-- place_orders as in migration 0018, passing each order's request key ("requestKey", absent: none).
CREATE OR REPLACE FUNCTION "place_orders"(p_orders jsonb, p_hold_hours integer, p_max_unpaid integer)
RETURNS TABLE ("item" bigint, "placed" jsonb, "change" text, "unpaid_cap_reached" boolean, "refused" text,
  "min_order_quantity" integer)
LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
  wanted integer;
BEGIN
  FOR o, "item" IN SELECT "value", "ordinality" FROM jsonb_array_elements(p_orders) WITH ORDINALITY LOOP
    wanted := (o->>'quantity')::integer;
    "placed" := NULL;
    "change" := NULL;
    "unpaid_cap_reached" := NULL;
    "refused" := NULL;
    "min_order_quantity" := NULL;
    SELECT p."placed", p."change", p."unpaid_cap_reached" INTO "placed", "change", "unpaid_cap_reached"
      FROM "place_order"((o->>'toolId')::uuid, wanted, (o->>'maxTotalCents')::bigint,
        o->>'userId', o->>'address', o->>'number', o->>'email', o->>'userName', p_hold_hours, p_max_unpaid,
        o->>'requestKey') AS p;
    IF "unpaid_cap_reached" IS NULL THEN
      SELECT CASE
          WHEN wanted < t."min_order_quantity" THEN 'below-minimum'
          WHEN wanted > t."available_quantity" THEN 'not-enough-stock'
          ELSE 'over-total'
        END, t."min_order_quantity"
        INTO "refused", "min_order_quantity"
        FROM "tools" t WHERE t."id" = (o->>'toolId')::uuid;
      "refused" := coalesce("refused", 'missing');
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
