-- Ledger invariants, enforced by the database whatever the caller:
--   * accounts.balance is the sum of the account's postings: it starts at 0.00 and only the posting
--     trigger below may change it, by exactly the posting's signed amount;
--   * transactions.balance_after is the running total in (posted_at, id) order: a posting must come
--     after the account's latest one and carry balance_after = previous balance ± amount;
--   * postings are append-only (corrections are reversing postings);
--   * all arithmetic is numeric(18,2); nothing here touches a float.
-- Violations raise check_violation (23514) naming a pseudo-constraint so callers can map them.

CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  acct_balance numeric(18,2);
  acct_status text;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
BEGIN
  -- Serialise postings per account (a no-op when postTransaction already holds this lock).
  SELECT balance, status INTO acct_balance, acct_status FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF acct_status = 'Closed' THEN
    RAISE EXCEPTION 'account % is closed', NEW.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_open';
  END IF;
  SELECT posted_at, id INTO last_at, last_id FROM transactions
   WHERE account_id = NEW.account_id ORDER BY posted_at DESC, id DESC LIMIT 1;
  IF FOUND AND (NEW.posted_at, NEW.id) <= (last_at, last_id) THEN
    RAISE EXCEPTION 'posting at % would precede the latest posting (% / id %) of account %; back-date with value_date instead',
      NEW.posted_at, last_at, last_id, NEW.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_posting_order';
  END IF;
  expected := acct_balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END;
  IF NEW.balance_after IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'balance_after % does not continue the running balance of account % (expected %)',
      NEW.balance_after, NEW.account_id, expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
  END IF;
  -- accounts_balance_check refuses this if it would overdraw the account or turn a loan positive.
  UPDATE accounts SET balance = expected WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_post BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_post();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transactions are append-only: % is not allowed; post a reversal instead', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_append_only BEFORE UPDATE OR DELETE ON transactions
FOR EACH ROW EXECUTE FUNCTION transactions_append_only();
--> statement-breakpoint
CREATE TRIGGER transactions_no_truncate BEFORE TRUNCATE ON transactions
FOR EACH STATEMENT EXECUTE FUNCTION transactions_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'a new account starts at 0.00; post an opening transaction instead'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
    END IF;
    RETURN NEW;
  END IF;
  -- Depth 1 is a statement from a client; the posting trigger's own UPDATE runs at depth 2.
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the balance of account % changes only through postings', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
  END IF;
  IF NEW.currency IS DISTINCT FROM OLD.currency OR NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'the id and currency of account % cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_immutable_identity';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_guard BEFORE INSERT OR UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
-- Checks every account and posting at once (set-based). The bulk seed, which loads precomputed
-- balances with the row triggers switched off, calls this before it commits; tests call it too.
CREATE OR REPLACE FUNCTION ledger_violations() RETURNS TABLE(account_id bigint, transaction_id bigint, problem text)
LANGUAGE sql STABLE AS $$
  WITH sums AS (
    SELECT t.account_id, sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END) AS total
    FROM transactions t GROUP BY t.account_id
  )
  SELECT a.id, NULL::bigint, 'balance ' || a.balance || ' <> sum of postings ' || coalesce(s.total, 0)
  FROM accounts a LEFT JOIN sums s ON s.account_id = a.id
  WHERE a.balance <> coalesce(s.total, 0)
  UNION ALL
  SELECT x.account_id, x.id, 'balance_after ' || x.balance_after || ' <> running total ' || x.running
  FROM (
    SELECT t.account_id, t.id, t.balance_after,
           sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END)
             OVER (PARTITION BY t.account_id ORDER BY t.posted_at, t.id) AS running
    FROM transactions t
  ) x
  WHERE x.balance_after <> x.running
$$;
