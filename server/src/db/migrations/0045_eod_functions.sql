-- End of day (docs/end-of-day.md): the working-day calendar, the cut-off and closed
-- accounting periods in the journal guard, the ledger's bulk path made whole (the entry guard, the
-- dashboard totals and the registered-users keys set-based), daily GL snapshots behind past-date
-- balances, and the end-of-day invariants. Pseudo-constraints raised here:
--   journal_entries_day_closing     an entry other than end of day's while a run closes the day
--   journal_entries_closed_period   an entry dated (business or value date) in a closed period

-- Sierra Leone's fixed public holidays (contracts' SIERRA_LEONE_FIXED_HOLIDAYS; eod-seed.test.ts
-- checks the two agree; the source is in docs/decisions, "Sierra Leone holiday calendar").
INSERT INTO holidays (kind, month, day, name, created_by) VALUES
  ('fixed', 1, 1, 'New Year’s Day', 'migration'),
  ('fixed', 2, 18, 'Armed Forces Day', 'migration'),
  ('fixed', 3, 8, 'International Women’s Day', 'migration'),
  ('fixed', 4, 27, 'Independence Day', 'migration'),
  ('fixed', 5, 1, 'Labour Day', 'migration'),
  ('fixed', 12, 25, 'Christmas Day', 'migration'),
  ('fixed', 12, 26, 'Boxing Day', 'migration')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every interest-bearing account's row is rewritten by each day's accrual: room on each page lets the
-- update stay on the page (HOT), without a new primary-key entry per account per day.
ALTER TABLE account_interest SET (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION is_working_day(d date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT extract(isodow FROM d) < 6
     AND NOT EXISTS (SELECT 1 FROM holidays h
                      WHERE (h.kind = 'fixed' AND h.month = extract(month FROM d) AND h.day = extract(day FROM d))
                         OR (h.kind = 'movable' AND h.on_date = d))
$$;
--> statement-breakpoint
-- The first working day after d (weekends and holidays skipped; at most 60 days ahead).
CREATE OR REPLACE FUNCTION next_working_day(d date) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT min(x)::date FROM generate_series(d + 1, d + 60, interval '1 day') AS g(x) WHERE is_working_day(x::date)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entries_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bd date;
  closing bigint;
BEGIN
  SELECT coalesce(b.business_date, current_date), b.closing_run_id INTO bd, closing
    FROM (SELECT 1) x LEFT JOIN bank_business_date b ON b.id;
  IF NEW.business_date IS DISTINCT FROM bd THEN
    RAISE EXCEPTION 'business date % is closed or not open yet (current business date %)', NEW.business_date, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_date';
  END IF;
  -- The cut-off: while end of day closes the day, the day's books take only end of day's entries.
  IF closing IS NOT NULL AND NEW.source <> 'end_of_day' THEN
    RAISE EXCEPTION 'end of day (run %) is closing business date %: postings resume on the next business date', closing, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_day_closing';
  END IF;
  IF EXISTS (SELECT 1 FROM accounting_periods p WHERE p.status = 'closed'
              AND (NEW.business_date BETWEEN p.starts_on AND p.ends_on OR NEW.value_date BETWEEN p.starts_on AND p.ends_on)) THEN
    RAISE EXCEPTION 'accounting period of % (value date %) is closed', NEW.business_date, NEW.value_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_period';
  END IF;
  -- The transaction's start time marks which transaction made the entry (see journal_lines_entry_open).
  NEW.posted_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The ledger's bulk path (ADRs 0024 and 0026): while transactions_post_bulk applies a statement's
-- balances it sets ledger.bulk_applying, and brings the dashboard totals and the registered-users keys
-- up to date itself, once per statement, instead of once per account (the same banking_stats rows
-- updated thousands of times in one transaction is quadratic). Only the totals wait for it; every
-- posting check is the trigger's.
CREATE OR REPLACE FUNCTION accounts_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d_loans integer := 0;
  old_dep numeric := 0;
  new_dep numeric := 0;
  s integer;
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('ledger.bulk_applying', true) = 'on'
     AND NEW.status = OLD.status AND NEW.account_type = OLD.account_type THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_loans := d_loans - (OLD.account_type = 'Loan' AND OLD.status = 'Active' AND OLD.balance < 0)::integer;
    IF OLD.account_type <> 'Loan' AND OLD.status <> 'Closed' THEN old_dep := greatest(OLD.balance, 0); END IF;
    s := OLD.id % 16;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d_loans := d_loans + (NEW.account_type = 'Loan' AND NEW.status = 'Active' AND NEW.balance < 0)::integer;
    IF NEW.account_type <> 'Loan' AND NEW.status <> 'Closed' THEN new_dep := greatest(NEW.balance, 0); END IF;
    s := NEW.id % 16;
  END IF;
  IF d_loans <> 0 THEN PERFORM banking_stats_bump('active_loans', '', s, d_loans); END IF;
  IF TG_OP = 'UPDATE' AND OLD.currency <> NEW.currency THEN
    PERFORM banking_stats_bump('total_deposits', OLD.currency, s, -old_dep);
    PERFORM banking_stats_bump('total_deposits', NEW.currency, s, new_dep);
  ELSIF new_dep <> old_dep THEN
    PERFORM banking_stats_bump('total_deposits', coalesce(NEW.currency, OLD.currency), s, new_dep - old_dep);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ledger.bulk_applying', true) = 'on' THEN RETURN NULL; END IF;
  -- Only a payment account has a key row; mbs_pay_account_idx finds it (or finds none) at once.
  UPDATE registered_user_keys k SET balance = NEW.balance
    FROM mobile_banking_subscriptions s
   WHERE s.pay_account_id = NEW.id AND k.cust_id = s.cust_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The bulk entry's lines are checked as a whole by transactions_post_bulk, which also checks that the
-- entry is this transaction's and open (journal_entry_is_open), once rather than once per line.
CREATE OR REPLACE FUNCTION transactions_entry_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.entry_id::text = current_setting('ledger.bulk_entry', true) THEN
    RETURN NEW;
  END IF;
  PERFORM journal_entry_is_open(NEW.entry_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The ledger's one bulk path (ADRs 0024 and 0026), now for salary batches and end of day alike. The
-- happy path is ONE update: every line's account must be open, not blocked for it, continue its
-- running balance, come after its latest posting and leave the available balance (the UPDATE's WHERE,
-- re-checked on the newest row version if a concurrent posting got there first). Past the limit
-- itself, accounts_balance_check refuses (insufficient_funds) as for any posting. When a line is
-- refused, a second query finds which and raises the row trigger's own pseudo-constraint.
CREATE OR REPLACE FUNCTION transactions_post_bulk() RETURNS trigger
LANGUAGE plpgsql AS $$
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
    SELECT 'total_deposits' AS metric, currency, (id % 16)::int AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, id % 16
    UNION ALL
    SELECT 'active_loans', '', (id % 16)::int, sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY id % 16
  )
  INSERT INTO banking_stats AS s (metric, currency, slot, value)
  SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
  ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
  UPDATE registered_user_keys k SET balance = n.balance_after
    FROM mobile_banking_subscriptions s JOIN inserted n ON n.account_id = s.pay_account_id
   WHERE n.entry_id = bulk AND k.cust_id = s.cust_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Lines that show a customer acted: teller and posting-API lines either way, a transfer the customer
-- paid (its debit), and history brought in by the seed or a migration. Interest, fees, reversals and
-- manual journals are the bank's doing and keep nobody's account alive.
CREATE OR REPLACE FUNCTION is_customer_activity(p_source text, p_direction text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_source IN ('teller', 'posting', 'seed', 'migration') OR (p_source = 'transfer' AND p_direction = 'debit')
$$;
--> statement-breakpoint
-- Each GL account's balance per currency at the close of p_as_of (debit-positive): the latest daily
-- snapshot on or before it plus the lines of the entries dated after the snapshot up to p_as_of.
-- Without any snapshot that far back it sums every line up to the date (the old way).
-- JIT off: estimated on the 7-million-line tables the plan looks costly and JIT would spend most of a
-- second compiling what is, with a snapshot of the day, a lookup.
CREATE OR REPLACE FUNCTION gl_balances_as_of(p_as_of date)
RETURNS TABLE(gl_code text, currency text, balance numeric)
LANGUAGE sql STABLE SET jit = off AS $$
  WITH s AS (SELECT max(business_date) AS d FROM gl_daily_balances WHERE business_date <= p_as_of),
  later AS (SELECT e.id FROM journal_entries e, s
             WHERE e.business_date <= p_as_of AND (s.d IS NULL OR e.business_date > s.d))
  SELECT x.gl_code, x.currency, sum(x.amount)
  FROM (
    SELECT b.gl_code, b.currency, b.balance AS amount FROM gl_daily_balances b, s WHERE b.business_date = s.d
    UNION ALL
    SELECT l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END
      FROM gl_lines l WHERE l.entry_id IN (SELECT id FROM later)
    UNION ALL
    SELECT a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
      FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.entry_id IN (SELECT id FROM later)
  ) x
  GROUP BY x.gl_code, x.currency
$$;
--> statement-breakpoint
-- As in migration gl_invariants, with a past date now read through the daily snapshots.
CREATE OR REPLACE FUNCTION gl_balances(p_as_of date DEFAULT NULL)
RETURNS TABLE(gl_code text, currency text, balance numeric)
LANGUAGE sql STABLE AS $$
  SELECT g.gl_code, g.currency, sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END)
  FROM gl_lines g
  WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
  GROUP BY g.gl_code, g.currency
  UNION ALL
  SELECT a.ledger_code, a.currency, -sum(a.balance)
  FROM accounts a WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
  GROUP BY a.ledger_code, a.currency
  UNION ALL
  SELECT b.gl_code, b.currency, b.balance FROM gl_balances_as_of(p_as_of) b
  WHERE p_as_of IS NOT NULL AND p_as_of < current_business_date()
$$;
--> statement-breakpoint
-- Fills what end of day keeps from the history it finds: a closing snapshot for every past business
-- date that has entries, and each account's last customer activity. The migration runs it for an
-- existing bank; the seed runs it after loading its history. Safe to run again.
CREATE OR REPLACE FUNCTION eod_backfill() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO account_activity (account_id, last_customer_activity)
  SELECT t.account_id, max(e.business_date)
    FROM transactions t JOIN journal_entries e ON e.id = t.entry_id
   WHERE is_customer_activity(e.source, t.direction)
   GROUP BY t.account_id
  ON CONFLICT (account_id) DO UPDATE
    SET last_customer_activity = greatest(account_activity.last_customer_activity, excluded.last_customer_activity);
  WITH daily AS (
    SELECT e.business_date AS d, x.gl_code, x.currency, sum(x.amount) AS net
      FROM journal_entries e
      JOIN (SELECT l.entry_id, l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END AS amount
              FROM gl_lines l
            UNION ALL
            SELECT t.entry_id, a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
              FROM transactions t JOIN accounts a ON a.id = t.account_id) x ON x.entry_id = e.id
     WHERE e.business_date < current_business_date()
     GROUP BY e.business_date, x.gl_code, x.currency
  ), dates AS (SELECT DISTINCT d FROM daily),
  pairs AS (SELECT gl_code, currency, min(d) AS first_d FROM daily GROUP BY gl_code, currency),
  grid AS (
    SELECT dt.d, p.gl_code, p.currency,
           sum(coalesce(dy.net, 0)) OVER (PARTITION BY p.gl_code, p.currency ORDER BY dt.d) AS balance
      FROM dates dt JOIN pairs p ON p.first_d <= dt.d
      LEFT JOIN daily dy ON dy.d = dt.d AND dy.gl_code = p.gl_code AND dy.currency = p.currency
  )
  INSERT INTO gl_daily_balances (business_date, gl_code, currency, balance)
  SELECT d, gl_code, currency, balance FROM grid
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- End of day's invariants, set-based, one row per problem (none, ever): the interest payable GL equals
-- the accounts' accrued and unposted interest booked in cents; the overdraft interest receivable
-- likewise; the WHT payable GL equals the WHT of every interest posting, each 15% of its gross rounded
-- to the cent; the latest snapshot nets to zero and equals the one before plus the day's lines.
CREATE OR REPLACE FUNCTION eod_violations() RETURNS TABLE(problem text)
LANGUAGE sql STABLE AS $$
  WITH gl AS (
    SELECT gl_code, currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS debit_balance
      FROM gl_lines GROUP BY gl_code, currency
  ),
  payable AS (
    SELECT p.interest_payable_gl AS gl_code, a.currency, sum(i.credit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id JOIN products p ON p.code = a.product_code
     GROUP BY 1, 2
  ),
  receivable AS (
    SELECT a.currency, sum(i.debit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id GROUP BY 1
  ),
  wht AS (
    SELECT p.wht_payable_gl AS gl_code, ip.currency, sum(ip.wht) AS wht
      FROM interest_postings ip JOIN products p ON p.code = ip.product_code
     WHERE ip.kind = 'credit' GROUP BY 1, 2
  ),
  last_two AS (
    SELECT business_date AS d FROM gl_daily_balances GROUP BY business_date ORDER BY business_date DESC LIMIT 2
  ),
  snap AS (SELECT max(d) AS last_d, CASE WHEN count(*) = 2 THEN min(d) END AS prev_d FROM last_two),
  actual AS (
    SELECT b.gl_code, b.currency, b.balance FROM gl_daily_balances b, snap WHERE b.business_date = snap.last_d
  ),
  expected AS (
    SELECT y.gl_code, y.currency, sum(y.amount) AS balance FROM (
      SELECT b.gl_code, b.currency, b.balance AS amount FROM gl_daily_balances b, snap WHERE b.business_date = snap.prev_d
      UNION ALL
      SELECT l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END
        FROM snap, journal_entries e JOIN gl_lines l ON l.entry_id = e.id
       WHERE e.business_date > snap.prev_d AND e.business_date <= snap.last_d
      UNION ALL
      SELECT a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
        FROM snap, journal_entries e JOIN transactions t ON t.entry_id = e.id JOIN accounts a ON a.id = t.account_id
       WHERE e.business_date > snap.prev_d AND e.business_date <= snap.last_d
    ) y GROUP BY y.gl_code, y.currency
  )
  SELECT 'interest payable ' || coalesce(g.gl_code, y.gl_code) || ' ' || coalesce(g.currency, y.currency)
         || ': GL ' || coalesce(-g.debit_balance, 0) || ' <> accrued unposted ' || coalesce(y.booked, 0)
    FROM (SELECT * FROM gl WHERE gl_code IN (SELECT interest_payable_gl FROM products)) g
    FULL JOIN payable y ON y.gl_code = g.gl_code AND y.currency = g.currency
   WHERE coalesce(-g.debit_balance, 0) <> coalesce(y.booked, 0)
  UNION ALL
  SELECT 'overdraft interest receivable 1420 ' || coalesce(g.currency, r.currency) || ': GL '
         || coalesce(g.debit_balance, 0) || ' <> accrued unposted ' || coalesce(r.booked, 0)
    FROM (SELECT * FROM gl WHERE gl_code = '1420') g FULL JOIN receivable r ON r.currency = g.currency
   WHERE coalesce(g.debit_balance, 0) <> coalesce(r.booked, 0)
  UNION ALL
  SELECT 'WHT payable ' || coalesce(g.gl_code, w.gl_code) || ' ' || coalesce(g.currency, w.currency)
         || ': GL ' || coalesce(-g.debit_balance, 0) || ' <> WHT posted ' || coalesce(w.wht, 0)
    FROM (SELECT * FROM gl WHERE gl_code IN (SELECT wht_payable_gl FROM products)) g
    FULL JOIN wht w ON w.gl_code = g.gl_code AND w.currency = g.currency
   WHERE coalesce(-g.debit_balance, 0) <> coalesce(w.wht, 0)
  UNION ALL
  SELECT 'interest posting of account ' || account_id || ' on ' || business_date || ': WHT ' || wht
         || ' is not 15% of ' || gross || ' or net ' || net || ' is not gross less WHT'
    FROM interest_postings
   WHERE kind = 'credit' AND (wht <> round(gross * 0.15, 2) OR net <> gross - wht)
  UNION ALL
  SELECT 'snapshot of ' || b.business_date || ' does not net to zero in ' || b.currency || ' (' || sum(b.balance) || ')'
    FROM gl_daily_balances b, snap WHERE b.business_date = snap.last_d
   GROUP BY b.business_date, b.currency HAVING sum(b.balance) <> 0
  UNION ALL
  SELECT 'snapshot of ' || snap.last_d || ' ' || coalesce(c.gl_code, x.gl_code) || ' ' || coalesce(c.currency, x.currency)
         || ' is ' || coalesce(c.balance, 0) || ' but the previous snapshot plus the day''s lines give ' || coalesce(x.balance, 0)
    FROM actual c FULL JOIN expected x ON x.gl_code = c.gl_code AND x.currency = c.currency, snap
   WHERE snap.prev_d IS NOT NULL AND coalesce(c.balance, 0) <> coalesce(x.balance, 0)
$$;
--> statement-breakpoint
SELECT eod_backfill();
--> statement-breakpoint
-- The run screen listens to its steps on /realtime/v1 (published-tables.ts: eod_run_steps).
CREATE TRIGGER eod_run_steps_realtime AFTER INSERT OR UPDATE ON eod_run_steps
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('eod_run_steps', 'id');
