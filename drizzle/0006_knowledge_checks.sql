CREATE TABLE "quiz_attempt" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"course_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempt" ADD CONSTRAINT "quiz_attempt_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempt_user_module_idx" ON "quiz_attempt" USING btree ("user_id","module_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_attempt_module_idx" ON "quiz_attempt" USING btree ("module_id","created_at");