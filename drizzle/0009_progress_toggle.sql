-- Marking a module complete or incomplete on PostgreSQL, in one round trip
-- (docs/decisions/0063-progress-toggle-in-one-statement.md). Each statement of a VOLATILE
-- function takes a fresh snapshot, so after the table's write lock and the learner's row lock
-- the write, the recount and the progress read back see every earlier write of that learner:
-- two tabs completing the last two modules at once both count to the end, and each answer is
-- the progress right after its own write. The table lock comes first, the order a publish
-- (share lock on module_progress, then learners' rows) relies on.
CREATE FUNCTION "toggle_module_progress"(
  learner_id text, toggled_module_id text, is_completed boolean, written_at timestamptz,
  new_certificate_id text, new_recipient_name text
) RETURNS TABLE (progress_module_id text, progress_completed_ms float8) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  LOCK TABLE "module_progress" IN ROW EXCLUSIVE MODE;
  PERFORM 1 FROM "user" WHERE "id" = learner_id FOR UPDATE;
  IF NOT FOUND THEN
    -- Signed in a moment ago, deleted since.
    RAISE EXCEPTION 'no such learner' USING ERRCODE = 'no_data_found';
  END IF;
  IF is_completed THEN
    INSERT INTO "module_progress" ("user_id", "module_id", "completed_at")
    VALUES (learner_id, toggled_module_id, written_at) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM "module_progress" WHERE "user_id" = learner_id AND "module_id" = toggled_module_id;
  END IF;
  WITH "live" AS (
    SELECT "module_ids" FROM "course_version" ORDER BY "version" DESC LIMIT 1
  ),
  "counted" AS (
    UPDATE "user" SET
      "completed_modules" = (
        SELECT count(*) FROM "module_progress" AS "p", "live"
        WHERE "p"."user_id" = learner_id AND "p"."module_id" = ANY ("live"."module_ids")
      ),
      "last_activity_at" = written_at
    WHERE "id" = learner_id RETURNING "completed_modules"
  )
  INSERT INTO "certificate" ("id", "user_id", "recipient_name", "completed_at", "issued_at", "module_count")
  SELECT new_certificate_id, learner_id, new_recipient_name, written_at, written_at, cardinality("live"."module_ids")
  FROM "counted", "live" WHERE "counted"."completed_modules" = cardinality("live"."module_ids")
  ON CONFLICT ("user_id") DO NOTHING;
  RETURN QUERY
    SELECT "p"."module_id", (extract(epoch FROM "p"."completed_at") * 1000)::float8
    FROM "module_progress" AS "p" WHERE "p"."user_id" = learner_id;
END
$$;
