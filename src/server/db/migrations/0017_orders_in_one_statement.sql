-- Several buyers' orders in one statement, one after the other in the order given, each as place_order
-- (migration 0016) places it: the server sends together the orders that arrived while its previous statement
-- ran (decision 24). p_orders is an array of {toolId, quantity, maxTotalCents, userId, address, number, email,
-- userName}. Answers a row per order, by its place in p_orders (from 1): place_order's answer, or nulls where
-- it answered nothing.
CREATE OR REPLACE FUNCTION "place_orders"(p_orders jsonb, p_hold_hours integer, p_max_unpaid integer)
RETURNS TABLE ("item" bigint, "placed" jsonb, "change" text, "unpaid_cap_reached" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
BEGIN
  FOR o, "item" IN SELECT "value", "ordinality" FROM jsonb_array_elements(p_orders) WITH ORDINALITY LOOP
    "placed" := NULL;
    "change" := NULL;
    "unpaid_cap_reached" := NULL;
    SELECT p."placed", p."change", p."unpaid_cap_reached" INTO "placed", "change", "unpaid_cap_reached"
      FROM "place_order"((o->>'toolId')::uuid, (o->>'quantity')::integer, (o->>'maxTotalCents')::bigint,
        o->>'userId', o->>'address', o->>'number', o->>'email', o->>'userName', p_hold_hours, p_max_unpaid) AS p;
    RETURN NEXT;
  END LOOP;
END
$$;
