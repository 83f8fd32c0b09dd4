-- What a posting's line costs the database beyond its rows (ADR 0080). A transfer through
-- ledger_post_entry cost about 2.2 ms of the backend's CPU (pgbench, one client); the same rows written
-- with no trigger cost 0.35 ms. Most of the difference was set-up that did nothing: every trigger call,
-- and every statement a trigger runs, is prepared afresh, with the table's CHECKs, its generated
-- column and the WHEN clause of each trigger it fires read back from the catalog.
--
-- 1. transactions_post does what three other row triggers did (the dormancy rule, the entry's guard,
--    the daily limits' totals), in their order of refusals, with one read of the entry: a Dormant
--    account's debit, then the entry (it exists and is this transaction's), then the account's
--    lifecycle and funds, the balance, and the daily totals. The totals' WHEN called
--    ledger_bulk_line(), a SQL function inlined (parsed and planned) for every statement.
-- 2. The statement triggers of the bulk paths fire only when their path is declared, and the lines of
--    a many-entries posting do not call the row trigger.
-- 3. An update of accounts names only what changes: the posting sets overdrawn_since only when a
--    deposit account crosses zero (an UPDATE naming it fires the accounts list's search trigger, whose
--    WHEN covers nine columns), and accounts_stats_moved names the columns it watches. A trigger that
--    names columns is passed over, WHEN unprepared, by an update that sets none of them.
-- 4. ledger_post_entry keeps generic plans (its reads of the accounts the lines name were planned
--    again at every call), locks and reads its accounts in one statement (in id order, as before; a no-op for a
--    caller that holds the locks already), and reads GL accounts only for an entry with GL lines.
--
-- Measured with pgbench on one client, twelve interleaved runs of 1,000 transfers on two copies of one
-- database: 2.84 ms of the backend's CPU a transfer before, 2.19 after.

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
  -- A line of a declared many-entries posting does not reach this function (the trigger's WHEN), so
  -- here ledger_bulk_line() names a single bulk entry's line: checked and applied by
  -- transactions_post_bulk after the statement, its debit still meets the dormancy rule row by row.
  IF ledger_bulk_line(NEW.entry_id) THEN
    IF NEW.direction = 'debit' AND (SELECT status FROM accounts WHERE id = NEW.account_id) = 'Dormant' THEN
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
DROP TRIGGER transactions_post ON transactions;
--> statement-breakpoint
-- A line of a many-entries posting (end of day's interest, fees, the auto-debit) is checked and applied
-- by transactions_post_many after the statement: its row does not call the function at all.
CREATE TRIGGER transactions_post BEFORE INSERT ON transactions FOR EACH ROW
  WHEN (NOT coalesce(new.entry_id BETWEEN nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                                      AND nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false))
  EXECUTE FUNCTION transactions_post();
--> statement-breakpoint
DROP TRIGGER accounts_stats_moved ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_stats_moved AFTER UPDATE OF status, account_type, currency ON accounts FOR EACH ROW
  WHEN (old.status IS DISTINCT FROM new.status OR old.account_type IS DISTINCT FROM new.account_type
        OR old.currency IS DISTINCT FROM new.currency)
  EXECUTE FUNCTION accounts_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_post_entry(p jsonb, pads text) RETURNS jsonb
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
DECLARE
  accts jsonb;
  gls jsonb;
  refused boolean;
  e record;
  gl_ids jsonb := '[]';
  cust jsonb := '[]';
  l record;
  r record;
  signed numeric;
BEGIN
  -- The accounts the lines name, locked in id order (two entries never deadlock; a no-op for a caller
  -- that holds the locks already), with what the checks and the answer need.
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'account_number', a.account_number, 'status', a.status,
           'block_kind', a.block_kind, 'currency', a.currency, 'ledger_code', a.ledger_code, 'gl_name', a.gl_name)
           ORDER BY a.id), '[]')
    INTO accts
    FROM (SELECT a.id, a.account_number, a.status, a.block_kind, a.currency, a.ledger_code, g.name AS gl_name
            FROM accounts a JOIN gl_accounts g ON g.code = a.ledger_code
           WHERE a.id IN (SELECT (x->>'account_id')::bigint FROM jsonb_array_elements(p->'customer') x)
           ORDER BY a.id FOR NO KEY UPDATE OF a) a;
  -- A day cap (postEntry's accountDayCap): the account's debits of these sources today, with this
  -- entry's, stay within the limit. Read under the account's lock, so two postings on one account
  -- cannot both pass it; over it, nothing is written and the caller decides (a transfer asks a checker).
  IF jsonb_typeof(p->'day_cap') = 'object' AND
     coalesce((SELECT sum(d.total) FROM account_daily_debits d
                WHERE d.business_date = current_business_date() AND d.account_id = (p->'day_cap'->>'account_id')::bigint
                  AND d.source IN (SELECT jsonb_array_elements_text(p->'day_cap'->'sources'))), 0)
     + (SELECT coalesce(sum((x->>'amount')::numeric), 0) FROM jsonb_array_elements(p->'customer') x
         WHERE x->>'side' = 'debit' AND (x->>'account_id')::bigint = (p->'day_cap'->>'account_id')::bigint)
     > (p->'day_cap'->>'limit')::numeric THEN
    RETURN jsonb_build_object('over_day_cap', true);
  END IF;
  IF jsonb_array_length(p->'gl') > 0 THEN
    SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name)), '{}')
      INTO gls FROM gl_accounts g WHERE g.code IN (SELECT x->>'code' FROM jsonb_array_elements(p->'gl') x);
  ELSE
    gls := '{}';
  END IF;

  -- The checks postEntry makes from the locked rows, in the same terms (post-entry.ts, checkLines).
  WITH a AS (SELECT * FROM jsonb_to_recordset(accts) AS t(id bigint, status text, block_kind text, currency text)),
  c AS (
    SELECT x->>'side' AS side, (x->>'amount')::numeric AS amount, a.status, a.block_kind, a.currency, a.id
      FROM jsonb_array_elements(p->'customer') x LEFT JOIN a ON a.id = (x->>'account_id')::bigint
  ),
  g AS (
    SELECT x->>'side' AS side, (x->>'amount')::numeric AS amount, x->>'currency' AS currency,
           gls->(x->>'code')->>'currency' AS keeps
      FROM jsonb_array_elements(p->'gl') x
  ),
  net AS (
    SELECT currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS v
      FROM (SELECT side, amount, currency FROM c UNION ALL SELECT side, amount, currency FROM g) u GROUP BY currency
  )
  SELECT EXISTS (SELECT 1 FROM c WHERE id IS NULL OR status IN ('Closed', 'Submitted', 'Approved', 'Rejected')
                    OR (status = 'Blocked' AND (block_kind IS DISTINCT FROM 'debit' OR side = 'debit'))
                    OR (status = 'Dormant' AND side = 'debit' AND NOT (p->>'dormant_debit_ok')::boolean))
      OR EXISTS (SELECT 1 FROM g WHERE keeps IS NULL OR (keeps <> 'both' AND keeps <> currency))
      OR EXISTS (SELECT 1 FROM net WHERE v <> 0 OR currency IS NULL)
      OR jsonb_array_length(p->'customer') + jsonb_array_length(p->'gl') < 2
    INTO refused;
  IF refused THEN
    RETURN jsonb_build_object('refused', true, 'accounts', accts);
  END IF;

  WITH n AS (SELECT nextval(pg_get_serial_sequence('journal_entries', 'id')) AS id)
  INSERT INTO journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
  SELECT n.id, coalesce((p->>'business_date')::date, current_business_date()),
         coalesce((p->>'value_date')::date, current_business_date()), p->>'narration', p->>'source',
         (p->>'maker_id')::uuid, p->>'maker_email', coalesce(p->>'reference', 'TX' || lpad(n.id::text, 12, '0')),
         (p->>'reversal_of')::bigint, (p->>'fx_rate')::numeric
    FROM n
  RETURNING id, reference, business_date, value_date, fx_rate, posted_at INTO e;

  IF jsonb_array_length(p->'gl') > 0 THEN
    FOR l IN SELECT x FROM jsonb_array_elements(p->'gl') x LOOP
      INSERT INTO gl_lines (entry_id, gl_code, currency, side, amount, till_session_id)
      VALUES (e.id, l.x->>'code', l.x->>'currency', l.x->>'side', (l.x->>'amount')::numeric(18,2), (l.x->>'till_session_id')::uuid)
      RETURNING id INTO r;
      gl_ids := gl_ids || to_jsonb(r.id::text);
    END LOOP;
  END IF;

  -- Customer lines in (stats slot, currency, id) order: two entries then take the dashboard's
  -- banking_stats rows in one global order. `ord` tells postEntry which input line each one is.
  FOR l IN SELECT c.x, c.ord FROM jsonb_array_elements(p->'customer') WITH ORDINALITY c(x, ord)
             JOIN jsonb_to_recordset(accts) AS a(id bigint, currency text) ON a.id = (c.x->>'account_id')::bigint
            ORDER BY banking_stats_slot(a.id), a.currency, a.id, c.ord LOOP
    signed := CASE l.x->>'side' WHEN 'credit' THEN (l.x->>'amount')::numeric ELSE -(l.x->>'amount')::numeric END;
    -- clock_timestamp(), read after the lock, is later than the account's postings; greatest() keeps
    -- the history order even if the clock stepped back or seeded history runs past today.
    INSERT INTO transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
    SELECT a.id, greatest(clock_timestamp(), (SELECT max(t.posted_at) FROM transactions t WHERE t.account_id = a.id)),
           coalesce((p->>'value_date')::date, current_business_date()), coalesce(l.x->>'description', p->>'narration'),
           (l.x->>'amount')::numeric(18,2), l.x->>'side', a.balance + signed, e.reference, e.id
      FROM accounts a WHERE a.id = (l.x->>'account_id')::bigint
    RETURNING id, posted_at, value_date, balance_after INTO r;
    cust := cust || jsonb_build_object('ord', l.ord, 'id', r.id::text, 'posted_at', r.posted_at, 'value_date', r.value_date::text,
                                       'balance_before', (r.balance_after - signed)::text,
                                       'balance_after', r.balance_after::text);
  END LOOP;

  PERFORM set_config('bankmanager.audit_key', pads, true);
  INSERT INTO audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
  VALUES (0, p->'audit'->>'action', 'success', (p->>'maker_id')::uuid, p->>'maker_email',
          p->'audit'->>'target_type', p->'audit'->>'target_id', (p->'audit'->>'ip')::inet,
          coalesce(p->'audit'->'details', '{}') || jsonb_build_object('entryId', e.id, 'reference', e.reference)
            || coalesce(p->'audit'->'more', '{}'));

  RETURN jsonb_build_object(
    'entry', jsonb_build_object('id', e.id::text, 'reference', e.reference, 'business_date', e.business_date::text,
                                'value_date', e.value_date::text, 'fx_rate', e.fx_rate::text, 'posted_at', e.posted_at),
    'gl_lines', gl_ids, 'customer_lines', cust, 'accounts', accts, 'gl', gls);
END;
$$;
