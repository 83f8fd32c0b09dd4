-- A posting's UPDATE of accounts prepares no rule that does not concern the balance (ADR 0096).
--
-- Every posting updates its accounts' rows, and PostgreSQL prepares, for every such UPDATE, each
-- expression the table attaches to a row: the generated balance_band, both CHECKs and the guard
-- trigger's WHEN, each re-read from its stored text (about a tenth of a transfer's instructions).
-- Balances move only through the three posting writers (accounts_guard refuses any other), so:
--   balance_band     is a plain column: the writers set it with balance_band_of(balance), the one
--                    definition of the band, and a new account (balance 0) starts in band 0;
--   the funds rule   (accounts_balance_check: a loan is never in credit, anything else stays within
--                    its overdraft limit) is raised by transactions_post, as the bulk paths already
--                    did, and by accounts_limits_kept when the limit or the type changes;
--   the block kind   (accounts_block_kind_check: set exactly when Blocked) is accounts_limits_kept's,
--                    on a change of status or block kind;
--   the guard        is two column-specific triggers: on balance and band, whose condition is only
--                    the trigger depth, and on id and currency, prepared only when an UPDATE names them.
-- Each refusal keeps its constraint name, so callers map it as before. ledger_violations() reports a
-- stored band that is not its balance's, and a block kind out of step with the status.
--
-- Counted by `npm run bench:posting-instructions`: 5.14 to 4.54 million instructions a transfer.

-- The band of a balance: four bands per doubling of its size, negative below zero, floor(4·log2(1 + |b|)).
-- Not STRICT, so that the planner inlines it into its callers' statements.
CREATE FUNCTION balance_band_of(balance numeric) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT (CASE WHEN balance < 0 THEN -floor(ln(1 - balance::float8) * 5.7707801635558535)
               ELSE floor(ln(1 + balance::float8) * 5.7707801635558535) END)::smallint
$$;
--> statement-breakpoint
-- The funds rule (accounts_balance_check), written once for every writer of a balance and for the
-- trigger on the limit and type: a loan is money owed, anything else stays within its overdraft limit.
-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION account_within_limit(account_type text, balance numeric, overdraft_limit numeric) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE WHEN account_type = 'Loan' THEN balance <= 0 ELSE balance >= -overdraft_limit END
$$;
--> statement-breakpoint
-- The values stay; the column is no longer recomputed by every UPDATE of the row.
ALTER TABLE accounts ALTER COLUMN balance_band DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE accounts ALTER COLUMN balance_band SET DEFAULT 0;
--> statement-breakpoint
-- The band is the balance's, so the guard refuses a client that writes either.
CREATE OR REPLACE FUNCTION accounts_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 OR NEW.balance_band <> 0 THEN
      RAISE EXCEPTION 'a new account starts at 0.00; post an opening transaction instead'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.currency IS DISTINCT FROM OLD.currency OR NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'the id and currency of account % cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_immutable_identity';
  END IF;
  -- Depth 1 is a statement from a client; the posting triggers' own UPDATEs run at depth 2.
  IF (NEW.balance, NEW.balance_band) IS DISTINCT FROM (OLD.balance, OLD.balance_band) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the balance of account % changes only through postings', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER accounts_guard ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_guard BEFORE INSERT ON accounts FOR EACH ROW
  WHEN (NEW.balance <> 0 OR NEW.balance_band <> 0) EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
DROP TRIGGER accounts_guard_update ON accounts;
--> statement-breakpoint
-- A posting's UPDATE names balance and band: its condition is the trigger depth alone.
CREATE TRIGGER accounts_guard_balance BEFORE UPDATE OF balance, balance_band ON accounts FOR EACH ROW
  WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
-- Prepared only for a statement that names id or currency, which no posting does.
CREATE TRIGGER accounts_guard_identity BEFORE UPDATE OF id, currency ON accounts FOR EACH ROW
  WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.currency IS DISTINCT FROM OLD.currency) EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
-- The rules that joined columns, as accounts' CHECKs did, now checked when a statement names one of
-- their columns other than the balance (whose writers raise the funds rule themselves).
CREATE FUNCTION accounts_limits_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (NEW.status = 'Blocked') <> (NEW.block_kind IS NOT NULL) THEN
    RAISE EXCEPTION 'account %: a block kind is set exactly when the account is Blocked (status %, block kind %)',
      NEW.account_number, NEW.status, coalesce(NEW.block_kind, 'none')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_block_kind_check';
  END IF;
  IF NOT account_within_limit(NEW.account_type, NEW.balance, NEW.overdraft_limit) THEN
    RAISE EXCEPTION 'account % would leave its limit: balance % (%)', NEW.account_number, NEW.balance,
      CASE WHEN NEW.account_type = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || NEW.overdraft_limit END
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_limits_kept BEFORE INSERT OR UPDATE OF status, block_kind, account_type, overdraft_limit ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_limits_kept();
--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_balance_check, DROP CONSTRAINT accounts_block_kind_check;
--> statement-breakpoint
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
  overdrawn date;
  new_band integer;
  dep_delta numeric;
BEGIN
  -- The entry (this transaction's, still open), then the account, locked: serialises postings per
  -- account (a no-op when postEntry already holds this lock). Refusals keep their order: a Dormant
  -- account's debit, then the entry, then the account's lifecycle and funds.
  SELECT posted_at, source, business_date, maker_id INTO e FROM journal_entries WHERE id = NEW.entry_id;
  SELECT * INTO a FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  -- One test for the usual case (an Active account, the entry open); the refusals, in order, only
  -- when it fails.
  IF a.status IS DISTINCT FROM 'Active' OR e.posted_at IS DISTINCT FROM now() THEN
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
  -- The funds rule that was accounts' CHECK (ADR 0096): a loan is money owed, anything else stays
  -- within its overdraft limit.
  IF NOT account_within_limit(a.account_type, expected, a.overdraft_limit) THEN
    RAISE EXCEPTION 'account % would leave its limit: balance % (%)', a.account_number, expected,
      CASE WHEN a.account_type = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || a.overdraft_limit END
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
  END IF;
  IF NEW.direction = 'debit' AND a.account_type <> 'Loan' AND expected >= -a.overdraft_limit THEN
    eff_limit := CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= current_business_date() THEN a.overdraft_limit ELSE 0 END;
    IF expected < account_held(a.id, a.held) - eff_limit THEN
      RAISE EXCEPTION 'a debit of % would leave account % below its available balance', NEW.amount, a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
    END IF;
  END IF;
  -- overdrawn_since is set only when it changes (a deposit account crossing zero): an UPDATE that
  -- names it fires the accounts list's search trigger, whose WHEN is prepared for every statement.
  -- The business date is read only when a rule needs it: an expiring overdraft (above), or a deposit
  -- account going overdrawn today (coalesce evaluates it only then).
  overdrawn := CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, current_business_date()) END;
  new_band := balance_band_of(expected);
  IF overdrawn IS NOT DISTINCT FROM a.overdrawn_since THEN
    UPDATE accounts SET balance = expected, balance_band = new_band WHERE id = NEW.account_id;
  ELSE
    UPDATE accounts SET balance = expected, balance_band = new_band, overdrawn_since = overdrawn
     WHERE id = NEW.account_id;
  END IF;
  -- The dashboard's totals and the registered-users balance follow the balance here, from the row
  -- this trigger already holds, rather than in row triggers on accounts (ADR 0043); a line of
  -- ledger_post_entry's leaves them to that function, which writes them once for its whole entry.
  -- The upserts are banking_stats_bump's, written out: a SQL function that writes is not inlined,
  -- and its call cost more than the upsert.
  IF current_setting('ledger.entry_side_tables', true) IS DISTINCT FROM NEW.entry_id::text THEN
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
  END IF;
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
    SET enable_hashjoin TO 'off'
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
    UPDATE accounts a SET balance = n.balance_after, balance_band = balance_band_of(n.balance_after),
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
       -- The funds rule (accounts_balance_check, kept by the writers: ADR 0096), so that a refusal
       -- is diagnosed below in rule order.
       AND account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
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
               WHEN NOT account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
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
             WHEN NOT account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
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
    UPDATE accounts a SET balance = m.after, balance_band = balance_band_of(m.after),
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_violations() RETURNS TABLE(account_id bigint, transaction_id bigint, problem text)
    LANGUAGE sql STABLE
    AS $$
  WITH sums AS (
    SELECT t.account_id, sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END) AS total
    FROM transactions t GROUP BY t.account_id
  ),
  entry_sums AS (
    SELECT entry_id, currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net, count(*) AS n
    FROM journal_lines GROUP BY entry_id, currency
  ),
  control AS (
    SELECT a.ledger_code, a.currency, sum(a.balance) AS sub_ledger,
           coalesce(sum(s.total), 0) AS lines
    FROM accounts a LEFT JOIN sums s ON s.account_id = a.id GROUP BY a.ledger_code, a.currency
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
  UNION ALL
  SELECT NULL, NULL, 'entry ' || entry_id || ' does not balance in ' || currency || ' (debits - credits = ' || net || ')'
  FROM entry_sums WHERE net <> 0
  UNION ALL
  SELECT NULL, NULL, 'entry ' || e.id || ' has fewer than two lines'
  FROM journal_entries e LEFT JOIN (SELECT entry_id, sum(n) AS n FROM entry_sums GROUP BY entry_id) c ON c.entry_id = e.id
  WHERE coalesce(c.n, 0) < 2
  UNION ALL
  SELECT NULL, NULL, 'control account ' || ledger_code || ' ' || currency || ': sub-ledger ' || sub_ledger || ' <> lines ' || lines
  FROM control WHERE sub_ledger <> lines
  UNION ALL
  SELECT a.id, NULL, 'account uses ' || a.ledger_code || ' but its product maps to ' || p.ledger_code
  FROM accounts a JOIN products p ON p.code = a.product_code WHERE p.ledger_code <> a.ledger_code OR p.currency <> a.currency
  UNION ALL
  SELECT NULL, g.id, 'GL line on ' || g.gl_code || ', which is not a postable non-control account in ' || g.currency
  FROM gl_lines g JOIN gl_accounts c ON c.code = g.gl_code
  WHERE c.kind <> 'account' OR c.is_control OR (c.currency <> 'both' AND c.currency <> g.currency)
  UNION ALL
  SELECT NULL, NULL, 'trial balance does not net to zero in ' || currency || ' (' || sum(balance) || ')'
  FROM gl_balances() GROUP BY currency HAVING sum(balance) <> 0
  UNION ALL
  SELECT a.id, NULL, 'balance ' || a.balance || ' is past the account''s limit'
  FROM accounts a
  WHERE NOT account_within_limit(a.account_type, a.balance, a.overdraft_limit)
  UNION ALL
  -- Two rules the writers keep rather than the row (ADR 0096).
  SELECT a.id, NULL, 'balance band ' || a.balance_band || ' <> ' || balance_band_of(a.balance) || ', the band of its balance'
  FROM accounts a WHERE a.balance_band <> balance_band_of(a.balance)
  UNION ALL
  SELECT a.id, NULL, 'status ' || a.status || ' with block kind ' || coalesce(a.block_kind, 'none')
  FROM accounts a WHERE (a.status = 'Blocked') <> (a.block_kind IS NOT NULL)
  UNION ALL
  SELECT NULL, NULL, 'entry ' || e.id || ' (' || e.source || ') has no audit row'
  FROM journal_entries e
  WHERE e.source NOT IN ('migration', 'seed')
    AND NOT EXISTS (SELECT 1 FROM audit_log l WHERE l.details->>'entryId' = e.id::text AND l.outcome = 'success')
  UNION ALL
  -- Teller (migration teller_guards): a till session's balance is its lines, its opening
  -- allocation is its opening entry, and teller cash moves only with a session of that branch and currency.
  SELECT NULL, NULL, 'till session ' || s.id || ': balance ' || s.balance || ' <> its lines ' || coalesce(l.total, 0)
  FROM till_sessions s
  LEFT JOIN (SELECT till_session_id, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS total
             FROM gl_lines WHERE till_session_id IS NOT NULL GROUP BY till_session_id) l ON l.till_session_id = s.id
  WHERE s.balance <> coalesce(l.total, 0)
  UNION ALL
  SELECT NULL, NULL, 'till session ' || s.id || ': opening allocation ' || s.opening_allocation || ' <> its opening entry ' || coalesce(o.amount, 0)
  FROM till_sessions s
  LEFT JOIN LATERAL (SELECT sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) AS amount FROM gl_lines g
                     WHERE g.entry_id = s.opening_entry_id AND g.till_session_id = s.id) o ON true
  WHERE s.opening_allocation <> coalesce(o.amount, 0)
  UNION ALL
  SELECT NULL, g.id, 'GL line on ' || g.gl_code || ' in ' || g.currency || ' names till session ' || s.id || ' (branch ' || s.branch_code || ', ' || s.currency || ')'
  FROM gl_lines g JOIN till_sessions s ON s.id = g.till_session_id
  WHERE g.gl_code <> '1020-' || s.branch_code OR g.currency <> s.currency
  UNION ALL
  SELECT NULL, g.id, 'teller entry ' || g.entry_id || ' moves teller cash (' || g.gl_code || ') outside a till session'
  FROM gl_lines g JOIN journal_entries e ON e.id = g.entry_id
  WHERE e.source = 'teller' AND g.gl_code LIKE '1020-%' AND g.till_session_id IS NULL
  UNION ALL
  SELECT NULL, NULL, 'closed till session ' || s.id || ' still holds ' || s.balance
  FROM till_sessions s WHERE s.status = 'closed' AND s.balance <> 0
  UNION ALL
  -- The daily limits' totals (migration daily_debit_totals) are the current business date's debit lines.
  SELECT coalesce(x.account_id, l.account_id), NULL, 'daily debits of ' || coalesce(x.source, l.source) || ': kept '
         || coalesce(x.total, 0) || ' <> lines ' || coalesce(l.total, 0)
  FROM (SELECT account_id, source, total FROM account_daily_debits WHERE business_date = current_business_date()) x
  FULL JOIN (SELECT t.account_id, e.source, sum(t.amount) AS total FROM journal_entries e
             JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit'
             WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
             GROUP BY 1, 2) l ON l.account_id = x.account_id AND l.source = x.source
  WHERE x.total IS DISTINCT FROM l.total
  UNION ALL
  SELECT NULL, NULL, 'daily debits of maker ' || coalesce(x.maker_id, l.maker_id) || ' (' || coalesce(x.source, l.source)
         || ', ' || coalesce(x.currency, l.currency) || '): kept ' || coalesce(x.total, 0) || ' <> lines ' || coalesce(l.total, 0)
  FROM (SELECT maker_id, source, currency, sum(total) AS total FROM maker_daily_debits
        WHERE business_date = current_business_date() GROUP BY 1, 2, 3) x
  FULL JOIN (SELECT e.maker_id, e.source, a.currency, sum(t.amount) AS total FROM journal_entries e
             JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit' JOIN accounts a ON a.id = t.account_id
             WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
               AND e.maker_id IS NOT NULL
             GROUP BY 1, 2, 3) l ON l.maker_id = x.maker_id AND l.source = x.source AND l.currency = x.currency
  WHERE x.total IS DISTINCT FROM l.total
$$;
