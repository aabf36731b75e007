-- Adding a serial column numbers the certificates already issued: each gets its status list bit.
ALTER TABLE "certificate" ADD COLUMN "status_index" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "credential" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_status_index_idx" ON "certificate" USING btree ("status_index");--> statement-breakpoint
-- A deleted account's certificate (decision 0037) is revoked from the start.
UPDATE "certificate" SET "revoked_at" = now() WHERE "user_id" IS NULL;--> statement-breakpoint
CREATE TABLE "credential_key" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"secret_key_multibase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credential_key_current_idx" ON "credential_key" USING btree ((true)) WHERE "credential_key"."retired_at" is null;--> statement-breakpoint
CREATE TABLE "credential_status_list" (
	"id" integer PRIMARY KEY NOT NULL,
	"credential" jsonb NOT NULL,
	"revoked_count" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
