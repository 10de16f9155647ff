-- Access tokens carry the account's session version (claim `sv`); logging out, a password change
-- or reset and a two-factor change bump it, so the 15-minute tokens issued before end at once.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The audit log is append-only for the application's own role: rows are never deleted, and the
-- only update allowed is an erasure's pseudonymisation of `before`/`after` (revFADP), which sets
-- `shop.audit_erasure` to `on` for its transaction only (`set_config(..., true)`, i.e. SET LOCAL).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND coalesce(current_setting('shop.audit_erasure', true), '') = 'on'
		AND NEW."id" = OLD."id" AND NEW."actor" = OLD."actor" AND NEW."action" = OLD."action"
		AND NEW."entity" = OLD."entity" AND NEW."entity_id" IS NOT DISTINCT FROM OLD."entity_id"
		AND NEW."created_at" = OLD."created_at" THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
