-- The audit chain's head, read once a transaction (chains and their locks: ADR 0020).
--
-- Each audit row's trigger looked up its chain's last hash (`ORDER BY id DESC LIMIT 1`) before hashing.
-- Per row that is a few microseconds when the plan walks the (chain, id) index backwards. But the
-- plan is PL/pgSQL's, cached per session and made from the table's statistics: on a young database
-- (a few rows analysed, thousands written since) it was a scan of the whole table, once per row, so
-- a statement writing 18,000 rows (an end-of-day chunk of loan repayments, each its own audit row)
-- took 64 s instead of 0.7 s. A transaction that writes a row holds its chain's advisory lock until it
-- ends, so no one else extends that chain meanwhile: the head it wrote last is the chain's head. The
-- trigger now keeps that head in a transaction-local setting and reads the table only for the
-- transaction's first row (or the first after a rollback to a savepoint, which restores the setting
-- together with removing the rows). The setting holds the stripe with the hash and is used only for
-- that stripe.
--
-- The trigger is the table's only BEFORE INSERT trigger: no later trigger can drop a row whose hash
-- it has already kept. The table's only unique key is the id this trigger assigns, so an insert
-- cannot be skipped by ON CONFLICT either.

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
    SELECT hash INTO last_hash FROM audit_log WHERE chain = stripe ORDER BY id DESC LIMIT 1;
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
