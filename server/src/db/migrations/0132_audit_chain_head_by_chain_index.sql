-- A chain's head read through the (chain, id) index, whatever the other chains wrote since (ADR 0020).
--
-- A transaction's first audit row looks up its chain's last hash. Written `WHERE chain = s ORDER BY id
-- DESC LIMIT 1`, the plan walks the primary key backwards and filters on the chain: with eight chains
-- the planner expects a match within a few rows, and it keeps that plan even when written `ORDER BY
-- chain DESC, id DESC`, because the equality on the chain makes that the same order. That holds while
-- the chains interleave. After a large transaction (an end-of-day chunk, a bulk posting: thousands of
-- audit rows, all in its own chain) the newest rows all belong to one chain, and the first writer of
-- each other chain walked past all of them, 15–32 ms a transfer after a night's run. The lookup is
-- now a range on both columns, `(chain, id) <= (s, max)`, newest first, whose one row is kept if it is
-- chain s's: one descent of the (chain, id) index whatever the table holds. A chain with no row yet
-- finds the head of a lower chain, or nothing, and starts from '' as before.

CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  last_hash text;
  pads_hex text := current_setting('bankmanager.audit_key', true);
  pads bytea;
  stripe smallint := (txid_current() % 8)::smallint;
  head text := current_setting('bankmanager.audit_head', true);
BEGIN
  IF pads_hex IS NULL OR length(pads_hex) <> 256 THEN
    RAISE EXCEPTION 'audit_log: rows are written by the application only (no audit key in this transaction)'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.chain := stripe;
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
  IF head LIKE stripe || ':%' THEN
    -- This transaction holds the stripe's lock and wrote its head.
    last_hash := substr(head, length(stripe::text) + 2);
  ELSE
    -- One writer at a time extends a chain; the lock is held until the writer's transaction ends.
    PERFORM pg_advisory_xact_lock(727274002, stripe);
    -- The newest row at or below (stripe, max id), kept only if it is the stripe's: ordered by both
    -- columns with no equality on the chain, the (chain, id) index is the only order the planner
    -- has (see the header).
    SELECT x.hash INTO last_hash
      FROM (SELECT a.chain, a.hash FROM audit_log a WHERE (a.chain, a.id) <= (stripe, 9223372036854775807)
             ORDER BY a.chain DESC, a.id DESC LIMIT 1) x
     WHERE x.chain = stripe;
  END IF;
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
  PERFORM set_config('bankmanager.audit_head', stripe || ':' || NEW.hash, true);
  RETURN NEW;
END;
$$;
