-- A posting's row on transactions ran three PL/pgSQL row triggers before it (the dormancy rule, the
-- entry's guard, the posting) and one after it (the daily limits' totals), and three statement
-- triggers after each INSERT that only the bulk paths use. Every call costs its set-up whatever it
-- then does, and a trigger's WHEN clause is prepared again for every statement; the daily totals'
-- WHEN called ledger_bulk_line(), a SQL function, inlined (parsed and planned) each time. Measured with
-- pgbench on one client, a transfer through ledger_post_entry cost about 2.2 ms of the backend's CPU;
-- with this migration about 1.8 (ADR 0080).
--
-- 1. transactions_post does what the three other row triggers did, in their order of refusals, with
--    one read of the entry: a Dormant account's debit, then the entry (it exists and is this
--    transaction's), then the account's lifecycle and funds, the balance, and the daily totals.
-- 2. The statement triggers of the bulk paths fire only when their path is declared, and the lines of
--    a many-entries posting do not call the row trigger.
-- 3. ledger_post_entry plans its statements once per session. Its reads by an array of ids were
--    planned again at every call: the planner's estimate for a generic plan never beat the custom one.

CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
LANGUAGE plpgsql AS $$
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
  IF ledger_bulk_line(NEW.entry_id) THEN
    -- Checked and applied by transactions_post_bulk or transactions_post_many after the statement.
    -- A single bulk entry's debits still meet the dormancy rule here, row by row; a many-entries
    -- posting's are checked by transactions_post_many.
    IF NEW.direction = 'debit' AND NOT coalesce(NEW.entry_id BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                                                                 AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false)
       AND (SELECT status FROM accounts WHERE id = NEW.account_id) = 'Dormant' THEN
      SELECT source INTO e FROM journal_entries WHERE id = NEW.entry_id;
      IF e.source IS NULL OR e.source NOT IN ('end_of_day', 'system', 'migration', 'seed') THEN
        RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated',
          (SELECT account_number FROM accounts WHERE id = NEW.account_id)
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
      END IF;
    END IF;
    RETURN NEW;
  END IF;
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
DROP TRIGGER transactions_dormant_debit ON transactions;
--> statement-breakpoint
DROP FUNCTION transactions_dormant_debit();
--> statement-breakpoint
DROP TRIGGER transactions_entry_guard ON transactions;
--> statement-breakpoint
DROP FUNCTION transactions_entry_guard();
--> statement-breakpoint
DROP TRIGGER transactions_daily_debits ON transactions;
--> statement-breakpoint
DROP FUNCTION daily_debits_add();
--> statement-breakpoint
DROP TRIGGER transactions_daily_debits_bulk ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_debits_bulk AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (nullif(current_setting('ledger.bulk_entry', true), '') IS NOT NULL)
  EXECUTE FUNCTION daily_debits_add_bulk();
--> statement-breakpoint
DROP TRIGGER transactions_post_bulk ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_post_bulk AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (nullif(current_setting('ledger.bulk_entry', true), '') IS NOT NULL)
  EXECUTE FUNCTION transactions_post_bulk();
--> statement-breakpoint
DROP TRIGGER transactions_post_many ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_post_many AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (nullif(current_setting('ledger.bulk_entries_from', true), '') IS NOT NULL)
  EXECUTE FUNCTION transactions_post_many();
--> statement-breakpoint
ALTER FUNCTION ledger_post_entry(jsonb, text) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
DROP TRIGGER transactions_post ON transactions;
--> statement-breakpoint
-- A line of a many-entries posting (end of day's interest, fees, the auto-debit) is checked and applied
-- by transactions_post_many after the statement: its row does not call the function at all.
CREATE TRIGGER transactions_post BEFORE INSERT ON transactions FOR EACH ROW
  WHEN (NOT coalesce(new.entry_id BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                                      AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false))
  EXECUTE FUNCTION transactions_post();
