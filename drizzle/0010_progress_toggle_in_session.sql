-- PUT /api/progress/:module on PostgreSQL in one round trip: the session check and the toggle
-- (0009) in one call (docs/decisions/0073-progress-write-in-one-round-trip.md). The session is
-- looked up exactly as the app's session check does (src/server/auth/session-reader.ts); the
-- module is toggled only when that check finds a live session whose learner has no temporary
-- password to replace, the one refusal the route's guard makes after it (src/server/auth/guards.ts),
-- so a request the guard refuses has written nothing. `progress` is null when nothing was written.

-- The name a certificate is issued under, as recipientName (src/server/certificates/certificate.ts)
-- gives it: the full name without the whitespace JavaScript's trim() takes off its ends, else the
-- e-mail address.
CREATE FUNCTION "certificate_recipient_name"(full_name text, email text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(full_name,
    U&'\0009\000A\000B\000C\000D\0020\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000\FEFF'),
    ''), email)
$$;
--> statement-breakpoint
CREATE FUNCTION "toggle_module_progress_in_session"(
  session_token text, toggled_module_id text, is_completed boolean, written_at timestamptz, new_certificate_id text
) RETURNS TABLE (
  session_id text, session_expires_ms float8, user_id text, user_email text, user_name text, user_role text,
  user_must_change_password boolean, user_two_factor_enabled boolean, progress json
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT s."id", (extract(epoch FROM s."expires_at") * 1000)::float8, u."id", u."email", u."name", u."role",
         u."must_change_password", u."two_factor_enabled"
  INTO session_id, session_expires_ms, user_id, user_email, user_name, user_role,
       user_must_change_password, user_two_factor_enabled
  FROM "session" AS s INNER JOIN "user" AS u ON u."id" = s."user_id"
  WHERE s."token" = session_token AND s."expires_at" > now() AND u."banned" = false
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF NOT user_must_change_password THEN
    SELECT coalesce(json_agg(json_build_array(t."progress_module_id", t."progress_completed_ms")), '[]'::json)
    INTO progress
    FROM toggle_module_progress(user_id, toggled_module_id, is_completed, written_at, new_certificate_id,
                                certificate_recipient_name(user_name, user_email)) AS t;
  END IF;
  RETURN NEXT;
END
$$;
