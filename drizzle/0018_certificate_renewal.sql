CREATE TABLE "certificate_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"valid_months" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_policy_one_row" CHECK ("certificate_policy"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "former_user_id" text;--> statement-breakpoint
INSERT INTO "certificate_policy" ("id", "valid_months") VALUES (1, NULL);--> statement-breakpoint
-- A certificate's expiry is fixed when it is issued, from the policy at that moment: the progress
-- statement that issues it (0009, and its PGlite twin) need not know the policy.
CREATE FUNCTION certificate_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Months on the UTC calendar, whatever the session's time zone (the dates shown are UTC's).
  SELECT (NEW.issued_at AT TIME ZONE 'UTC' + make_interval(months => valid_months)) AT TIME ZONE 'UTC' INTO NEW.expires_at
  FROM certificate_policy WHERE id = 1 AND valid_months IS NOT NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER certificate_expiry BEFORE INSERT ON "certificate" FOR EACH ROW EXECUTE FUNCTION certificate_expiry();
