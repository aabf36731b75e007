CREATE TABLE "course_module_draft" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"content" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_version" (
	"version" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"module_ids" text[] NOT NULL,
	"note" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_by_name" text NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
-- Progress moves from module numbers to the modules' stable ids. The seed (0004_course_seed.sql)
-- gives module n the id 'm' || n, so every existing row stays on its module and every learner's
-- user.completed_modules stays right.
ALTER TABLE "module_progress" ADD COLUMN "module_id" text;--> statement-breakpoint
UPDATE "module_progress" SET "module_id" = 'm' || "module_number";--> statement-breakpoint
ALTER TABLE "module_progress" ALTER COLUMN "module_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "module_progress" DROP CONSTRAINT "module_progress_module_number_check";--> statement-breakpoint
ALTER TABLE "module_progress" DROP CONSTRAINT "module_progress_user_id_module_number_pk";--> statement-breakpoint
ALTER TABLE "module_progress" DROP COLUMN "module_number";--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_user_id_module_id_pk" PRIMARY KEY("user_id","module_id");--> statement-breakpoint
-- The certificates issued so far certify the eight modules the course had.
ALTER TABLE "certificate" ADD COLUMN "module_count" smallint;--> statement-breakpoint
UPDATE "certificate" SET "module_count" = 8;--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "module_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_module_draft" ADD CONSTRAINT "course_module_draft_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_version" ADD CONSTRAINT "course_version_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
