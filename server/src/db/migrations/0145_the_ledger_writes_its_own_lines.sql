-- The ledger's own writer (ADR 0100). ledger_post_entry checks a whole entry once, before it writes
-- anything, and then writes the entry's lines, balances and totals itself, set-based. The row rules
-- that check what any other writer inserts skip what it writes:
--
--   transactions_post, gl_lines_guard   the row rules of a customer line and a GL line;
--   journal_entries_balanced            the deferred balance check (the function sums every
--                                       currency's lines to zero before it writes one);
--   accounts_guard_balance              the refusal of a balance moved outside a posting.
--
-- Who may skip them (ledger_writer_here): only the tables' owner, who could drop the rules anyway,
-- and only while the function writes (it sets ledger.writer for its writes and clears it before it
-- returns; a refusal rolls the setting back with everything else). The function is SECURITY DEFINER: in production the
-- application connects as a role that owns nothing (ADR 0013), and becomes the owner only inside
-- this function. The entry is stamped with the moment it was written instead of its transaction's
-- start, so that every other path finds it closed (journal_lines_entry_open): no line can be added
-- to it after the function returns.

CREATE OR REPLACE FUNCTION ledger_writer_here() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  IF current_setting('ledger.writer', true) IS DISTINCT FROM 'on' THEN
    RETURN false;
  END IF;
  -- Inside a SECURITY DEFINER function current_user is its owner, not the role that logged in (the
  -- production split of ADR 0013); a superuser session (development, tests) is the owner already.
  IF CURRENT_USER <> SESSION_USER OR current_setting('is_superuser') = 'on' THEN
    RETURN true;
  END IF;
  -- A session that logged in as the tables' owner itself (one role for everything, without the split).
  RETURN EXISTS (SELECT 1 FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
                  WHERE c.oid = 'transactions'::regclass AND r.rolname = CURRENT_USER);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_line_checked_by_row(p_entry bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here()
     AND NOT ledger_in_bulk_entries(p_entry)
     AND p_entry IS DISTINCT FROM nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gl_line_checked_by_row(p_entry bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here() AND NOT ledger_in_bulk_entries(p_entry);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entry_checked_at_commit() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here() AND NOT ledger_many_entries_on();
END;
$$;
--> statement-breakpoint
DROP TRIGGER gl_lines_guard ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard BEFORE INSERT ON gl_lines FOR EACH ROW
  WHEN (gl_line_checked_by_row(NEW.entry_id))
  EXECUTE FUNCTION gl_lines_guard();
--> statement-breakpoint
DROP TRIGGER journal_entries_balanced ON journal_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (journal_entry_checked_at_commit())
  EXECUTE FUNCTION journal_entries_balanced();
--> statement-breakpoint
DROP TRIGGER accounts_guard_balance ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_guard_balance BEFORE UPDATE OF balance, balance_band ON accounts FOR EACH ROW
  WHEN (pg_trigger_depth() < 1 AND NOT ledger_writer_here())
  EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entries_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bd date;
  closing bigint;
  period_closed boolean;
BEGIN
  -- One read for the date, the cut-off and the closed periods. An entry that names no business date
  -- or value date takes the business date (ledger_post_entry leaves both to this read).
  SELECT d.bd, d.closing,
         EXISTS (SELECT 1 FROM accounting_periods p WHERE p.status = 'closed'
                  AND (coalesce(NEW.business_date, d.bd) BETWEEN p.starts_on AND p.ends_on
                       OR coalesce(NEW.value_date, d.bd) BETWEEN p.starts_on AND p.ends_on))
    INTO bd, closing, period_closed
    FROM (SELECT coalesce(b.business_date, current_date) AS bd, b.closing_run_id AS closing
            FROM (SELECT 1) x LEFT JOIN bank_business_date b ON b.id) d;
  NEW.business_date := coalesce(NEW.business_date, bd);
  NEW.value_date := coalesce(NEW.value_date, bd);
  IF NEW.business_date IS DISTINCT FROM bd THEN
    RAISE EXCEPTION 'business date % is closed or not open yet (current business date %)', NEW.business_date, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_date';
  END IF;
  -- The cut-off: while end of day closes the day, the day's books take only end of day's entries.
  IF closing IS NOT NULL AND NEW.source <> 'end_of_day' THEN
    RAISE EXCEPTION 'end of day (run %) is closing business date %: postings resume on the next business date', closing, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_day_closing';
  END IF;
  IF period_closed THEN
    RAISE EXCEPTION 'accounting period of % (value date %) is closed', NEW.business_date, NEW.value_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_period';
  END IF;
  -- The transaction's start time marks which transaction made the entry, whose lines may follow
  -- (journal_lines_entry_open). The ledger's writer writes an entry's lines with it: its entry is
  -- stamped with the moment it was written, always after the start, and so is closed to any other.
  NEW.posted_at := CASE WHEN ledger_writer_here()
                        THEN greatest(clock_timestamp(), now() + interval '1 microsecond') ELSE now() END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- transactions_post keeps the dashboard's totals for every line it sees: the only writer that kept
-- them for a whole entry instead, ledger_post_entry, no longer sends its lines through it.
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
  signed numeric;
BEGIN
  -- The entry (this transaction's, still open), then the account, moved and locked: serialises
  -- postings per account (a no-op when postEntry already holds this lock). Refusals keep their order:
  -- a Dormant account's debit, then the entry, then the account's lifecycle and funds.
  SELECT posted_at, source, business_date, maker_id INTO e FROM journal_entries WHERE id = NEW.entry_id;
  -- The account moved and locked in one statement; every refusal below raises and so undoes it.
  -- `expected` is the balance after the line; `a` is the row as it was before it (its balance put
  -- back here, its band where the band is compared).
  signed := CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END;
  UPDATE accounts SET balance = balance + signed, balance_band = balance_band_of(balance + signed)
   WHERE id = NEW.account_id RETURNING * INTO a;
  expected := a.balance;
  a.balance := expected - signed;
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
  new_band := a.balance_band;
  a.balance_band := balance_band_of(a.balance);
  IF overdrawn IS DISTINCT FROM a.overdrawn_since THEN
    UPDATE accounts SET overdrawn_since = overdrawn WHERE id = NEW.account_id;
  END IF;
  -- The dashboard's totals and the registered-users balance follow the balance here, from the row
  -- this trigger already holds, rather than in row triggers on accounts (ADR 0043). ledger_post_entry's
  -- lines do not come here: it writes them once for its whole entry (ADR 0100).
  -- The upserts are banking_stats_bump's, written out: a SQL function that writes is not inlined,
  -- and its call cost more than the upsert.
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
CREATE OR REPLACE FUNCTION ledger_post_entry(p jsonb, pads text, customer jsonb DEFAULT NULL, audit_lines jsonb DEFAULT NULL) RETURNS json
    LANGUAGE plpgsql
    SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
DECLARE
  accts json;
  statuses text[];
  block_kinds text[];
  currencies text[];
  types text[];
  limits numeric[];
  limits_expire date[];
  helds numeric[];
  bands smallint[];
  overdrawn date[];
  overdrawn_then date[];
  cust_lines jsonb := coalesce(customer, p->'customer');
  src text := p->>'source';
  counts_debits boolean := src IN ('teller', 'transfer', 'posting');
  gls jsonb;
  g jsonb;
  refused boolean;
  e record;
  gl_ids jsonb := '[]';
  cust json[] := '{}';
  l record;
  r record;
  signed numeric;
  ignored text;
  amount numeric(18,2);
  before numeric;
  after numeric;
  eff_limit numeric;
  loans integer := 0;
  dep_currencies text[] := '{}';
  dep_deltas numeric[] := '{}';
  line_ids bigint[] := '{}';
  line_accounts bigint[] := '{}';
  line_times timestamptz[] := '{}';
  line_texts text[] := '{}';
  line_amounts numeric[] := '{}';
  line_sides text[] := '{}';
  line_afters numeric[] := '{}';
  debit_accounts bigint[] := '{}';
  debit_amounts numeric[] := '{}';
  i integer;
  k integer;
  jl jsonb;
  lines jsonb;
  cur text;
  keeps text;
  net_currencies text[] := '{}';
  nets numeric[] := '{}';
  acct_ids bigint[];
  ai integer;
  balances numeric[];
  balances_then numeric[];
  last_posted timestamptz[];
BEGIN
  -- The accounts the lines name, locked in id order (two entries never deadlock; a no-op for a caller
  -- that holds the locks already), with what the checks and the answer need, and each one's balance and
  -- latest posting, which no other transaction can move while the lock is held. The answer's accounts
  -- are json, text that is only concatenated; the checks read the same rows from arrays, an element an
  -- account, every aggregate taking the locked rows in the one order they arrive in.
  SELECT coalesce(json_agg(json_build_object('id', a.id, 'account_number', a.account_number, 'status', a.status,
           'block_kind', a.block_kind, 'currency', a.currency, 'ledger_code', a.ledger_code, 'gl_name', a.gl_name,
           'account_type', a.account_type)), '[]'),
         coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.balance), '{}'),
         coalesce(array_agg((SELECT max(t.posted_at) FROM transactions t WHERE t.account_id = a.id)), '{}'),
         coalesce(array_agg(a.status::text), '{}'), coalesce(array_agg(a.block_kind), '{}'),
         coalesce(array_agg(a.currency::text), '{}'), coalesce(array_agg(a.account_type::text), '{}'),
         coalesce(array_agg(a.overdraft_limit), '{}'), coalesce(array_agg(a.overdraft_expires_on), '{}'),
         coalesce(array_agg(a.held), '{}'), coalesce(array_agg(a.balance_band), '{}'),
         coalesce(array_agg(a.overdrawn_since), '{}')
    INTO accts, acct_ids, balances, last_posted, statuses, block_kinds, currencies, types,
         limits, limits_expire, helds, bands, overdrawn
    FROM (SELECT a.id, a.account_number, a.status, a.block_kind, a.currency, a.ledger_code, g.name AS gl_name, a.account_type,
                 a.balance, a.overdraft_limit, a.overdraft_expires_on, a.held, a.balance_band, a.overdrawn_since
            FROM accounts a JOIN gl_accounts g ON g.code = a.ledger_code
           WHERE a.id IN (SELECT (x->>'account_id')::bigint FROM jsonb_array_elements(cust_lines) x)
           ORDER BY a.id FOR NO KEY UPDATE OF a) a;
  -- A day cap (postEntry's accountDayCap): the account's debits of these sources today, with this
  -- entry's, stay within the limit. Read under the account's lock, so two postings on one account
  -- cannot both pass it; over it, nothing is written and the caller decides (a transfer asks a checker).
  -- Two IFs: a condition holding a subquery is run as a query even when its first term is false.
  IF jsonb_typeof(p->'day_cap') = 'object' THEN
    IF coalesce((SELECT sum(d.total) FROM account_daily_debits d
                WHERE d.business_date = current_business_date() AND d.account_id = (p->'day_cap'->>'account_id')::bigint
                  AND d.source IN (SELECT jsonb_array_elements_text(p->'day_cap'->'sources'))), 0)
     + (SELECT coalesce(sum((x->>'amount')::numeric), 0) FROM jsonb_array_elements(cust_lines) x
         WHERE x->>'side' = 'debit' AND (x->>'account_id')::bigint = (p->'day_cap'->>'account_id')::bigint)
     > (p->'day_cap'->>'limit')::numeric THEN
      RETURN json_build_object('over_day_cap', true);
    END IF;
  END IF;
  -- The GL accounts the lines name, with what gl_lines_guard checks of each.
  IF jsonb_array_length(p->'gl') > 0 THEN
    SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name,
             'kind', g.kind, 'status', g.status, 'is_control', g.is_control,
             'manual_posting', g.manual_posting, 'counter_posting', g.counter_posting)), '{}')
      INTO gls FROM gl_accounts g WHERE g.code IN (SELECT x->>'code' FROM jsonb_array_elements(p->'gl') x);
  ELSE
    gls := '{}';
  END IF;

  -- The checks postEntry makes from the locked rows, in the same terms (post-entry.ts, checkLines),
  -- as plain expressions over the argument: a query would be planned and started for every posting.
  -- The customer lines come first in `lines`; a customer line's account is found by its position in
  -- acct_ids.
  lines := cust_lines || (p->'gl');
  refused := jsonb_array_length(lines) < 2;
  FOR k IN 0 .. jsonb_array_length(lines) - 1 LOOP
    EXIT WHEN refused;
    jl := lines->k;
    IF k < jsonb_array_length(cust_lines) THEN
      ai := array_position(acct_ids, (jl->>'account_id')::bigint);
      cur := currencies[ai];
      refused := coalesce(ai IS NULL OR statuses[ai] IN ('Closed', 'Submitted', 'Approved', 'Rejected')
        OR (statuses[ai] = 'Blocked' AND (block_kinds[ai] IS DISTINCT FROM 'debit' OR jl->>'side' = 'debit'))
        OR (statuses[ai] = 'Dormant' AND jl->>'side' = 'debit' AND NOT (p->>'dormant_debit_ok')::boolean), false);
    ELSE
      cur := jl->>'currency';
      keeps := gls->(jl->>'code')->>'currency';
      refused := coalesce(cur IS NULL OR keeps IS NULL OR (keeps <> 'both' AND keeps <> cur), false);
    END IF;
    CONTINUE WHEN refused;
    i := array_position(net_currencies, cur);
    IF i IS NULL THEN
      net_currencies := net_currencies || cur;
      nets := nets || 0::numeric;
      i := cardinality(net_currencies);
    END IF;
    nets[i] := nets[i] + CASE jl->>'side' WHEN 'debit' THEN (jl->>'amount')::numeric ELSE -(jl->>'amount')::numeric END;
  END LOOP;
  refused := refused OR 0 <> ANY (nets);
  IF refused THEN
    RETURN json_build_object('refused', true, 'accounts', accts);
  END IF;
  -- From here on, the entry balances in every currency: it is written whole, and no other writer may
  -- add a line to it (its guard stamps it closed). Every rule the row triggers would check of a line
  -- is checked below, once, before the lines are written; a refusal raises as they raise. The row
  -- triggers skip what this function writes (ledger_writer_here) while the setting is on. It is set
  -- here and cleared before the answer, not by a SET clause: only a superuser may create a function
  -- that sets a setting no extension defines. A refusal rolls it back with everything else.
  ignored := set_config('ledger.writer', 'on', true);

  -- An entry that names no date takes the business date from its guard, journal_entries_guard, which
  -- reads the date for its own rules (the lines take the entry's value date from what it returns).
  WITH n AS (SELECT nextval('journal_entries_id_seq'::regclass) AS id)
  INSERT INTO journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
  SELECT n.id, (p->>'business_date')::date, (p->>'value_date')::date, p->>'narration', src,
         (p->>'maker_id')::uuid, p->>'maker_email', coalesce(p->>'reference', 'TX' || lpad(n.id::text, 12, '0')),
         (p->>'reversal_of')::bigint, (p->>'fx_rate')::numeric
    FROM n
  RETURNING id, reference, business_date, value_date, fx_rate, posted_at INTO e;

  IF jsonb_array_length(p->'gl') > 0 THEN
    FOR l IN SELECT x FROM jsonb_array_elements(p->'gl') x LOOP
      -- gl_lines_guard's rule: an active, postable account of the line's currency, open to this
      -- entry's source.
      g := gls->(l.x->>'code');
      IF (g->>'kind') <> 'account' OR (g->>'status') <> 'active' OR (g->>'is_control')::boolean
         OR (src = 'manual' AND NOT (g->>'manual_posting')::boolean)
         OR (src = 'posting' AND NOT (g->>'counter_posting')::boolean) THEN
        RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %, counter %)',
          l.x->>'code', g->>'name', g->>'kind', g->>'status', g->>'is_control', g->>'currency', g->>'manual_posting', g->>'counter_posting'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
      END IF;
      INSERT INTO gl_lines (entry_id, gl_code, currency, side, amount, till_session_id)
      VALUES (e.id, l.x->>'code', l.x->>'currency', l.x->>'side', (l.x->>'amount')::numeric(18,2), (l.x->>'till_session_id')::uuid)
      RETURNING id INTO r;
      gl_ids := gl_ids || to_jsonb(r.id::text);
    END LOOP;
  END IF;

  -- The customer lines, in the order given, each continuing its account's balance and history as the
  -- lock found them, after this entry's earlier lines: clock_timestamp(), read after the lock, is later
  -- than the account's postings, and greatest() keeps the history order even if the clock stepped
  -- back or seeded history runs past today; the line's id, drawn now, is above every earlier line's.
  -- Each line is held to transactions_post's rules in its order: a Dormant account's debit, the
  -- account's limit, the available balance. `ord` tells postEntry which input line each one is.
  balances_then := balances;
  overdrawn_then := overdrawn;
  FOR k IN 0 .. jsonb_array_length(cust_lines) - 1 LOOP
    jl := cust_lines->k;
    ai := array_position(acct_ids, (jl->>'account_id')::bigint);
    amount := (jl->>'amount')::numeric(18,2);
    signed := CASE jl->>'side' WHEN 'credit' THEN amount ELSE -amount END;
    before := balances[ai];
    after := before + signed;
    balances[ai] := after;
    IF jl->>'side' = 'debit' AND statuses[ai] = 'Dormant'
       AND (src IS NULL OR src NOT IN ('end_of_day', 'system', 'migration', 'seed')) THEN
      RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', accts->(ai - 1)->>'account_number'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
    END IF;
    IF NOT account_within_limit(types[ai], after, limits[ai]) THEN
      RAISE EXCEPTION 'account % would leave its limit: balance % (%)', accts->(ai - 1)->>'account_number', after,
        CASE WHEN types[ai] = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || limits[ai] END
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
    END IF;
    IF jl->>'side' = 'debit' AND types[ai] <> 'Loan' AND after >= -limits[ai] THEN
      eff_limit := CASE WHEN limits_expire[ai] IS NULL OR limits_expire[ai] >= current_business_date() THEN limits[ai] ELSE 0 END;
      IF after < account_held(acct_ids[ai], helds[ai]) - eff_limit THEN
        RAISE EXCEPTION 'a debit of % would leave account % below its available balance', amount, accts->(ai - 1)->>'account_number'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
      END IF;
    END IF;
    -- A deposit account's overdrawn_since: the business date it went below zero (read only then).
    overdrawn[ai] := CASE WHEN after < 0 AND types[ai] <> 'Loan' THEN coalesce(overdrawn[ai], current_business_date()) END;
    last_posted[ai] := greatest(clock_timestamp(), last_posted[ai]);
    line_ids := line_ids || nextval('transactions_id_seq'::regclass);
    line_accounts := line_accounts || acct_ids[ai];
    line_times := line_times || last_posted[ai];
    line_texts := line_texts || coalesce(jl->>'description', p->>'narration');
    line_amounts := line_amounts || amount;
    line_sides := line_sides || (jl->>'side');
    line_afters := line_afters || after;
    cust := cust || json_build_object('ord', k + 1, 'id', line_ids[k + 1]::text, 'posted_at', last_posted[ai],
                                      'value_date', e.value_date::text, 'balance_before', before::text,
                                      'balance_after', after::text);
    -- The daily limits' totals (ADR 0040): a debit of a teller, transfer or posting entry.
    IF counts_debits AND jl->>'side' = 'debit' THEN
      debit_accounts := debit_accounts || acct_ids[ai];
      debit_amounts := debit_amounts || amount;
    END IF;
  END LOOP;

  INSERT INTO transactions (id, account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
  SELECT u.id, u.account_id, u.posted_at, e.value_date, u.description, u.amount, u.direction, u.balance_after, e.reference, e.id
    FROM unnest(line_ids, line_accounts, line_times, line_texts, line_amounts, line_sides, line_afters)
         AS u(id, account_id, posted_at, description, amount, direction, balance_after);
  -- The accounts moved, each once, to where its last line left it (the locks are held already).
  UPDATE accounts a SET balance = balances[array_position(acct_ids, a.id)],
                        balance_band = balance_band_of(balances[array_position(acct_ids, a.id)])
   WHERE a.id = ANY (acct_ids) AND a.balance <> balances[array_position(acct_ids, a.id)];
  -- overdrawn_since is written only where it changes: naming it fires the accounts list's search trigger.
  IF overdrawn IS DISTINCT FROM overdrawn_then THEN
    UPDATE accounts a SET overdrawn_since = u.since
      FROM unnest(acct_ids, overdrawn, overdrawn_then) AS u(id, since, was)
     WHERE a.id = u.id AND u.since IS DISTINCT FROM u.was;
  END IF;
  -- The registered users' keys and the accounts list's search rows are ordered by band: kept where
  -- the band moved.
  FOR i IN 1 .. cardinality(acct_ids) LOOP
    IF balance_band_of(balances[i]) <> bands[i] THEN
      UPDATE registered_user_keys k SET balance_band = balance_band_of(balances[i])
        FROM mobile_banking_subscriptions s
       WHERE s.pay_account_id = acct_ids[i] AND k.cust_id = s.cust_id;
      UPDATE account_search SET balance_band = balance_band_of(balances[i]) WHERE id = acct_ids[i];
    END IF;
  END LOOP;
  -- One debit (a transfer, a withdrawal) in single-row upserts: an aggregate's plan costs more to
  -- start than the rows it writes.
  IF cardinality(debit_accounts) = 1 THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    VALUES (e.business_date, debit_accounts[1], src, debit_amounts[1])
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF p->>'maker_id' IS NOT NULL THEN
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      VALUES (e.business_date, (p->>'maker_id')::uuid, src, currencies[array_position(acct_ids, debit_accounts[1])],
              maker_daily_debits_slot(debit_accounts[1]), debit_amounts[1])
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
  ELSIF cardinality(debit_accounts) > 1 THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    SELECT e.business_date, u.id, src, sum(u.amount) FROM unnest(debit_accounts, debit_amounts) AS u(id, amount)
     GROUP BY u.id ORDER BY u.id
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF p->>'maker_id' IS NOT NULL THEN
      -- In (slot, currency) order, as every other writer takes them: two entries take the maker's
      -- rows in one global order.
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      SELECT e.business_date, (p->>'maker_id')::uuid, src, c.currency, maker_daily_debits_slot(u.id), sum(u.amount)
        FROM unnest(debit_accounts, debit_amounts) AS u(id, amount)
        JOIN unnest(acct_ids, currencies) AS c(id, currency) ON c.id = u.id
       GROUP BY maker_daily_debits_slot(u.id), c.currency ORDER BY maker_daily_debits_slot(u.id), c.currency
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
  END IF;

  -- What the entry moves on the dashboard, account by account: an active loan crossing zero; a
  -- deposit account's balance above zero (an account that took a line is not Closed).
  FOR i IN 1 .. cardinality(acct_ids) LOOP
    IF types[i] = 'Loan' THEN
      IF statuses[i] = 'Active' AND (balances_then[i] < 0) <> (balances[i] < 0) THEN
        loans := loans + CASE WHEN balances[i] < 0 THEN 1 ELSE -1 END;
      END IF;
    ELSIF balances[i] <> balances_then[i] THEN
      k := array_position(dep_currencies, currencies[i]);
      IF k IS NULL THEN
        dep_currencies := dep_currencies || currencies[i];
        dep_deltas := dep_deltas || 0::numeric;
        k := cardinality(dep_currencies);
      END IF;
      dep_deltas[k] := dep_deltas[k] + greatest(balances[i], 0) - greatest(balances_then[i], 0);
    END IF;
  END LOOP;
  IF cardinality(acct_ids) > 0 THEN
    -- The entry's net move, in one slot of its own (a transfer between two funded deposit accounts
    -- nets to nothing and writes nothing); rows in (metric, currency) order, so two entries that
    -- share a slot take them in one order.
    IF loans <> 0 OR 0 <> ANY (dep_deltas) THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      SELECT metric, currency, banking_stats_slot(e.id), delta
        FROM (SELECT 'active_loans' AS metric, '' AS currency, loans::numeric AS delta WHERE loans <> 0
              UNION ALL
              SELECT 'total_deposits', c, d FROM unnest(dep_currencies, dep_deltas) u(c, d) WHERE d <> 0) m
       ORDER BY metric, currency
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
    -- The registered users' balances: each subscriber's pay account as it stands after the entry.
    UPDATE registered_user_balances b SET balance = balances[array_position(acct_ids, s.pay_account_id)]
      FROM mobile_banking_subscriptions s
     WHERE s.pay_account_id = ANY (acct_ids) AND b.cust_id = s.cust_id;
  END IF;

  -- An assignment, not PERFORM: PERFORM runs its call as a query through the executor.
  ignored := set_config('bankmanager.audit_key', pads, true);
  INSERT INTO audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
  VALUES (0, p->'audit'->>'action', 'success', (p->>'maker_id')::uuid, p->>'maker_email',
          p->'audit'->>'target_type', p->'audit'->>'target_id', (p->'audit'->>'ip')::inet,
          coalesce(p->'audit'->'details', '{}')
            || CASE WHEN audit_lines IS NULL THEN jsonb_build_object('entryId', e.id, 'reference', e.reference)
                    ELSE jsonb_build_object('lines', audit_lines, 'entryId', e.id, 'reference', e.reference) END
            || coalesce(p->'audit'->'more', '{}'));

  ignored := set_config('ledger.writer', '', true);
  RETURN json_build_object(
    'entry', json_build_object('id', e.id::text, 'reference', e.reference, 'business_date', e.business_date::text,
                               'value_date', e.value_date::text, 'fx_rate', e.fx_rate::text, 'posted_at', e.posted_at),
    'gl_lines', gl_ids, 'customer_lines', array_to_json(cust), 'accounts', accts, 'gl', gls);
END;
$$;
