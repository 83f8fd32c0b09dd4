-- The bulk posting triggers (one entry's lines, transactions_post_bulk; a range of entries' lines,
-- transactions_post_many) kept the side tables that the accounts' row triggers skip while
-- ledger.bulk_applying is on (the dashboard's totals, the registered users' balance and balance
-- band) with three statements after the accounts update, each joining the statement's lines to
-- accounts and the subscriptions again. They now hang off the update's own RETURNING in the same
-- statement: the accounts are read once, and the subscriptions once for both registered users'
-- tables. Same rows, same figures; a refused line still raises before anything is kept, since the
-- whole statement rolls back with it.
--
-- Measured on the end-of-day bench's 200,000-customer database, 5,000 interest lines in one bulk
-- entry (rolled back), ten interleaved runs each: median 780 ms before, 687 ms after. The
-- registered users' balance update itself (three indexes, never a HOT update) is still there.
--
-- transactions_dormant_debit returns at once for a credit; it now fires only for debits, so a
-- credit line no longer pays for a PL/pgSQL call to find that out.

CREATE OR REPLACE FUNCTION transactions_post_bulk() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
      FROM subscribed u WHERE k.cust_id = u.cust_id AND k.balance_band <> u.balance_band)
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
CREATE OR REPLACE FUNCTION transactions_post_many() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  lo bigint := nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint;
  hi bigint := nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint;
  bd date;
  lines bigint;
  bad record;
  applied bigint;
BEGIN
  IF lo IS NULL OR hi IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO lines FROM inserted WHERE entry_id BETWEEN lo AND hi;
  IF lines = 0 THEN
    RETURN NULL;
  END IF;
  bd := current_business_date();
  -- What transactions_entry_guard skipped: every entry exists and is this transaction's, still open.
  SELECT n.entry_id INTO bad
    FROM (SELECT DISTINCT entry_id FROM inserted WHERE entry_id BETWEEN lo AND hi) n
    LEFT JOIN journal_entries je ON je.id = n.entry_id
   WHERE je.posted_at IS DISTINCT FROM now()
   LIMIT 1;
  IF FOUND THEN
    PERFORM journal_entry_is_open(bad.entry_id); -- raises its own refusal
  END IF;
  -- The row trigger's lock, taken in id order (as postEntry does), so no deadlock with it.
  PERFORM 1 FROM accounts WHERE id IN (SELECT account_id FROM inserted WHERE entry_id BETWEEN lo AND hi)
    ORDER BY id FOR NO KEY UPDATE;
  -- Every line by transactions_post's rules (and transactions_dormant_debit's), in their order; an
  -- account named by several lines has its balance continued across them in posting order.
  SELECT * INTO bad FROM (
    SELECT n.account_id, a.account_number, a.status, n.direction,
           CASE
             WHEN a.id IS NULL THEN 'missing'
             WHEN a.status = 'Closed' THEN 'transactions_account_open'
             WHEN a.status IN ('Submitted', 'Approved', 'Rejected') THEN 'transactions_account_active'
             WHEN a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN 'transactions_account_blocked'
             WHEN a.status = 'Blocked' AND n.direction = 'debit' THEN 'transactions_debit_blocked'
             WHEN a.status = 'Dormant' AND n.direction = 'debit'
                  AND (SELECT je.source FROM journal_entries je WHERE je.id = n.entry_id)
                      NOT IN ('end_of_day', 'system', 'migration', 'seed')
               THEN 'transactions_dormant_debit'
             WHEN n.first_of_account AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = n.account_id
                       AND (t.posted_at, t.id) >= (n.posted_at, n.id) AND t.id <> ALL (n.statement_ids))
               THEN 'transactions_posting_order'
             WHEN n.balance_after IS DISTINCT FROM a.balance + n.moved THEN 'transactions_running_balance'
             WHEN NOT CASE WHEN a.account_type = 'Loan' THEN n.balance_after <= 0 ELSE n.balance_after >= -a.overdraft_limit END
               THEN 'accounts_balance_check'
             WHEN n.direction = 'debit' AND a.account_type <> 'Loan'
                  AND n.balance_after < account_held(a.id, a.held)
                    - CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END
               THEN 'transactions_available'
           END AS why
      FROM (SELECT i.*,
                   sum(CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END)
                     OVER (PARTITION BY i.account_id ORDER BY i.posted_at, i.id) AS moved,
                   row_number() OVER (PARTITION BY i.account_id ORDER BY i.posted_at, i.id) = 1 AS first_of_account,
                   array_agg(i.id) OVER (PARTITION BY i.account_id) AS statement_ids
              FROM inserted i WHERE i.entry_id BETWEEN lo AND hi) n
      LEFT JOIN accounts a ON a.id = n.account_id
  ) r
  WHERE r.why IS NOT NULL
  ORDER BY array_position(ARRAY['missing', 'transactions_account_open', 'transactions_account_active',
             'transactions_account_blocked', 'transactions_debit_blocked', 'transactions_dormant_debit',
             'transactions_posting_order', 'transactions_running_balance', 'accounts_balance_check',
             'transactions_available'], r.why), r.account_id
  LIMIT 1;
  IF FOUND THEN
    IF bad.why = 'missing' THEN
      RAISE EXCEPTION 'account % does not exist', bad.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'account % refuses this bulk line (%: status %, %)', bad.account_number, bad.why, bad.status, bad.direction
      USING ERRCODE = 'check_violation', CONSTRAINT = bad.why;
  END IF;
  -- Each account once, from its lines: its balance before the statement, after its last line, and
  -- whether a line left it at or above zero (where the row path would have cleared overdrawn_since).
  -- The balances were checked above, so every account named moves.
  PERFORM set_config('ledger.bulk_applying', 'on', true);
  WITH m AS (
    SELECT i.account_id,
           (array_agg(i.balance_after - CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END
                      ORDER BY i.posted_at, i.id))[1] AS before,
           (array_agg(i.balance_after ORDER BY i.posted_at DESC, i.id DESC))[1] AS after,
           bool_or(i.balance_after >= 0) AS touched_zero
      FROM inserted i WHERE i.entry_id BETWEEN lo AND hi GROUP BY i.account_id
  ), moved AS (
    UPDATE accounts a SET balance = m.after,
           overdrawn_since = CASE WHEN m.after < 0 AND a.account_type <> 'Loan'
                                  THEN CASE WHEN m.touched_zero THEN bd ELSE coalesce(a.overdrawn_since, bd) END END
      FROM m WHERE a.id = m.account_id
    RETURNING a.id, a.currency, a.account_type, a.status, a.balance_band, m.before, m.after
  ), deltas AS (
    -- The dashboard's totals (what transactions_post bumps per line), once per account.
    SELECT 'total_deposits' AS metric, currency, banking_stats_slot(id) AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, banking_stats_slot(id)
    UNION ALL
    SELECT 'active_loans', '', banking_stats_slot(id), sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY banking_stats_slot(id)
  ), stats AS (
    INSERT INTO banking_stats AS s (metric, currency, slot, value)
    SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
    ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value
  ), subscribed AS (
    -- The registered users' balance and band, from the accounts as the statement left them.
    SELECT s.cust_id, mv.after, mv.balance_band FROM moved mv JOIN mobile_banking_subscriptions s ON s.pay_account_id = mv.id
  ), balances AS (
    UPDATE registered_user_balances b SET balance = u.after FROM subscribed u WHERE b.cust_id = u.cust_id
  ), bands AS (
    UPDATE registered_user_keys k SET balance_band = u.balance_band
      FROM subscribed u WHERE k.cust_id = u.cust_id AND k.balance_band <> u.balance_band
  )
  SELECT count(*) INTO applied FROM moved;
  PERFORM set_config('ledger.bulk_applying', 'off', true);
  -- What transactions_daily_debits skipped: the day's debits per account and per maker.
  INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
  SELECT je.business_date, i.account_id, je.source, sum(i.amount)
    FROM inserted i JOIN journal_entries je ON je.id = i.entry_id
   WHERE i.entry_id BETWEEN lo AND hi AND i.direction = 'debit' AND je.source IN ('teller', 'transfer', 'posting')
   GROUP BY je.business_date, i.account_id, je.source
  ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
  INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
  SELECT je.business_date, je.maker_id, je.source, a.currency, maker_daily_debits_slot(a.id), sum(i.amount)
    FROM inserted i JOIN journal_entries je ON je.id = i.entry_id JOIN accounts a ON a.id = i.account_id
   WHERE i.entry_id BETWEEN lo AND hi AND i.direction = 'debit' AND je.source IN ('teller', 'transfer', 'posting')
     AND je.maker_id IS NOT NULL
   GROUP BY je.business_date, je.maker_id, je.source, a.currency, maker_daily_debits_slot(a.id)
  ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER transactions_dormant_debit ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_dormant_debit BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.direction = 'debit') EXECUTE FUNCTION transactions_dormant_debit();
