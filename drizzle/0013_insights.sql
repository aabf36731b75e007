ALTER TABLE "user" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "source" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempt" ADD COLUMN "wrong_question_ids" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(answers, '$[*] ? (@.correct == false).questionId')) STORED;--> statement-breakpoint
-- Written by hand: the accounts made before this migration get their source and first sign-in from
-- what was recorded then (docs/decisions/0087-owner-insights.md). The audit entry of the account's
-- creation names how it was made; a purchase delivery names the webhook's accounts even once that
-- entry has been pruned.
UPDATE "user" SET "source" = "created"."via"
FROM (
  SELECT DISTINCT ON ("target_id") "target_id", "detail" ->> 'via' AS "via"
  FROM "audit_log" WHERE "action" = 'user_created' AND "detail" ->> 'via' IS NOT NULL
  ORDER BY "target_id", "created_at"
) AS "created"
WHERE "created"."target_id" = "user"."id";--> statement-breakpoint
UPDATE "user" SET "source" = 'webhook'
WHERE EXISTS (SELECT 1 FROM "purchase_event" WHERE "purchase_event"."user_id" = "user"."id");--> statement-breakpoint
-- The first sign-in on record; where the audit log no longer has it, the earliest trace of the
-- learner having been signed in (a module completed, a knowledge check, a video, the last activity).
UPDATE "user" SET "first_signed_in_at" = "first"."at"
FROM (
  SELECT "u"."id", least(
    (SELECT min("created_at") FROM "audit_log" WHERE "action" = 'sign_in' AND "target_id" = "u"."id"),
    (SELECT min("completed_at") FROM "module_progress" WHERE "user_id" = "u"."id"),
    (SELECT min("created_at") FROM "quiz_attempt" WHERE "user_id" = "u"."id"),
    (SELECT min("updated_at") FROM "lesson_watch" WHERE "user_id" = "u"."id"),
    "u"."last_activity_at"
  ) AS "at"
  FROM "user" AS "u"
) AS "first"
WHERE "first"."id" = "user"."id" AND "first"."at" IS NOT NULL;
