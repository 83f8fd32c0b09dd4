-- A registered-users search sorted by balance looked up the balance of every hit (34,259 probes for
-- "kam" at 1M, 70 ms of 105). With the payment account's balance band beside the name, the page's
-- position picks its bands and only those bands' hits are looked up (accounts.balance_band, ADR 0029
-- addendum). The band follows the account in the same transaction as every balance change.
ALTER TABLE "registered_user_keys" ADD COLUMN "balance_band" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE registered_user_keys k SET balance_band = a.balance_band
  FROM mobile_banking_subscriptions s JOIN accounts a ON a.id = s.pay_account_id
 WHERE s.cust_id = k.cust_id AND k.balance_band <> a.balance_band;--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ledger.bulk_applying', true) = 'on' THEN RETURN NULL; END IF;
  -- Only a payment account has a balance row; mbs_pay_account_idx finds it (or finds none) at once.
  UPDATE registered_user_balances b SET balance = NEW.balance
    FROM mobile_banking_subscriptions s
   WHERE s.pay_account_id = NEW.id AND b.cust_id = s.cust_id;
  -- Most postings leave the band alone, and then the keys too.
  IF NEW.balance_band IS DISTINCT FROM OLD.balance_band THEN
    UPDATE registered_user_keys k SET balance_band = NEW.balance_band
      FROM mobile_banking_subscriptions s
     WHERE s.pay_account_id = NEW.id AND k.cust_id = s.cust_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_subscription() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registered_user_keys (cust_id, name, mobile_no, branch_code, balance_band)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, c.branch_code, a.balance_band
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, branch_code = excluded.branch_code,
        balance_band = excluded.balance_band;
  INSERT INTO registered_user_balances (cust_id, name, mobile_no, balance, branch_code)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, a.balance, c.branch_code
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, balance = excluded.balance,
        branch_code = excluded.branch_code;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_post_bulk()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  bulk bigint := nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
  bd date;
  lines bigint;
  applied bigint;
  bad record;
BEGIN
  IF bulk IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO lines FROM inserted WHERE entry_id = bulk;
  IF lines = 0 THEN
    RETURN NULL;
  END IF;
  bd := current_business_date();
  -- What transactions_entry_guard skipped for these lines: the entry is this transaction's, open.
  PERFORM journal_entry_is_open(bulk);
  -- The row trigger's lock, taken in id order (as postEntry does), so no deadlock with it.
  PERFORM 1 FROM accounts WHERE id IN (SELECT account_id FROM inserted WHERE entry_id = bulk)
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM set_config('ledger.bulk_applying', 'on', true);
  WITH moved AS (
    UPDATE accounts a SET balance = n.balance_after,
           overdrawn_since = CASE WHEN n.balance_after < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
      FROM inserted n
     WHERE n.entry_id = bulk AND a.id = n.account_id
       AND a.status IN ('Active', 'Dormant', 'Blocked')
       AND NOT (a.status = 'Blocked' AND (a.block_kind IS DISTINCT FROM 'debit' OR n.direction = 'debit'))
       AND n.balance_after = a.balance + CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END
       AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = n.account_id AND t.id <> n.id
                          AND (t.posted_at, t.id) >= (n.posted_at, n.id))
       AND NOT (n.direction = 'debit' AND a.account_type <> 'Loan' AND n.balance_after >= -a.overdraft_limit
                AND n.balance_after < account_held(a.id, a.held)
                  - CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END)
       -- accounts_balance_check's own rule, so that a refusal is diagnosed below in rule order
       AND CASE WHEN a.account_type = 'Loan' THEN n.balance_after <= 0 ELSE n.balance_after >= -a.overdraft_limit END
    RETURNING 1)
  SELECT count(*) INTO applied FROM moved;
  PERFORM set_config('ledger.bulk_applying', 'off', true);
  IF applied <> lines THEN
    SELECT account_id INTO bad FROM inserted WHERE entry_id = bulk GROUP BY account_id HAVING count(*) > 1 LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'a bulk posting names account % more than once', bad.account_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
    END IF;
    -- The first refused line by the row trigger's order of rules (the lifecycle before the funds).
    SELECT * INTO bad FROM (
      SELECT n.account_id, a.account_number, a.status, n.direction,
             CASE
               WHEN a.id IS NULL THEN 'missing'
               WHEN a.status = 'Closed' THEN 'transactions_account_open'
               WHEN a.status IN ('Submitted', 'Approved', 'Rejected') THEN 'transactions_account_active'
               WHEN a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN 'transactions_account_blocked'
               WHEN a.status = 'Blocked' AND n.direction = 'debit' THEN 'transactions_debit_blocked'
               WHEN EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = n.account_id AND t.id <> n.id
                               AND (t.posted_at, t.id) >= (n.posted_at, n.id))
                 THEN 'transactions_posting_order'
               WHEN n.balance_after IS DISTINCT FROM a.balance + CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END
                 THEN 'transactions_running_balance'
               WHEN NOT CASE WHEN a.account_type = 'Loan' THEN n.balance_after <= 0 ELSE n.balance_after >= -a.overdraft_limit END
                 THEN 'accounts_balance_check'
               ELSE 'transactions_available'
             END AS why
        FROM inserted n LEFT JOIN accounts a ON a.id = n.account_id
       WHERE n.entry_id = bulk AND (a.id IS NULL OR a.balance IS DISTINCT FROM n.balance_after)
    ) r
    ORDER BY array_position(ARRAY['missing', 'transactions_account_open', 'transactions_account_active',
               'transactions_account_blocked', 'transactions_debit_blocked', 'transactions_posting_order',
               'transactions_running_balance', 'accounts_balance_check', 'transactions_available'], r.why), r.account_id
    LIMIT 1;
    IF FOUND AND bad.why = 'missing' THEN
      RAISE EXCEPTION 'account % does not exist', bad.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'account % refuses this bulk line (%: status %, %)',
      coalesce(bad.account_number, '?'), coalesce(bad.why, 'transactions_running_balance'), bad.status, bad.direction
      USING ERRCODE = 'check_violation', CONSTRAINT = coalesce(bad.why, 'transactions_running_balance');
  END IF;
  -- What accounts_stats and registered_user_keys_from_account skipped, for the whole statement.
  WITH moved AS (
    SELECT a.id, a.currency, a.account_type, a.status, n.balance_after AS after,
           n.balance_after - CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END AS before
      FROM inserted n JOIN accounts a ON a.id = n.account_id WHERE n.entry_id = bulk
  ), deltas AS (
    SELECT 'total_deposits' AS metric, currency, banking_stats_slot(id) AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, banking_stats_slot(id)
    UNION ALL
    SELECT 'active_loans', '', banking_stats_slot(id), sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY banking_stats_slot(id)
  )
  INSERT INTO banking_stats AS s (metric, currency, slot, value)
  SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
  ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
  UPDATE registered_user_balances b SET balance = n.balance_after
    FROM mobile_banking_subscriptions s JOIN inserted n ON n.account_id = s.pay_account_id
   WHERE n.entry_id = bulk AND b.cust_id = s.cust_id;
  -- The keys' band, from the accounts as the statement left them (what registered_user_keys_from_account skipped).
  UPDATE registered_user_keys k SET balance_band = a.balance_band
    FROM mobile_banking_subscriptions s JOIN accounts a ON a.id = s.pay_account_id
   WHERE s.pay_account_id IN (SELECT n.account_id FROM inserted n WHERE n.entry_id = bulk)
     AND k.cust_id = s.cust_id AND k.balance_band <> a.balance_band;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_violations()
 RETURNS TABLE(cust_id integer, problem text)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT s.cust_id, 'missing'
    FROM mobile_banking_subscriptions s
   WHERE NOT EXISTS (SELECT 1 FROM registered_user_keys k WHERE k.cust_id = s.cust_id)
      OR NOT EXISTS (SELECT 1 FROM registered_user_balances b WHERE b.cust_id = s.cust_id)
  UNION ALL
  SELECT k.cust_id, 'differs from the customer, subscription or payment account'
    FROM registered_user_keys k
    JOIN registered_user_balances b ON b.cust_id = k.cust_id
    JOIN mobile_banking_subscriptions s ON s.cust_id = k.cust_id
    JOIN customers c ON c.cust_id = s.cust_id
    JOIN accounts a ON a.id = s.pay_account_id
   WHERE (k.name, k.mobile_no, k.branch_code, k.balance_band) IS DISTINCT FROM (c.name, s.mobile_no, c.branch_code, a.balance_band)
      OR (b.name, b.mobile_no, b.balance, b.branch_code) IS DISTINCT FROM (c.name, s.mobile_no, a.balance, c.branch_code)
  UNION ALL
  SELECT NULL, 'registered_user_count is ' || coalesce((SELECT n::text FROM registered_user_count), 'missing')
         || ', registered_user_keys has ' || (SELECT count(*) FROM registered_user_keys)
   WHERE (SELECT n FROM registered_user_count) IS DISTINCT FROM (SELECT count(*) FROM registered_user_keys)
$function$;
