-- An order in one statement, committed on its own: the buyer's unpaid-order cap, the stock, the order row and
-- the mails it causes. The tool's row lock is then held for the statement alone, never across a round trip to
-- the server process (decision 23). The mails are written as templates with their data ('order-booked' with
-- the order, 'low-stock' with the tool when this order took its stock below the minimum), which MailRelay
-- renders when it moves them into the mail queue. Answers nothing when the tool is gone, when its stock or its
-- minimum order refuses the quantity, or when the total would pass p_max_total_cents: the caller looks up
-- which. Answers only unpaid_cap_reached when the buyer already holds p_max_unpaid unpaid orders (0: no cap);
-- the buyer's row is locked while they are counted, so two orders of one buyer are counted one after the other.
DROP FUNCTION IF EXISTS "place_order"(uuid, integer, bigint, text, text, text, text, text, integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_order"(p_tool_id uuid, p_quantity integer, p_max_total_cents bigint, p_user_id text,
  p_address text, p_number text, p_email text, p_user_name text, p_hold_hours integer, p_max_unpaid integer)
RETURNS TABLE ("placed" jsonb, "change" text, "unpaid_cap_reached" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  reserved "tools";
BEGIN
  IF p_max_unpaid > 0 THEN
    PERFORM FROM "users" WHERE "id" = p_user_id FOR UPDATE;
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
      "quantity", "address", "number", "email", "user_name", "held_until")
    VALUES (p_user_id, reserved."id", reserved."name", reserved."image", reserved."price_cents",
      reserved."price_cents" * p_quantity, p_quantity, p_address, p_number, p_email, p_user_name,
      CASE WHEN p_hold_hours > 0 THEN now() + make_interval(hours => p_hold_hours) END)
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
$$;
