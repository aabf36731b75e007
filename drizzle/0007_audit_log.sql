CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"target_id" text,
	"target_email" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_email_trgm_idx" ON "audit_log" USING gin ("target_email" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (docs/decisions/0048-audit-log.md): the audit log is append-only. An UPDATE is
-- always refused; a DELETE only inside prune_audit_log, the daily retention prune, which marks
-- its own transaction. The function is SECURITY DEFINER, so on PostgreSQL the application's role
-- can be denied UPDATE and DELETE on audit_log and the prune still runs, as the migration's role.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit_log.pruning', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE FUNCTION "prune_audit_log"(cutoff timestamptz) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
DECLARE
  removed integer;
BEGIN
  PERFORM set_config('audit_log.pruning', 'on', true);
  DELETE FROM audit_log WHERE created_at < cutoff;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('audit_log.pruning', 'off', true);
  RETURN removed;
END
$$;
