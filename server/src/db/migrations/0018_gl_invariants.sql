-- The double-entry ledger's rules, enforced by the database whatever the caller
-- (docs/ledger.md, docs/decisions/0011-double-entry-ledger.md). Violations raise check_violation
-- (23514) naming a pseudo-constraint, so callers map them to refusals:
--   journal_entries_closed_date   an entry's business date is not the bank's current business date
--   journal_entries_balanced      at commit, an entry has < 2 lines or debits <> credits in a currency
--   journal_lines_entry_open      a line added to an entry made by an earlier transaction
--   gl_lines_postable             a line on a class/group, a closed or control account, a currency the
--                                 account does not keep, or (manual entries) an account closed to manual journals
--   accounts_control_mapping      an account's ledger_code is not its product's control account
-- Entries and lines are append-only; a correction is a reversal entry (journal_entries.reversal_of,
-- unique: an entry is reversed at most once).

CREATE OR REPLACE FUNCTION current_business_date() RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT business_date FROM bank_business_date WHERE id), current_date)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entries_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.business_date IS DISTINCT FROM current_business_date() THEN
    RAISE EXCEPTION 'business date % is closed or not open yet (current business date %)',
      NEW.business_date, current_business_date()
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_date';
  END IF;
  -- The transaction's start time marks which transaction made the entry (see journal_lines_entry_open).
  NEW.posted_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_guard BEFORE INSERT ON journal_entries FOR EACH ROW EXECUTE FUNCTION journal_entries_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed; post a reversal instead', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER gl_lines_append_only BEFORE UPDATE OR DELETE ON gl_lines
FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER gl_lines_no_truncate BEFORE TRUNCATE ON gl_lines
FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- A line may join only an entry made by the same transaction: entries are closed once committed.
CREATE OR REPLACE FUNCTION journal_entry_is_open(p_entry bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  made_at timestamptz;
BEGIN
  SELECT posted_at INTO made_at FROM journal_entries WHERE id = p_entry;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % does not exist', p_entry USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF made_at IS DISTINCT FROM now() THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', p_entry
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gl_lines_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  g gl_accounts%ROWTYPE;
  src text;
BEGIN
  PERFORM journal_entry_is_open(NEW.entry_id);
  SELECT * INTO g FROM gl_accounts WHERE code = NEW.gl_code;
  SELECT source INTO src FROM journal_entries WHERE id = NEW.entry_id;
  IF g.kind <> 'account' OR g.status <> 'active' OR g.is_control
     OR (g.currency <> 'both' AND g.currency <> NEW.currency)
     OR (src = 'manual' AND NOT g.manual_posting) THEN
    RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %)',
      g.code, g.name, g.kind, g.status, g.is_control, g.currency, g.manual_posting
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard BEFORE INSERT ON gl_lines FOR EACH ROW EXECUTE FUNCTION gl_lines_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_entry_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_entry_is_open(NEW.entry_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Runs before transactions_post (trigger names fire in alphabetical order).
CREATE TRIGGER transactions_entry_guard BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_entry_guard();
--> statement-breakpoint
-- Each line of an entry, customer or GL, signed debit-positive with its currency.
CREATE OR REPLACE VIEW journal_lines AS
  SELECT g.id, g.entry_id, 'gl'::text AS kind, g.gl_code, NULL::bigint AS account_id, g.currency, g.side, g.amount
  FROM gl_lines g
  UNION ALL
  SELECT t.id, t.entry_id, 'customer'::text, a.ledger_code, t.account_id, a.currency, t.direction, t.amount
  FROM transactions t JOIN accounts a ON a.id = t.account_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entry_imbalance(p_entry bigint) RETURNS text
LANGUAGE sql STABLE AS $$
  WITH l AS (SELECT * FROM journal_lines WHERE entry_id = p_entry),
  bad AS (
    SELECT currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net
    FROM l GROUP BY currency HAVING sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) <> 0
  )
  SELECT CASE
    WHEN (SELECT count(*) FROM l) < 2 THEN 'has ' || (SELECT count(*) FROM l) || ' line(s); an entry needs at least two'
    ELSE (SELECT string_agg('debits exceed credits by ' || net || ' ' || currency, ', ' ORDER BY currency) FROM bad)
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journal_entries_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  problem text;
BEGIN
  problem := journal_entry_imbalance(NEW.id);
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.id, problem
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_balanced();
--> statement-breakpoint
-- The sub-ledger rule: an account's ledger_code is always its product's control account, products map
-- only to control accounts, and neither mapping changes once made. With gl_lines refusing control
-- accounts, a control account's balance is by construction the sum of its customer accounts.
CREATE OR REPLACE FUNCTION accounts_control_mapping() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.product_code IS DISTINCT FROM OLD.product_code OR NEW.ledger_code IS DISTINCT FROM OLD.ledger_code) THEN
    RAISE EXCEPTION 'the product and control account of account % cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products p WHERE p.code = NEW.product_code AND p.ledger_code = NEW.ledger_code AND p.currency = NEW.currency) THEN
    RAISE EXCEPTION 'account % must use its product''s control account and currency', NEW.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_control_mapping BEFORE INSERT OR UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_control_mapping();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_control_mapping() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.ledger_code IS DISTINCT FROM OLD.ledger_code OR NEW.currency IS DISTINCT FROM OLD.currency) THEN
    RAISE EXCEPTION 'the control account and currency of product % cannot change', OLD.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  -- A currency outside SLE/USD is left to products_currency_check to refuse by name.
  IF NOT EXISTS (SELECT 1 FROM gl_accounts g WHERE g.code = NEW.ledger_code AND g.is_control
                 AND (g.currency IN (NEW.currency, 'both') OR NEW.currency NOT IN ('SLE', 'USD'))) THEN
    RAISE EXCEPTION 'product % must map to a control account in its currency', NEW.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_control_mapping BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_control_mapping();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gl_accounts_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.code, NEW.kind, NEW.class, NEW.currency, NEW.normal_side, NEW.is_control, NEW.parent_code)
     IS DISTINCT FROM (OLD.code, OLD.kind, OLD.class, OLD.currency, OLD.normal_side, OLD.is_control, OLD.parent_code) THEN
    RAISE EXCEPTION 'only the name, status and manual posting of GL account % may change', OLD.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_accounts_identity';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gl_accounts_guard BEFORE UPDATE ON gl_accounts FOR EACH ROW EXECUTE FUNCTION gl_accounts_guard();
--> statement-breakpoint
CREATE TRIGGER gl_accounts_no_delete BEFORE DELETE ON gl_accounts FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Balance per GL account and currency, debit-positive. Today (p_as_of null or >= the business date):
-- GL accounts sum their lines, control accounts sum their customer accounts' balances (no row of
-- theirs is ever locked by a posting). A past date sums the lines of entries up to that business date.
CREATE OR REPLACE FUNCTION gl_balances(p_as_of date DEFAULT NULL)
RETURNS TABLE(gl_code text, currency text, balance numeric)
LANGUAGE sql STABLE AS $$
  SELECT g.gl_code, g.currency, sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END)
  FROM gl_lines g
  WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
     OR g.entry_id IN (SELECT id FROM journal_entries WHERE business_date <= p_as_of)
  GROUP BY g.gl_code, g.currency
  UNION ALL
  SELECT a.ledger_code, a.currency, -sum(a.balance)
  FROM accounts a WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
  GROUP BY a.ledger_code, a.currency
  UNION ALL
  SELECT a.ledger_code, a.currency, -sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END)
  FROM transactions t JOIN accounts a ON a.id = t.account_id JOIN journal_entries e ON e.id = t.entry_id
  WHERE p_as_of IS NOT NULL AND p_as_of < current_business_date() AND e.business_date <= p_as_of
  GROUP BY a.ledger_code, a.currency
$$;
--> statement-breakpoint
-- Every ledger invariant, set-based. Same columns as before (account_id, transaction_id, problem);
-- problems that are not about one account carry NULL ids and say what they are about.
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
$$;
