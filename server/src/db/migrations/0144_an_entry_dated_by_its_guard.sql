-- An entry is dated by its guard, and its balance check reads its lines once (ADR 0099).
--
--   journal_entries_guard     already read the business date for its own rules; an entry that names no
--                             business date or value date now takes it there, as a column default
--                             would, so ledger_post_entry no longer reads the date a second time. A
--                             date that is named is checked as before;
--   journal_entries_balanced  tests the entry's lines in one query (at least two, every currency
--                             netting to zero) and works out the message (journal_entry_imbalance)
--                             only for an entry it refuses.
--
-- Counted by `npm run bench:posting-instructions`: 4.15 to 4.10 million instructions a transfer.

CREATE OR REPLACE FUNCTION ledger_post_entry(p jsonb, pads text, customer jsonb DEFAULT NULL, audit_lines jsonb DEFAULT NULL) RETURNS json
    LANGUAGE plpgsql
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
DECLARE
  accts json;
  statuses text[];
  block_kinds text[];
  currencies text[];
  types text[];
  cust_lines jsonb := coalesce(customer, p->'customer');
  gls jsonb;
  refused boolean;
  e record;
  gl_ids jsonb := '[]';
  cust json[] := '{}';
  l record;
  r record;
  signed numeric;
  ignored text;
  before numeric;
  loans integer := 0;
  dep_currencies text[] := '{}';
  dep_deltas numeric[] := '{}';
  moved bigint[] := '{}';
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
         coalesce(array_agg(a.currency::text), '{}'), coalesce(array_agg(a.account_type::text), '{}')
    INTO accts, acct_ids, balances, last_posted, statuses, block_kinds, currencies, types
    FROM (SELECT a.id, a.account_number, a.status, a.block_kind, a.currency, a.ledger_code, g.name AS gl_name, a.account_type,
                 a.balance
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
  IF jsonb_array_length(p->'gl') > 0 THEN
    SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name)), '{}')
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

  -- An entry that names no date takes the business date from its guard, journal_entries_guard, which
  -- reads the date for its own rules (the lines take the entry's value date from what it returns).
  WITH n AS (SELECT nextval('journal_entries_id_seq'::regclass) AS id)
  INSERT INTO journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
  SELECT n.id, (p->>'business_date')::date, (p->>'value_date')::date, p->>'narration', p->>'source',
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
  FOR l IN SELECT c.x, c.ord, a.id, a.currency, a.account_type, a.status FROM jsonb_array_elements(cust_lines) WITH ORDINALITY c(x, ord)
             JOIN unnest(acct_ids, currencies, types, statuses) AS a(id, currency, account_type, status) ON a.id = (c.x->>'account_id')::bigint
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
    cust := cust || json_build_object('ord', l.ord, 'id', r.id::text, 'posted_at', r.posted_at, 'value_date', r.value_date::text,
                                      'balance_before', before::text, 'balance_after', r.balance_after::text);
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
          coalesce(p->'audit'->'details', '{}')
            || CASE WHEN audit_lines IS NULL THEN jsonb_build_object('entryId', e.id, 'reference', e.reference)
                    ELSE jsonb_build_object('lines', audit_lines, 'entryId', e.id, 'reference', e.reference) END
            || coalesce(p->'audit'->'more', '{}'));

  RETURN json_build_object(
    'entry', json_build_object('id', e.id::text, 'reference', e.reference, 'business_date', e.business_date::text,
                               'value_date', e.value_date::text, 'fx_rate', e.fx_rate::text, 'posted_at', e.posted_at),
    'gl_lines', gl_ids, 'customer_lines', array_to_json(cust), 'accounts', accts, 'gl', gls);
END;
$$;
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
  -- The transaction's start time marks which transaction made the entry (see journal_lines_entry_open).
  NEW.posted_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entries_balanced() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  balanced boolean;
BEGIN
  -- At least two lines, and every currency's lines netting to zero: journal_entry_imbalance's rule,
  -- without building its message for an entry that keeps it.
  SELECT coalesce(sum(n), 0) >= 2 AND coalesce(bool_and(net = 0), false) INTO balanced
    FROM (SELECT sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net, count(*) AS n
            FROM journal_lines WHERE entry_id = NEW.id GROUP BY currency) x;
  IF NOT balanced THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.id, journal_entry_imbalance(NEW.id)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
