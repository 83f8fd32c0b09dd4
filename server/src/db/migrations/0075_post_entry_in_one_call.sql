-- One posting, one call (ADR 0043). postEntry sent the lock, the entry, each line and the audit row as
-- statements of their own, each a round trip that cost client, server and PostgreSQL more CPU than the
-- statement itself. ledger_post_entry runs the same statements, in the same order, inside one call:
-- every trigger (posting rules, running balance, holds, daily totals, the audit chain) and the
-- balance check at commit still apply to each row exactly as before.
--
-- p: the entry as postEntry builds it (post-entry.ts, postInOneCall), with `lock` = lock the customer
-- accounts in id order first (false when the caller's statement already holds them). Before writing
-- anything it makes the checks postEntry made from the locked rows; when one fails it returns
-- {"refused": true, "accounts": …} and writes nothing, so postEntry names the refusal with its own
-- message from those rows. pads: the audit key's HMAC pads, handed to this transaction only.
CREATE OR REPLACE FUNCTION ledger_post_entry(p jsonb, pads text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
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
  SELECT coalesce(array_agg(DISTINCT (x->>'account_id')::bigint ORDER BY (x->>'account_id')::bigint), '{}')
    INTO ids FROM jsonb_array_elements(p->'customer') x;
  IF (p->>'lock')::boolean THEN
    PERFORM 1 FROM accounts WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  END IF;
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
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'account_number', a.account_number, 'status', a.status,
           'block_kind', a.block_kind, 'currency', a.currency, 'ledger_code', a.ledger_code, 'gl_name', g.name)
           ORDER BY a.id), '[]')
    INTO accts FROM accounts a JOIN gl_accounts g ON g.code = a.ledger_code WHERE a.id = ANY(ids);
  SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name)), '{}')
    INTO gls FROM gl_accounts g WHERE g.code IN (SELECT x->>'code' FROM jsonb_array_elements(p->'gl') x);

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

  FOR l IN SELECT x FROM jsonb_array_elements(p->'gl') x LOOP
    INSERT INTO gl_lines (entry_id, gl_code, currency, side, amount, till_session_id)
    VALUES (e.id, l.x->>'code', l.x->>'currency', l.x->>'side', (l.x->>'amount')::numeric(18,2), (l.x->>'till_session_id')::uuid)
    RETURNING id INTO r;
    gl_ids := gl_ids || to_jsonb(r.id::text);
  END LOOP;

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
