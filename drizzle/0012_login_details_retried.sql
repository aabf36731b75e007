ALTER TABLE "user" ADD COLUMN "login_details" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "login_details_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "login_details_last_error" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "login_details_next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_login_details_pending_idx" ON "user" USING btree ("login_details_next_attempt_at") WHERE "user"."login_details" = 'pending';--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_login_details_check" CHECK ("user"."login_details" in ('pending', 'sent'));