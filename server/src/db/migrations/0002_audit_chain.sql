-- Tamper evidence for audit_log: ids and hashes are assigned here, under a lock, so the chain
-- order is the commit order; rows can never be changed or removed through normal SQL.
CREATE SEQUENCE IF NOT EXISTS audit_log_id_seq AS bigint;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_hash(prev_hash text, r audit_log) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    prev_hash || '|' || r.id::text || '|' ||
    to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(r.actor_id::text, '') || '|' || coalesce(r.actor_email, '') || '|' ||
    r.action || '|' || coalesce(r.target_type, '') || '|' || coalesce(r.target_id, '') || '|' ||
    r.outcome || '|' || coalesce(host(r.ip), '') || '|' || r.details::text,
  'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  -- One writer at a time extends the chain; the lock is held until the writer's transaction ends.
  PERFORM pg_advisory_xact_lock(727274002);
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
  SELECT hash INTO last_hash FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, '');
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
