-- place_orders as in migration 0017, and for an order whose stock place_order did not take, why, from the tool
-- as that statement saw it: "refused" is 'missing' (no such tool), 'below-minimum' (with the tool's
-- "min_order_quantity"), 'not-enough-stock' or 'over-total', checked in that order. The server read the tool
-- again for each refusal, a statement of its own, after the tool's stock may have changed again.
DROP FUNCTION IF EXISTS "place_orders"(jsonb, integer, integer);--> statement-breakpoint
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
        o->>'userId', o->>'address', o->>'number', o->>'email', o->>'userName', p_hold_hours, p_max_unpaid) AS p;
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
