-- The accounts list's search row (account_search) keeps each account's balance band, so the list can
-- order by balance. account_search_changed, a row trigger on accounts, copied the band whenever a
-- posting moved it: one PL/pgSQL call and one single-row update per account, also inside the
-- set-based postings of end of day. Measured at 1,000,000 customers (auto_explain of one auto-debit
-- chunk of 2,001 loans collected, 4,002 accounts moved): the trigger took 166 ms of the 221 ms that
-- the accounts' update cost, of a 1.7 s chunk. The band now follows the balance where the balance is
-- written, as the registered users' band and the dashboard's totals already do (ADR 0043): the row
-- posting updates the search row when the band moved; the two set-based postings update every moved
-- search row in one statement. The trigger keeps every other column (number, holder, type, status,
-- branch, product, overdrawn since, dates), and still writes the band whenever it fires.
DROP TRIGGER account_search_changed ON accounts;
--> statement-breakpoint
CREATE TRIGGER account_search_changed
  AFTER UPDATE OF account_number, cust_id, account_type, status, branch_code, product_code, overdrawn_since,
                  opened_on, maturity_date ON accounts
  FOR EACH ROW
  WHEN (OLD.account_number IS DISTINCT FROM NEW.account_number OR OLD.cust_id IS DISTINCT FROM NEW.cust_id
        OR OLD.account_type IS DISTINCT FROM NEW.account_type OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.branch_code IS DISTINCT FROM NEW.branch_code OR OLD.product_code IS DISTINCT FROM NEW.product_code
        OR OLD.overdrawn_since IS DISTINCT FROM NEW.overdrawn_since OR OLD.opened_on IS DISTINCT FROM NEW.opened_on
        OR OLD.maturity_date IS DISTINCT FROM NEW.maturity_date)
  EXECUTE FUNCTION account_search_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  a accounts%ROWTYPE;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
  eff_limit numeric(18,2);
  bd date;
  new_band integer;
  dep_delta numeric;
BEGIN
  IF ledger_bulk_line(NEW.entry_id) THEN
    RETURN NEW; -- checked and applied by transactions_post_bulk or transactions_post_many, after the statement
  END IF;
  bd := current_business_date();
  -- Serialise postings per account (a no-op when postEntry already holds this lock).
  SELECT * INTO a FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF a.status = 'Closed' THEN
    RAISE EXCEPTION 'account % is closed', a.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_open';
  END IF;
  IF a.status IN ('Submitted', 'Approved', 'Rejected') THEN
    RAISE EXCEPTION 'account % is % and takes no postings', a.account_number, a.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_active';
  END IF;
  IF a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN
    RAISE EXCEPTION 'account % is blocked: nothing may be posted', a.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_blocked';
  END IF;
  IF a.status = 'Blocked' AND NEW.direction = 'debit' THEN
    RAISE EXCEPTION 'account % is blocked for debits', a.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_debit_blocked';
  END IF;
  SELECT posted_at, id INTO last_at, last_id FROM transactions
   WHERE account_id = NEW.account_id ORDER BY posted_at DESC, id DESC LIMIT 1;
  IF FOUND AND (NEW.posted_at, NEW.id) <= (last_at, last_id) THEN
    RAISE EXCEPTION 'posting at % would precede the latest posting (% / id %) of account %; back-date with value_date instead',
      NEW.posted_at, last_at, last_id, NEW.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_posting_order';
  END IF;
  expected := a.balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END;
  IF NEW.balance_after IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'balance_after % does not continue the running balance of account % (expected %)',
      NEW.balance_after, NEW.account_id, expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
  END IF;
  IF NEW.direction = 'debit' AND a.account_type <> 'Loan' AND expected >= -a.overdraft_limit THEN
    eff_limit := CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END;
    IF expected < account_held(a.id, a.held) - eff_limit THEN
      RAISE EXCEPTION 'a debit of % would leave account % below its available balance', NEW.amount, a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
    END IF;
  END IF;
  UPDATE accounts SET balance = expected,
         overdrawn_since = CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
   WHERE id = NEW.account_id
  RETURNING balance_band INTO new_band;
  -- The dashboard's totals and the registered-users balance follow the balance here, from the row
  -- this trigger already holds, rather than in row triggers on accounts (ADR 0043). The upserts are
  -- banking_stats_bump's, written out: a SQL function that writes is not inlined, and its call cost
  -- more than the upsert.
  IF a.account_type = 'Loan' THEN
    IF a.status = 'Active' AND (a.balance < 0) <> (expected < 0) THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      VALUES ('active_loans', '', banking_stats_slot(a.id), CASE WHEN expected < 0 THEN 1 ELSE -1 END)
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
  ELSIF a.status <> 'Closed' THEN
    dep_delta := greatest(expected, 0) - greatest(a.balance, 0);
    IF dep_delta <> 0 THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      VALUES ('total_deposits', a.currency, banking_stats_slot(a.id), dep_delta)
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
  END IF;
  UPDATE registered_user_balances b SET balance = expected
    FROM mobile_banking_subscriptions s
   WHERE s.pay_account_id = a.id AND b.cust_id = s.cust_id;
  IF new_band IS DISTINCT FROM a.balance_band THEN
    UPDATE registered_user_keys k SET balance_band = new_band
      FROM mobile_banking_subscriptions s
     WHERE s.pay_account_id = a.id AND k.cust_id = s.cust_id;
    -- The accounts list's search row, ordered by band (account_search_changed no longer fires on a
    -- balance: migration 0116).
    UPDATE account_search SET balance_band = new_band WHERE id = a.id;
  END IF;
  RETURN NEW;
END;
$$;

--> statement-breakpoint
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
  ), searched AS (
    -- The accounts list's search row, ordered by band, once per account whose band moved.
    UPDATE account_search s SET balance_band = mv.balance_band
      FROM moved mv WHERE s.id = mv.id AND s.balance_band <> mv.balance_band
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

