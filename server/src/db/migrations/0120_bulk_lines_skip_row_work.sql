-- Row work that a set-based posting's lines paid for nothing (ADR 0081). Measured on one rolled-back
-- auto-debit chunk of 4,168 loans (auto_explain with triggers): the GL lines' guard took 21 µs a line,
-- the repayments' realtime notice 32 µs a row; at a month end the posting row trigger was called for
-- every line of a bulk entry only to look up a Dormant debit (20 µs a line, 4.4 s of a 200,000-customer
-- month end), and the accounts' guard ran on every balance update to pass it.
--
-- 1. A line of the transaction's declared bulk entry no longer calls transactions_post (the trigger's
--    WHEN leaves it out, as it leaves out a many-entries posting's lines). transactions_post_bulk, which
--    already checks and applies those lines after the statement, refuses a Dormant account's debit
--    first, in one statement, as the row path did line by line.
-- 2. gl_lines_guard reads the entry once (it read it twice, once through journal_entry_is_open), with
--    the same refusals.
-- 3. The repayments' realtime notices go out from one statement trigger, one notice a row as before,
--    without a PL/pgSQL call and a JSON copy of each row; both realtime triggers build the notice with
--    one function, realtime_notice.
-- 4. The accounts' guard on UPDATE has a WHEN: it runs when a client statement changes a balance or
--    anything changes an account's id or currency, and no longer for a posting's balance update.
-- 5. gl_lines_till has a WHEN: it runs for a line that names a till session or is on a till account
--    (1020-), the only lines it checks.
-- 6. ledger_bulk_line(), which the row trigger asked, has no caller left and goes.

CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  a accounts%ROWTYPE;
  e record;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
  eff_limit numeric(18,2);
  bd date;
  new_band integer;
  dep_delta numeric;
BEGIN
  -- The entry (this transaction's, still open), then the account, locked: serialises postings per
  -- account (a no-op when postEntry already holds this lock). Refusals keep their order: a Dormant
  -- account's debit, then the entry, then the account's lifecycle and funds.
  SELECT posted_at, source, business_date, maker_id INTO e FROM journal_entries WHERE id = NEW.entry_id;
  SELECT * INTO a FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  IF NEW.direction = 'debit' AND a.status = 'Dormant'
     AND (e.source IS NULL OR e.source NOT IN ('end_of_day', 'system', 'migration', 'seed')) THEN
    RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', a.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
  END IF;
  IF e.posted_at IS NULL THEN
    RAISE EXCEPTION 'journal entry % does not exist', NEW.entry_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF e.posted_at <> now() THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', NEW.entry_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
  IF a.id IS NULL THEN
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
  bd := current_business_date();
  IF NEW.direction = 'debit' AND a.account_type <> 'Loan' AND expected >= -a.overdraft_limit THEN
    eff_limit := CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END;
    IF expected < account_held(a.id, a.held) - eff_limit THEN
      RAISE EXCEPTION 'a debit of % would leave account % below its available balance', NEW.amount, a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
    END IF;
  END IF;
  -- overdrawn_since is set only when it changes (a deposit account crossing zero): an UPDATE that
  -- names it fires the accounts list's search trigger, whose WHEN is prepared for every statement.
  IF (CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END)
     IS NOT DISTINCT FROM a.overdrawn_since THEN
    UPDATE accounts SET balance = expected WHERE id = NEW.account_id RETURNING balance_band INTO new_band;
  ELSE
    UPDATE accounts SET balance = expected,
           overdrawn_since = CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
     WHERE id = NEW.account_id
    RETURNING balance_band INTO new_band;
  END IF;
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
  -- The daily limits' totals (ADR 0040): a debit of a teller, transfer or posting entry.
  IF NEW.direction = 'debit' AND e.source IN ('teller', 'transfer', 'posting') THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    VALUES (e.business_date, a.id, e.source, NEW.amount)
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF e.maker_id IS NOT NULL THEN
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      VALUES (e.business_date, e.maker_id, e.source, a.currency, maker_daily_debits_slot(a.id), NEW.amount)
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
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
CREATE OR REPLACE FUNCTION gl_lines_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  g gl_accounts%ROWTYPE;
  src text;
  made_at timestamptz;
BEGIN
  -- The entry read once: it exists and is this transaction's, still open (the rule and refusals of
  -- journal_entry_is_open), and its source decides which GL accounts take a line.
  SELECT posted_at, source INTO made_at, src FROM journal_entries WHERE id = NEW.entry_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % does not exist', NEW.entry_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF made_at IS DISTINCT FROM now() THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', NEW.entry_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
  SELECT * INTO g FROM gl_accounts WHERE code = NEW.gl_code;
  IF g.kind <> 'account' OR g.status <> 'active' OR g.is_control
     OR (g.currency <> 'both' AND g.currency <> NEW.currency)
     OR (src = 'manual' AND NOT g.manual_posting)
     OR (src = 'posting' AND NOT g.counter_posting) THEN
    RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %, counter %)',
      g.code, g.name, g.kind, g.status, g.is_control, g.currency, g.manual_posting, g.counter_posting
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER transactions_post ON transactions;
--> statement-breakpoint
-- The lines of the declared bulk entry, and of a declared range of entries, are checked and applied
-- after the statement (transactions_post_bulk, transactions_post_many): their rows call no function.
CREATE TRIGGER transactions_post BEFORE INSERT ON transactions FOR EACH ROW
  WHEN (NOT coalesce(new.entry_id BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                                      AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false)
        AND new.entry_id IS DISTINCT FROM nullif(current_setting('ledger.bulk_entry', true), '')::bigint)
  EXECUTE FUNCTION transactions_post();
--> statement-breakpoint
-- The notice every realtime trigger sends, in one place: the published table, the operation, the
-- row's key and the transaction time (never the row: a NOTIFY payload stays under 8000 bytes).
CREATE FUNCTION realtime_notice(t text, op text, key text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT json_build_object('k', 'pg', 't', t, 'op', op, 'key', key,
    'ts', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION realtime_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    rec := to_jsonb(OLD);
  ELSE
    rec := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('bm_realtime', realtime_notice(
    TG_ARGV[0],
    CASE WHEN TG_TABLE_NAME = 'auth_users' THEN 'UPDATE' ELSE TG_OP END,
    coalesce(TG_ARGV[2], '') || (rec ->> TG_ARGV[1])));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION realtime_notify_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- realtime_notify's notice (arguments: the published table, its key column, a key prefix) for each
  -- row the statement inserted, from one statement: no function call and no JSON copy of each row.
  EXECUTE format(
    $q$SELECT count(pg_notify('bm_realtime', realtime_notice(%L, 'INSERT', %L || n.%I::text))) FROM inserted n$q$,
    TG_ARGV[0], coalesce(TG_ARGV[2], ''), TG_ARGV[1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER loan_repayments_realtime ON loan_repayments;
--> statement-breakpoint
CREATE TRIGGER loan_repayments_realtime AFTER INSERT ON loan_repayments REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION realtime_notify_inserted('loan_repayments', 'id');
--> statement-breakpoint
DROP TRIGGER accounts_guard ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_guard BEFORE INSERT ON accounts FOR EACH ROW
  WHEN (new.balance <> 0)
  EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
-- pg_trigger_depth() in a WHEN is the depth of the statement that updates (0 for a client's, 1 for the
-- posting trigger's own UPDATE); inside the function it is one more, which accounts_guard's own test
-- (< 2) accounts for.
CREATE TRIGGER accounts_guard_update BEFORE UPDATE ON accounts FOR EACH ROW
  WHEN ((new.balance IS DISTINCT FROM old.balance AND pg_trigger_depth() < 1)
        OR new.currency IS DISTINCT FROM old.currency OR new.id IS DISTINCT FROM old.id)
  EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
DROP TRIGGER gl_lines_till ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_till BEFORE INSERT ON gl_lines FOR EACH ROW
  WHEN (new.till_session_id IS NOT NULL OR new.gl_code LIKE '1020-%')
  EXECUTE FUNCTION gl_lines_till();
--> statement-breakpoint
DROP FUNCTION ledger_bulk_line(bigint);
