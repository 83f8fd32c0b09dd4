-- The rules of single columns of accounts are the constraints of domains, not table CHECKs (ADR 0092).
--
-- PostgreSQL evaluates every CHECK of a table on every UPDATE of a row, whatever the UPDATE sets, and
-- re-reads each CHECK's stored expression from text for every statement. A posting updates two
-- accounts' balances, so it paid for all eight CHECKs of accounts twice, six of them on columns it
-- never sets: the account number's form (a regular expression and a MOD 97), the type, the currency,
-- the status, the overdraft limit and the held amount. A domain's constraint is checked only where a
-- value of that domain is written (an INSERT, or an UPDATE that sets the column), and is prepared once
-- per session from the type cache. The two rules that join columns stay table CHECKs:
-- accounts_balance_check (the balance against the type and the limit) and accounts_block_kind_check.
--
-- The columns change type in place: a domain over the column's own type is binary-compatible, so
-- the table and its indexes are not rewritten. The domains get their constraints after the columns
-- use them, which checks the existing rows with a scan. The view and the triggers that name these
-- columns are dropped and made again, unchanged, because PostgreSQL does not retype a column they
-- depend on.
CREATE DOMAIN account_number AS text;
--> statement-breakpoint
CREATE DOMAIN account_type AS text;
--> statement-breakpoint
CREATE DOMAIN account_status AS text;
--> statement-breakpoint
CREATE DOMAIN currency_code AS text;
--> statement-breakpoint
CREATE DOMAIN non_negative_money AS numeric(18,2);
--> statement-breakpoint
DROP VIEW journal_lines;
--> statement-breakpoint
DROP TRIGGER account_counts_moved ON accounts;
--> statement-breakpoint
DROP TRIGGER account_search_changed ON accounts;
--> statement-breakpoint
DROP TRIGGER accounts_control_mapping ON accounts;
--> statement-breakpoint
DROP TRIGGER accounts_guard_update ON accounts;
--> statement-breakpoint
DROP TRIGGER accounts_stats_moved ON accounts;
--> statement-breakpoint
ALTER TABLE accounts
  ALTER COLUMN account_number TYPE account_number,
  ALTER COLUMN account_type TYPE account_type,
  ALTER COLUMN status TYPE account_status,
  ALTER COLUMN currency TYPE currency_code,
  ALTER COLUMN overdraft_limit TYPE non_negative_money,
  ALTER COLUMN held TYPE non_negative_money;
--> statement-breakpoint
-- ADR 0019: 13 digits with ISO 7064 MOD 97-10 check digits (account_number_valid()'s rule, stated in
-- place: a constraint that calls a SQL function parses the function's body at every check).
ALTER DOMAIN account_number ADD CONSTRAINT account_number_check
  CHECK (CASE WHEN VALUE ~ '^[0-9]{13}$' THEN VALUE::bigint % 97 = 1 ELSE false END);
--> statement-breakpoint
-- The lists are the contracts' ACCOUNT_TYPES, ACCOUNT_STATUSES and CURRENCIES; a test holds them equal.
ALTER DOMAIN account_type ADD CONSTRAINT account_type_check
  CHECK (VALUE IN ('Current', 'Savings', 'Fixed Deposit', 'Loan', 'Mobile Wallet'));
--> statement-breakpoint
ALTER DOMAIN account_status ADD CONSTRAINT account_status_check
  CHECK (VALUE IN ('Submitted', 'Approved', 'Active', 'Dormant', 'Blocked', 'Closed', 'Rejected'));
--> statement-breakpoint
ALTER DOMAIN currency_code ADD CONSTRAINT currency_code_check CHECK (VALUE IN ('SLE', 'USD'));
--> statement-breakpoint
ALTER DOMAIN non_negative_money ADD CONSTRAINT non_negative_money_check CHECK (VALUE >= 0);
--> statement-breakpoint
ALTER TABLE accounts
  DROP CONSTRAINT accounts_number_check,
  DROP CONSTRAINT accounts_account_type_check,
  DROP CONSTRAINT accounts_status_check,
  DROP CONSTRAINT accounts_currency_check,
  DROP CONSTRAINT accounts_overdraft_check,
  DROP CONSTRAINT accounts_held_check;
--> statement-breakpoint
-- Retyping a column drops its statistics.
ANALYZE accounts;
--> statement-breakpoint
-- Each line of an entry, customer or GL, signed debit-positive with its currency (as migration 0027).
CREATE VIEW journal_lines AS
  SELECT g.id, g.entry_id, 'gl'::text AS kind, g.gl_code, NULL::bigint AS account_id, g.currency, g.side, g.amount
  FROM gl_lines g
  UNION ALL
  SELECT t.id, t.entry_id, 'customer'::text, a.ledger_code, t.account_id, a.currency, t.direction, t.amount
  FROM transactions t JOIN accounts a ON a.id = t.account_id;
--> statement-breakpoint
CREATE TRIGGER account_counts_moved AFTER UPDATE OF account_type, status, branch_code, product_code ON accounts
  FOR EACH ROW WHEN (old.account_type IS DISTINCT FROM new.account_type OR old.status IS DISTINCT FROM new.status
                     OR old.branch_code IS DISTINCT FROM new.branch_code OR old.product_code IS DISTINCT FROM new.product_code)
  EXECUTE FUNCTION account_counts_moved();
--> statement-breakpoint
CREATE TRIGGER account_search_changed AFTER UPDATE OF account_number, cust_id, account_type, status, branch_code,
  product_code, overdrawn_since, opened_on, maturity_date ON accounts
  FOR EACH ROW WHEN (old.account_number IS DISTINCT FROM new.account_number OR old.cust_id IS DISTINCT FROM new.cust_id
                     OR old.account_type IS DISTINCT FROM new.account_type OR old.status IS DISTINCT FROM new.status
                     OR old.branch_code IS DISTINCT FROM new.branch_code OR old.product_code IS DISTINCT FROM new.product_code
                     OR old.overdrawn_since IS DISTINCT FROM new.overdrawn_since OR old.opened_on IS DISTINCT FROM new.opened_on
                     OR old.maturity_date IS DISTINCT FROM new.maturity_date)
  EXECUTE FUNCTION account_search_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_control_mapping BEFORE INSERT OR UPDATE OF product_code, ledger_code, currency ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_control_mapping();
--> statement-breakpoint
CREATE TRIGGER accounts_guard_update BEFORE UPDATE ON accounts
  FOR EACH ROW WHEN ((new.balance IS DISTINCT FROM old.balance AND pg_trigger_depth() < 1)
                     OR new.currency IS DISTINCT FROM old.currency OR new.id IS DISTINCT FROM old.id)
  EXECUTE FUNCTION accounts_guard();
--> statement-breakpoint
CREATE TRIGGER accounts_stats_moved AFTER UPDATE OF status, account_type, currency ON accounts
  FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status OR old.account_type IS DISTINCT FROM new.account_type
                     OR old.currency IS DISTINCT FROM new.currency)
  EXECUTE FUNCTION accounts_stats();
