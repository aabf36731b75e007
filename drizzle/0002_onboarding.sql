DROP INDEX "purchase_event_order_event_idx";--> statement-breakpoint
ALTER TABLE "purchase_event" ADD COLUMN "replay_of" text;--> statement-breakpoint
ALTER TABLE "purchase_event" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "completed_modules" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_event_order_event_idx" ON "purchase_event" USING btree ("order_id","event") WHERE "purchase_event"."replay_of" is null and "purchase_event"."result" not in ('rejected', 'failed');--> statement-breakpoint
-- Existing accounts: the modules they have completed, and their latest activity the data still shows.
UPDATE "user" SET
  "completed_modules" = (SELECT count(*) FROM "module_progress" WHERE "module_progress"."user_id" = "user"."id"),
  "last_activity_at" = (
    SELECT max("at") FROM (
      SELECT max("completed_at") AS "at" FROM "module_progress" WHERE "module_progress"."user_id" = "user"."id"
      UNION ALL
      SELECT max("created_at") FROM "session" WHERE "session"."user_id" = "user"."id"
    ) AS "activity"
  );
