-- Counts one request against each key (rate-limit.ts): a key's window starts with its first request, on the
-- database's clock, and starts afresh with the first request after it ends. Answers each key's hits and the
-- seconds until its window ends. A function, for the reason place_order is one: its statement is planned once
-- per connection, not again for every request (the statement sent as text cost three times a query's time).
CREATE FUNCTION "count_request_hits"(p_keys text[], p_window_seconds integer)
RETURNS TABLE ("hit_key" text, "hit_count" integer, "reset_in" integer)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO "request_limits" AS "l" ("key", "window_start", "hits")
    SELECT "k", now(), 1 FROM unnest(p_keys) AS "k"
  ON CONFLICT ("key") DO UPDATE SET
    "hits" = CASE WHEN "l"."window_start" > now() - make_interval(secs => p_window_seconds)
      THEN "l"."hits" + 1 ELSE 1 END,
    "window_start" = CASE WHEN "l"."window_start" > now() - make_interval(secs => p_window_seconds)
      THEN "l"."window_start" ELSE now() END
  RETURNING "l"."key", "l"."hits",
    ceil(extract(epoch FROM "l"."window_start" + make_interval(secs => p_window_seconds) - now()))::int;
END
$$;
