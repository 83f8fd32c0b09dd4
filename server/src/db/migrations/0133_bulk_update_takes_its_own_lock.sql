-- The per-account bulk posting (end of day's interest, fees and maturities) writes each account once
-- instead of twice, and the interest postings lose an index nothing reads.
--
-- transactions_post_bulk locked the lines' accounts in id order with a SELECT … FOR NO KEY UPDATE, then
-- updated them: each row got a lock written into it (a WAL record and a dirtied page) and was rewritten
-- at once by the update. The update now takes the same lock in the same order itself: it reads the
-- lines sorted by account, and the function may not plan a hash join (enable_hashjoin off for its
-- statements), so the accounts are reached in that order (ADR 0088). The update's own rules are unchanged;
-- a line whose account a concurrent posting moved still fails its running-balance rule, now by the
-- update's recheck of the newer row instead of after the wait for the lock.
--
-- interest_postings_account_idx (account_id) served no query: every read of the postings is by date
-- (the primary key, business_date, kind, account_id), and accounts are never deleted, so the foreign
-- key to them never looks the postings up by account.

CREATE OR REPLACE FUNCTION transactions_post_bulk() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bulk bigint := nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
  bd date;
  lines bigint;
  applied bigint;
  bad record;
  src text;
BEGIN
  IF bulk IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO lines FROM inserted WHERE entry_id = bulk;
  IF lines = 0 THEN
    RETURN NULL;
  END IF;
  -- The dormancy rule first, as the row path refuses it before anything else: a Dormant account's
  -- debit, unless end of day or the system posts it (the entry's source).
  SELECT source INTO src FROM journal_entries WHERE id = bulk;
  IF src IS NULL OR src NOT IN ('end_of_day', 'system', 'migration', 'seed') THEN
    SELECT a.account_number INTO bad FROM inserted n JOIN accounts a ON a.id = n.account_id
     WHERE n.entry_id = bulk AND n.direction = 'debit' AND a.status = 'Dormant'
     ORDER BY n.id LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', bad.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
    END IF;
  END IF;
  bd := current_business_date();
  -- What transactions_entry_guard skipped for these lines: the entry is this transaction's, open.
  PERFORM journal_entry_is_open(bulk);
  PERFORM set_config('ledger.bulk_applying', 'on', true);
  -- The update takes the row trigger's lock itself, in id order (as postEntry does, so no deadlock
  -- with it): the lines are read sorted by account, and with no hash join to plan (the function's
  -- SET enable_hashjoin = off) each account is reached in that order (ADR 0088). A separate
  -- SELECT … FOR NO KEY UPDATE first wrote a lock into every row the update then rewrote.
  WITH moved AS (
    UPDATE accounts a SET balance = n.balance_after,
           overdrawn_since = CASE WHEN n.balance_after < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
      FROM (SELECT * FROM inserted WHERE entry_id = bulk ORDER BY account_id) n
     WHERE a.id = n.account_id
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
    RETURNING a.id, a.currency, a.account_type, a.status, a.balance_band, n.balance_after AS after,
              n.balance_after - CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END AS before),
  -- What accounts_stats and registered_user_keys_from_account skip while bulk_applying is on, from the
  -- rows the update returned: the dashboard's totals, and the registered users' balance and band.
  deltas AS (
    SELECT 'total_deposits' AS metric, currency, banking_stats_slot(id) AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, banking_stats_slot(id)
    UNION ALL
    SELECT 'active_loans', '', banking_stats_slot(id), sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY banking_stats_slot(id)),
  stats AS (
    INSERT INTO banking_stats AS s (metric, currency, slot, value)
    SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
    ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value),
  subscribed AS (
    SELECT s.cust_id, m.after, m.balance_band FROM moved m JOIN mobile_banking_subscriptions s ON s.pay_account_id = m.id),
  balances AS (
    UPDATE registered_user_balances b SET balance = u.after FROM subscribed u WHERE b.cust_id = u.cust_id),
  bands AS (
    UPDATE registered_user_keys k SET balance_band = u.balance_band
      FROM subscribed u WHERE k.cust_id = u.cust_id AND k.balance_band <> u.balance_band),
  -- The accounts list's search row, ordered by band, once per account whose band moved.
  searched AS (
    UPDATE account_search s SET balance_band = m.balance_band
      FROM moved m WHERE s.id = m.id AND s.balance_band <> m.balance_band)
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
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION transactions_post_bulk() SET enable_hashjoin = off;
--> statement-breakpoint
DROP INDEX interest_postings_account_idx;
