-- A posting reads its accounts fewer times (ADR 0097).
--
-- A transfer touched each of its two accounts' rows several times: ledger_post_entry locked them, each
-- line's INSERT read the balance and the latest posting again, and transactions_post read the row
-- FOR NO KEY UPDATE before it updated it. Now:
--   ledger_post_entry      reads each account's balance and latest posting with the lock, and each
--                          line continues them (lines on one account follow each other) in an INSERT
--                          of plain values; its pre-checks (an account that takes no line, a GL code
--                          that does not keep the currency, an entry that does not balance) are plain
--                          expressions over its argument instead of a query planned for each posting;
--   transactions_post      updates the account first, in the one statement that locks it, and reads
--                          the row as it was from the values the update returns; any refusal raises
--                          and undoes the update, and the rules and their order are unchanged.
--
-- Counted by `npm run bench:posting-instructions`: 4.54 to 4.37 million instructions a transfer.

CREATE OR REPLACE FUNCTION ledger_post_entry(p jsonb, pads text) RETURNS jsonb
    LANGUAGE plpgsql
    SET plan_cache_mode TO 'force_generic_plan'
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
  bd date;
  ignored text;
  before numeric;
  loans integer := 0;
  dep_currencies text[] := '{}';
  dep_deltas numeric[] := '{}';
  moved bigint[] := '{}';
  i integer;
  k integer;
  jl jsonb;
  acc jsonb;
  lines jsonb;
  cur text;
  keeps text;
  net_currencies text[] := '{}';
  nets numeric[] := '{}';
  acct_ids bigint[];
  ai integer;
  balances numeric[];
  last_posted timestamptz[];
BEGIN
  -- The accounts the lines name, locked in id order (two entries never deadlock; a no-op for a caller
  -- that holds the locks already), with what the checks and the answer need, and each one's balance and
  -- latest posting, which no other transaction can move while the lock is held.
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'account_number', a.account_number, 'status', a.status,
           'block_kind', a.block_kind, 'currency', a.currency, 'ledger_code', a.ledger_code, 'gl_name', a.gl_name,
           'account_type', a.account_type)
           ORDER BY a.id), '[]'),
         coalesce(array_agg(a.id ORDER BY a.id), '{}'), coalesce(array_agg(a.balance ORDER BY a.id), '{}'),
         coalesce(array_agg((SELECT max(t.posted_at) FROM transactions t WHERE t.account_id = a.id) ORDER BY a.id), '{}')
    INTO accts, acct_ids, balances, last_posted
    FROM (SELECT a.id, a.account_number, a.status, a.block_kind, a.currency, a.ledger_code, g.name AS gl_name, a.account_type,
                 a.balance
            FROM accounts a JOIN gl_accounts g ON g.code = a.ledger_code
           WHERE a.id IN (SELECT (x->>'account_id')::bigint FROM jsonb_array_elements(p->'customer') x)
           ORDER BY a.id FOR NO KEY UPDATE OF a) a;
  -- A day cap (postEntry's accountDayCap): the account's debits of these sources today, with this
  -- entry's, stay within the limit. Read under the account's lock, so two postings on one account
  -- cannot both pass it; over it, nothing is written and the caller decides (a transfer asks a checker).
  -- Two IFs: a condition holding a subquery is run as a query even when its first term is false.
  IF jsonb_typeof(p->'day_cap') = 'object' THEN
    IF coalesce((SELECT sum(d.total) FROM account_daily_debits d
                WHERE d.business_date = current_business_date() AND d.account_id = (p->'day_cap'->>'account_id')::bigint
                  AND d.source IN (SELECT jsonb_array_elements_text(p->'day_cap'->'sources'))), 0)
     + (SELECT coalesce(sum((x->>'amount')::numeric), 0) FROM jsonb_array_elements(p->'customer') x
         WHERE x->>'side' = 'debit' AND (x->>'account_id')::bigint = (p->'day_cap'->>'account_id')::bigint)
     > (p->'day_cap'->>'limit')::numeric THEN
      RETURN jsonb_build_object('over_day_cap', true);
    END IF;
  END IF;
  IF jsonb_array_length(p->'gl') > 0 THEN
    SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name)), '{}')
      INTO gls FROM gl_accounts g WHERE g.code IN (SELECT x->>'code' FROM jsonb_array_elements(p->'gl') x);
  ELSE
    gls := '{}';
  END IF;

  -- The checks postEntry makes from the locked rows, in the same terms (post-entry.ts, checkLines),
  -- as plain expressions over the argument: a query would be planned and started for every posting.
  -- The customer lines come first in `lines`; a customer line's account is found by its position in
  -- acct_ids, which is in the order of accts.
  lines := (p->'customer') || (p->'gl');
  refused := jsonb_array_length(lines) < 2;
  FOR k IN 0 .. jsonb_array_length(lines) - 1 LOOP
    EXIT WHEN refused;
    jl := lines->k;
    IF k < jsonb_array_length(p->'customer') THEN
      acc := accts->(array_position(acct_ids, (jl->>'account_id')::bigint) - 1);
      cur := acc->>'currency';
      refused := coalesce(acc IS NULL OR acc->>'status' IN ('Closed', 'Submitted', 'Approved', 'Rejected')
        OR (acc->>'status' = 'Blocked' AND (acc->>'block_kind' IS DISTINCT FROM 'debit' OR jl->>'side' = 'debit'))
        OR (acc->>'status' = 'Dormant' AND jl->>'side' = 'debit' AND NOT (p->>'dormant_debit_ok')::boolean), false);
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
    RETURN jsonb_build_object('refused', true, 'accounts', accts);
  END IF;

  -- The business date read once, just before the entry is made; its lines take the entry's value date.
  bd := current_business_date();
  WITH n AS (SELECT nextval('journal_entries_id_seq'::regclass) AS id)
  INSERT INTO journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
  SELECT n.id, coalesce((p->>'business_date')::date, bd),
         coalesce((p->>'value_date')::date, bd), p->>'narration', p->>'source',
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

  -- Customer lines in (stats slot, currency, id) order: two entries then take the makers' daily
  -- debit rows (slotted by account, maker_daily_debits_slot) in one global order. `ord` tells
  -- postEntry which input line each one is.
  -- This entry's lines leave the dashboard's totals and the registered users' balances to this
  -- function, which writes them once for the whole entry after its lines (transactions_post skips
  -- them for the entry named here).
  ignored := set_config('ledger.entry_side_tables', e.id::text, true);
  FOR l IN SELECT c.x, c.ord, a.id, a.currency, a.account_type, a.status FROM jsonb_array_elements(p->'customer') WITH ORDINALITY c(x, ord)
             JOIN jsonb_to_recordset(accts) AS a(id bigint, currency text, account_type text, status text) ON a.id = (c.x->>'account_id')::bigint
            ORDER BY banking_stats_slot(a.id), a.currency, a.id, c.ord LOOP
    signed := CASE l.x->>'side' WHEN 'credit' THEN (l.x->>'amount')::numeric(18,2) ELSE -(l.x->>'amount')::numeric(18,2) END;
    -- The line continues the account's balance and history as the lock found them, after this entry's
    -- earlier lines: clock_timestamp(), read after the lock, is later than the account's postings, and
    -- greatest() keeps the history order even if the clock stepped back or seeded history runs past today.
    ai := array_position(acct_ids, l.id);
    before := balances[ai];
    balances[ai] := before + signed;
    last_posted[ai] := greatest(clock_timestamp(), last_posted[ai]);
    INSERT INTO transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
    VALUES (l.id, last_posted[ai], e.value_date, coalesce(l.x->>'description', p->>'narration'),
            (l.x->>'amount')::numeric(18,2), l.x->>'side', balances[ai], e.reference, e.id)
    RETURNING id, posted_at, value_date, balance_after INTO r;
    cust := cust || jsonb_build_object('ord', l.ord, 'id', r.id::text, 'posted_at', r.posted_at, 'value_date', r.value_date::text,
                                       'balance_before', before::text,
                                       'balance_after', r.balance_after::text);
    -- What the line moves on the dashboard, reckoned as transactions_post reckons it for a line of its
    -- own: an active loan crossing zero; a deposit account's balance above zero (an account that took
    -- the line is not Closed).
    moved := moved || l.id;
    IF l.account_type = 'Loan' THEN
      IF l.status = 'Active' AND (before < 0) <> (r.balance_after < 0) THEN
        loans := loans + CASE WHEN r.balance_after < 0 THEN 1 ELSE -1 END;
      END IF;
    ELSE
      i := array_position(dep_currencies, l.currency);
      IF i IS NULL THEN
        dep_currencies := dep_currencies || l.currency;
        dep_deltas := dep_deltas || 0::numeric;
        i := cardinality(dep_currencies);
      END IF;
      dep_deltas[i] := dep_deltas[i] + greatest(r.balance_after, 0) - greatest(before, 0);
    END IF;
  END LOOP;
  ignored := set_config('ledger.entry_side_tables', '', true);

  IF cardinality(moved) > 0 THEN
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
    UPDATE registered_user_balances b SET balance = a.balance
      FROM accounts a JOIN mobile_banking_subscriptions s ON s.pay_account_id = a.id
     WHERE a.id = ANY (moved) AND b.cust_id = s.cust_id;
  END IF;

  -- An assignment, not PERFORM: PERFORM runs its call as a query through the executor.
  ignored := set_config('bankmanager.audit_key', pads, true);
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
