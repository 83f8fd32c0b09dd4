-- The audit chain's keyed hash written out in its trigger (ADR 0051). audit_log_chain called
-- audit_row_hmac, which calls audit_row_message: SQL functions that PostgreSQL 15 does not inline
-- here, so every transaction that wrote an audit row parsed and planned the message's SQL body
-- again before hashing it. The expression below is audit_row_hmac(pads, prev_hash, NEW) with
-- audit_row_message's text, term for term: the same bytes are hashed under the same key, so every
-- row verifies with audit_row_hmac as before (verify-chain.ts keeps using the functions, which stay
-- the one definition verification reads; a test compares the trigger's hash with them).
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
  pads_hex text := current_setting('bankmanager.audit_key', true);
  pads bytea;
  stripe smallint := (txid_current() % 8)::smallint;
BEGIN
  IF pads_hex IS NULL OR length(pads_hex) <> 256 THEN
    RAISE EXCEPTION 'audit_log: rows are written by the application only (no audit key in this transaction)'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- One writer at a time extends a chain; the lock is held until the writer's transaction ends.
  PERFORM pg_advisory_xact_lock(727274002, stripe);
  NEW.chain := stripe;
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
  SELECT hash INTO last_hash FROM audit_log WHERE chain = stripe ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, '');
  pads := decode(pads_hex, 'hex');
  -- HMAC-SHA256 (RFC 2104) from the pads: sha256(opad || sha256(ipad || message)).
  NEW.hash := encode(sha256(substring(pads FROM 65 FOR 64) || sha256(substring(pads FROM 1 FOR 64) || convert_to(
    NEW.prev_hash || '|' || NEW.id::text || '|' ||
    to_char(NEW.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(NEW.actor_id::text, '') || '|' || coalesce(NEW.actor_email, '') || '|' ||
    NEW.action || '|' || coalesce(NEW.target_type, '') || '|' || coalesce(NEW.target_id, '') || '|' ||
    NEW.outcome || '|' || coalesce(host(NEW.ip), '') || '|' || NEW.details::text,
  'UTF8'))), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- accounts_number_check calls account_number_valid on every row update, i.e. on every balance
-- change. Declared STRICT over a body that is not strict (AND), it could not be inlined, so each
-- posting's account update parsed and planned its SQL body again. Without STRICT it inlines; the CASE
-- keeps the answers (NULL for NULL, false for anything but 13 digits) and the order (the cast only
-- after the digits matched, wherever a planner puts the expression).
CREATE OR REPLACE FUNCTION account_number_valid(n text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN n IS NULL THEN NULL WHEN n ~ '^[0-9]{13}$' THEN n::bigint % 97 = 1 ELSE false END
$$;
