-- Teller tills and vaults (docs/teller.md, ADR teller-tills-and-vaults). Violations raise
-- check_violation (23514) naming a pseudo-constraint, mapped to refusals by the teller module:
--   gl_lines_till_required   a teller entry's line on teller cash (1020-<branch>) names no till session
--   gl_lines_till_open       the named session does not exist or is closed (the till is closed)
--   gl_lines_till_account    the line is not on the session's branch teller cash, or not in its currency
--   till_sessions_cash_check (a real check) the till would hold less than nothing
-- A till session's cash is the sub-ledger of 1020-<branch>: the trigger below keeps
-- till_sessions.balance equal to the sum of the session's lines, in the same statement as each line.

ALTER TABLE gl_lines ADD CONSTRAINT gl_lines_till_session_fk FOREIGN KEY (till_session_id) REFERENCES till_sessions(id);
--> statement-breakpoint
CREATE INDEX gl_lines_till_session_idx ON gl_lines (till_session_id, entry_id) WHERE till_session_id IS NOT NULL;
--> statement-breakpoint
-- Each branch's vault is its own GL account, 1010-<branch>, beside its teller cash 1020-<branch>; 1010
-- stays the head office's (and history's) cash in vault. New branches get theirs from the trigger.
CREATE OR REPLACE FUNCTION branches_vault_cash() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
  VALUES ('1010-' || NEW.code, 'Cash in vault – ' || NEW.name, 'account', '10', 'asset', 'both', 'debit', false, false, NEW.code)
  ON CONFLICT (code) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER branches_vault_cash AFTER INSERT ON branches FOR EACH ROW EXECUTE FUNCTION branches_vault_cash();
--> statement-breakpoint
INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
SELECT '1010-' || code, 'Cash in vault – ' || name, 'account', '10', 'asset', 'both', 'debit', false, false, code FROM branches
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
-- Runs after gl_lines_guard (triggers fire in name order). Locks the session row, so one till's
-- postings take turns while different tills never wait for each other.
CREATE OR REPLACE FUNCTION gl_lines_till() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s till_sessions%ROWTYPE;
BEGIN
  IF NEW.till_session_id IS NULL THEN
    IF NEW.gl_code LIKE '1020-%'
       AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.source = 'teller') THEN
      RAISE EXCEPTION 'a teller entry''s line on % must name its till session', NEW.gl_code
        USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_required';
    END IF;
    RETURN NEW;
  END IF;
  SELECT * INTO s FROM till_sessions WHERE id = NEW.till_session_id FOR NO KEY UPDATE;
  IF NOT FOUND OR s.status = 'closed' THEN
    RAISE EXCEPTION 'till session % is not open', NEW.till_session_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_open';
  END IF;
  IF NEW.gl_code <> '1020-' || s.branch_code OR NEW.currency <> s.currency THEN
    RAISE EXCEPTION 'till session % keeps % on 1020-%, not % on %', s.id, s.currency, s.branch_code, NEW.currency, NEW.gl_code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_account';
  END IF;
  UPDATE till_sessions SET balance = balance + CASE NEW.side WHEN 'debit' THEN NEW.amount ELSE -NEW.amount END
  WHERE id = s.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gl_lines_till BEFORE INSERT ON gl_lines FOR EACH ROW EXECUTE FUNCTION gl_lines_till();
--> statement-breakpoint
-- The app never writes a session's balance itself: only the trigger above (a nested statement) may.
CREATE OR REPLACE FUNCTION till_sessions_balance_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a till session''s balance changes only by posting to its till'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'till_sessions_balance_by_lines';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER till_sessions_balance_guard BEFORE UPDATE ON till_sessions FOR EACH ROW EXECUTE FUNCTION till_sessions_balance_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION till_sessions_start_empty() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a till session starts empty; its allocation is posted from the vault'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'till_sessions_balance_by_lines';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER till_sessions_start_empty BEFORE INSERT ON till_sessions FOR EACH ROW EXECUTE FUNCTION till_sessions_start_empty();
--> statement-breakpoint
-- Every ledger invariant (migration gl_invariants), plus the teller's.
CREATE OR REPLACE FUNCTION ledger_violations() RETURNS TABLE(account_id bigint, transaction_id bigint, problem text)
LANGUAGE sql STABLE AS $$
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
  WHERE (a.account_type = 'Loan' AND a.balance > 0) OR (a.account_type <> 'Loan' AND a.balance < -a.overdraft_limit)
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
$$;
