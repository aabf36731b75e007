DROP INDEX "purchase_event_order_event_idx";--> statement-breakpoint
ALTER TABLE "purchase_event" ADD COLUMN "replay_of" text;--> statement-breakpoint
ALTER TABLE "purchase_event" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_event_order_event_idx" ON "purchase_event" USING btree ("order_id","event") WHERE "purchase_event"."replay_of" is null and "purchase_event"."result" not in ('rejected', 'failed');