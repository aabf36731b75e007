CREATE TABLE "lesson_watch" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"ranges" jsonb NOT NULL,
	"position_seconds" double precision NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"percent_watched" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_watch_user_id_module_id_lesson_id_pk" PRIMARY KEY("user_id","module_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"upload_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"original_name" text NOT NULL,
	"duration_seconds" double precision,
	"poster_media_id" text,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_watch" ADD CONSTRAINT "lesson_watch_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_watch_updated_at_idx" ON "lesson_watch" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_upload_id_idx" ON "media" USING btree ("upload_id");