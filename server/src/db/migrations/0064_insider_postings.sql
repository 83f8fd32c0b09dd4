-- Controls against the bank's own staff on where a posting's money may come from (docs/security.md,
-- "Insider threat").
--
-- 1. An account posting (POST /api/accounts/:number/transactions, source 'posting') credits or debits a
--    customer against ONE GL counter-account the caller names. Any GL account used to do: the vault,
--    teller cash outside a till, another branch's vault, share capital, fee income. Now the
--    counter-account must be open to account postings (gl_accounts.counter_posting), which only
--    suspense/clearing accounts are: cash moves only through tills, income and equity only through
--    accountants' manual journals. manual_posting (manual journals) is a separate flag and unchanged.
ALTER TABLE "gl_accounts" ADD COLUMN "counter_posting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE gl_accounts SET counter_posting = true WHERE code = '1900';--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION gl_accounts_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.code, NEW.kind, NEW.class, NEW.currency, NEW.normal_side, NEW.is_control, NEW.parent_code)
     IS DISTINCT FROM (OLD.code, OLD.kind, OLD.class, OLD.currency, OLD.normal_side, OLD.is_control, OLD.parent_code) THEN
    RAISE EXCEPTION 'only the name, status, manual posting and counter posting of GL account % may change', OLD.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_accounts_identity';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A teller's cash moves through their till (teller.cash); journal.post let them post against any GL
-- account outside it. The contracts' seed roles say the same (a server test compares them).
DELETE FROM role_permissions
 WHERE permission = 'journal.post' AND role_id IN (SELECT id FROM roles WHERE key = 'teller');--> statement-breakpoint
-- 2. A Dormant account takes credits but no staff-made debit until a four-eyes reactivation: a dormant
--    account is where an insider's withdrawal goes unnoticed longest. End of day's own charges (and
--    seeds and migrations) still post. Runs before transactions_post (triggers fire in name order), for
--    row-by-row and bulk lines alike; only debits pay for the lookups.
CREATE OR REPLACE FUNCTION transactions_dormant_debit() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  st text;
  num text;
  src text;
BEGIN
  IF NEW.direction <> 'debit' THEN
    RETURN NEW;
  END IF;
  SELECT status, account_number INTO st, num FROM accounts WHERE id = NEW.account_id;
  IF st IS DISTINCT FROM 'Dormant' THEN
    RETURN NEW;
  END IF;
  SELECT source INTO src FROM journal_entries WHERE id = NEW.entry_id;
  IF src IN ('end_of_day', 'system', 'migration', 'seed') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', num
    USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_dormant_debit BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_dormant_debit();
--> statement-breakpoint
-- 3. A value date outside the window (contracts' VALUE_DATE_WINDOW, from the business date) is asked
--    with journal.backvalue and approved by a second person; the Accountant asks for back-valued
--    corrections. The contracts' seed roles say the same (a server test compares them).
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'journal.backvalue' FROM roles WHERE key = 'accountant'
ON CONFLICT DO NOTHING;
