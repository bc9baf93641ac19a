-- Every process hears which live sessions end, however they end (a sign-out, a password reset, a revocation, a
-- block, an account removed): a browser's signed copy of a session, which counts for a minute without the
-- database (the cookie cache), then counts for nothing at once (auth/ended-sessions.ts). Expired sessions swept
-- away are not announced: their copies have expired too. The ids go 200 to a notification, within its 8,000 bytes.
CREATE OR REPLACE FUNCTION "announce_ended_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  FOR ids IN
    SELECT string_agg("id", ' ') FROM (
      SELECT "id", (row_number() OVER () - 1) / 200 AS "chunk" FROM "ended" WHERE "expires_at" > now()
    ) AS "live" GROUP BY "chunk"
  LOOP
    PERFORM pg_notify('sessions_ended', ids);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "ended"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_ended_sessions"();
