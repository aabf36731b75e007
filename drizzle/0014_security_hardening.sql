ALTER TABLE "two_factor" ADD COLUMN "last_accepted_step" bigint;--> statement-breakpoint
-- Hand-written (docs/decisions/0048-audit-log.md, amended): the prune computes its own cutoff
-- from a retention in days, never less than one day, so no caller can name a cutoff in the future
-- (`prune_audit_log('infinity')` emptied the log), and only the function's owner may run it:
-- EXECUTE is taken from PUBLIC, which every role has, and granted to no one else here.
DROP FUNCTION "prune_audit_log"(timestamptz);
--> statement-breakpoint
CREATE FUNCTION "prune_audit_log"(retention_days integer) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
DECLARE
  removed integer;
BEGIN
  PERFORM set_config('audit_log.pruning', 'on', true);
  DELETE FROM audit_log WHERE created_at < now() - make_interval(days => greatest(retention_days, 1));
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('audit_log.pruning', 'off', true);
  RETURN removed;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "prune_audit_log"(integer) FROM PUBLIC;
