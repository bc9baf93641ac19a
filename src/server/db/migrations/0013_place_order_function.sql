-- A write of one tool's stock as every server process hears of it (`id revision stock updated-at-ms`):
-- tools.repo.ts parseStockChange reads it.
CREATE FUNCTION "tool_stock_change"("tool" "tools") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', "tool"."id", "tool"."stock_revision", "tool"."available_quantity",
    floor(extract(epoch FROM "tool"."updated_at") * 1000)::bigint)
$$;--> statement-breakpoint
-- Takes an order's quantity from a tool's stock and records the order, in one call. A statement sent as text
-- is parsed and planned again every time, which was most of an order's cost on the embedded database; a
-- function's statements are planned once per connection. Answers nothing when the tool is gone, when its stock
-- or its minimum order refuses the quantity, or when the total would pass p_max_total_cents: the caller looks
-- up which. The stock change is announced on catalogue_changed, delivered at commit.
CREATE FUNCTION "place_order"(p_tool_id uuid, p_quantity integer, p_max_total_cents bigint, p_user_id text,
  p_address text, p_number text, p_email text, p_user_name text, p_hold_hours integer)
RETURNS TABLE ("placed" jsonb, "change" text, "stock_left" integer, "minimum" integer)
LANGUAGE plpgsql AS $$
DECLARE
  reserved "tools";
BEGIN
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
  "stock_left" := reserved."available_quantity";
  "minimum" := reserved."min_order_quantity";
  RETURN NEXT;
END
$$;
