-- Keyed audit chain (docs/security.md, finding 12; decision 0013). From here on each row's hash is
-- HMAC-SHA256(key, message) with a key the database never stores: the application passes the
-- key's inner and outer pads (ipad || opad, hex) for one statement in the transaction-local setting
-- bankmanager.audit_key, and an insert without it is refused. Rows already present keep their
-- unkeyed SHA-256; audit_chain_meta records that boundary, and the first keyed row's prev_hash covers
-- the last unkeyed hash, so rewriting the older rows still breaks the keyed chain.
CREATE TABLE audit_chain_meta (
  id int PRIMARY KEY CHECK (id = 1),
  -- Names this database's chain, so a checkpoint file is never compared with another database's.
  chain_id uuid NOT NULL DEFAULT gen_random_uuid(),
  legacy_until_id bigint NOT NULL,
  keyed_since timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO audit_chain_meta (id, legacy_until_id) SELECT 1, coalesce(max(id), 0) FROM audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_chain_meta_append_only BEFORE UPDATE OR DELETE ON audit_chain_meta
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_message(prev_hash text, r audit_log) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(
    prev_hash || '|' || r.id::text || '|' ||
    to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(r.actor_id::text, '') || '|' || coalesce(r.actor_email, '') || '|' ||
    r.action || '|' || coalesce(r.target_type, '') || '|' || coalesce(r.target_id, '') || '|' ||
    r.outcome || '|' || coalesce(host(r.ip), '') || '|' || r.details::text,
  'UTF8')
$$;
--> statement-breakpoint
-- HMAC-SHA256 (RFC 2104) from precomputed pads: pads = (key XOR 0x36..) || (key XOR 0x5c..), 128 bytes.
CREATE OR REPLACE FUNCTION audit_row_hmac(pads bytea, prev_hash text, r audit_log) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(substring(pads FROM 65 FOR 64) ||
                       sha256(substring(pads FROM 1 FOR 64) || audit_row_message(prev_hash, r))), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
  pads_hex text := current_setting('bankmanager.audit_key', true);
BEGIN
  IF pads_hex IS NULL OR length(pads_hex) <> 256 THEN
    RAISE EXCEPTION 'audit_log: rows are written by the application only (no audit key in this transaction)'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- One writer at a time extends the chain; the lock is held until the writer's transaction ends.
  PERFORM pg_advisory_xact_lock(727274002);
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
  SELECT hash INTO last_hash FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, '');
  NEW.hash := audit_row_hmac(decode(pads_hex, 'hex'), NEW.prev_hash, NEW);
  RETURN NEW;
END;
$$;
