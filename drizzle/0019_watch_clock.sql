CREATE TABLE "watch_clock" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"reports" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_clock" ADD CONSTRAINT "watch_clock_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each learner who has watched already: their latest report's time, and as many reports as lessons watched.
INSERT INTO "watch_clock" ("user_id", "reported_at", "reports") SELECT "user_id", max("updated_at"), count(*) FROM "lesson_watch" GROUP BY "user_id";
