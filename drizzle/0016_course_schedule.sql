CREATE TABLE "course_schedule" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'all' NOT NULL,
	"drip_days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_schedule_one_row" CHECK ("course_schedule"."id" = 1),
	CONSTRAINT "course_schedule_mode_check" CHECK ("course_schedule"."mode" in ('all', 'in-order', 'drip'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "schedule_lifted_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand: the one row, with the schedule off, so the course behaves as before
-- (docs/decisions/0090-course-schedule.md).
INSERT INTO "course_schedule" ("id") VALUES (1);
