-- Many entries checked per statement (ADR 0072). The ledger's many-entries bulk posting (the end-of-day
-- loan auto-debit: one journal per loan, a thousand loans a statement) inserted its customer lines
-- through the row triggers, so every line ran transactions_post's lock, last-posting lookup, balance
-- update and side tables one statement at a time: two thirds of the step. Now the posting declares
-- the range of entry ids it has just made (ledger.bulk_entries_from/_to, transaction-local); the row
-- triggers skip lines of those entries, and transactions_post_many checks and applies them once per
-- statement with the same rules and the same refusals, each account's running balance continued
-- across the lines that name it, in posting order.

-- One reading of "is this line checked per statement?" for every row trigger on transactions.
CREATE FUNCTION ledger_bulk_line(p_entry bigint) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(p_entry::text = current_setting('ledger.bulk_entry', true), false)
      OR coalesce(p_entry BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                              AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false)
$$;
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
  END IF;
  RETURN NEW;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_entry_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF ledger_bulk_line(NEW.entry_id) THEN
    RETURN NEW;
  END IF;
  PERFORM journal_entry_is_open(NEW.entry_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_dormant_debit() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  st text;
  num text;
  src text;
BEGIN
  -- A single bulk entry's source is end of day, system or seed (ADR 0024), which dormancy lets debit;
  -- a many-entries posting's debits are checked by transactions_post_many.
  IF NEW.direction <> 'debit' OR coalesce(NEW.entry_id BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                                                        AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false) THEN
    RETURN NEW;
  END IF;
  SELECT status, account_number INTO st, num FROM accounts WHERE id = NEW.account_id;
  IF st IS DISTINCT FROM 'Dormant' THEN
    RETURN NEW;
  END IF;
  SELECT source INTO src FROM journal_entries WHERE id = NEW.entry_id;
  IF src IN ('end_of_day', 'system', 'migration', 'seed') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', num
    USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
END;
$$;
--> statement-breakpoint
DROP TRIGGER transactions_daily_debits ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_debits AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.direction = 'debit' AND NOT ledger_bulk_line(NEW.entry_id))
  EXECUTE FUNCTION daily_debits_add();
--> statement-breakpoint
CREATE FUNCTION transactions_post_many() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  lo bigint := nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint;
  hi bigint := nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint;
  bd date;
  lines bigint;
  bad record;
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
    RETURNING a.id, a.currency, a.account_type, a.status, m.before, m.after
  ), deltas AS (
    -- The dashboard's totals (what transactions_post bumps per line), once per account.
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
  PERFORM set_config('ledger.bulk_applying', 'off', true);
  -- The registered users' balance and band, from the accounts as the statement left them.
  UPDATE registered_user_balances b SET balance = a.balance
    FROM mobile_banking_subscriptions s JOIN accounts a ON a.id = s.pay_account_id
   WHERE s.pay_account_id IN (SELECT account_id FROM inserted WHERE entry_id BETWEEN lo AND hi)
     AND b.cust_id = s.cust_id;
  UPDATE registered_user_keys k SET balance_band = a.balance_band
    FROM mobile_banking_subscriptions s JOIN accounts a ON a.id = s.pay_account_id
   WHERE s.pay_account_id IN (SELECT account_id FROM inserted WHERE entry_id BETWEEN lo AND hi)
     AND k.cust_id = s.cust_id AND k.balance_band <> a.balance_band;
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
CREATE TRIGGER transactions_post_many AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION transactions_post_many();
