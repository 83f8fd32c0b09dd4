-- A chain's rows are numbered under the chain's lock (ADR 0020).
--
-- audit_log_chain took a row's id from the sequence before it waited for its chain's lock. A writer
-- that waited (another transaction of the same chain held the lock) kept the id it took first, while
-- the holder went on writing rows with later ids before it committed; the waiter then linked its row
-- after the holder's last row. In id order, which is how the chain is verified, the waiter's row came
-- before rows it links after, and the chain read as broken although no row was altered. Two end-of-day
-- lanes, each writing several audit rows a chunk, met it in the crash test; any two transactions of one
-- chain, one of them writing more than one row, could. The id and the time are now taken after the
-- lock: a chain's rows are numbered in the order they are linked.

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
  -- Numbered and timed only now, under the chain's lock: a row numbered before it waited for the lock
  -- would come, in id order, before rows that the holder wrote after it and that it links after.
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
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
