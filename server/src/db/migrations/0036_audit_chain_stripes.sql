ALTER TABLE "audit_log" ADD COLUMN "chain" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_chain_idx" ON "audit_log" USING btree ("chain","id");--> statement-breakpoint
-- Eight chains instead of one (decision 0020). One chain meant one lock held to commit by every
-- writer in the bank, so commits (and their WAL flushes) went one at a time. Now a transaction's rows
-- join chain txid % 8, under that chain's lock only: each chain is still ordered by commit, each is
-- keyed and checkpointed, and rows written before this migration stay in chain 0, which continues them.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
  pads_hex text := current_setting('bankmanager.audit_key', true);
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
  NEW.hash := audit_row_hmac(decode(pads_hex, 'hex'), NEW.prev_hash, NEW);
  RETURN NEW;
END;
$$;
