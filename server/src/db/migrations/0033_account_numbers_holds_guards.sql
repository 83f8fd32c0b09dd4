-- Deposits (ADR 0019, docs/deposits.md): account numbers with ISO 7064 MOD 97-10 check digits, the
-- holds total kept on the account, and the posting trigger's lifecycle and available-balance checks, so
-- every debit route (postings, transfers, reversals, teller) is refused the same way in the transaction
-- that posts.

-- 13 digits whose integer value is ≡ 1 (mod 97): contracts' accountNumberProblem says the same.
CREATE OR REPLACE FUNCTION account_number_valid(n text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT n ~ '^[0-9]{13}$' AND n::bigint % 97 = 1
$$;
--> statement-breakpoint
-- branch (3 digits) + serial (8 digits) + the two check digits that make the whole ≡ 1 (mod 97).
CREATE OR REPLACE FUNCTION make_account_number(branch text, serial bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  base text;
BEGIN
  IF branch !~ '^[0-9]{3}$' OR serial < 0 OR serial > 99999999 THEN
    RAISE EXCEPTION 'an account number needs a 3-digit branch code and a serial of at most 8 digits (got %, %)', branch, serial
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  base := branch || lpad(serial::text, 8, '0');
  RETURN base || lpad((98 - (base::bigint * 100) % 97)::text, 2, '0');
END;
$$;
--> statement-breakpoint
-- Serials of new accounts. Migrated and seeded accounts use their id as serial, so this starts above
-- them (the seed moves it past the ids it generates).
CREATE SEQUENCE IF NOT EXISTS account_serial_seq;
--> statement-breakpoint
SELECT setval('account_serial_seq', coalesce((SELECT max(id) FROM accounts), 0) + 1, false);
--> statement-breakpoint
-- Renumber every existing account (ADR 0019: migrated, not kept). A branch code that is not three
-- digits (none in the bank's data) is numbered under 999 rather than failing the migration.
UPDATE accounts SET account_number = make_account_number(
  CASE WHEN branch_code ~ '^[0-9]{3}$' THEN branch_code ELSE '999' END, id);
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_number_check CHECK (account_number_valid(account_number));
--> statement-breakpoint
-- The holds in force on the business date. accounts.held is the sum as of the last change to the
-- account's holds; a hold that expires later makes it too high, never too low, and 0 is exact. So
-- readers and the posting trigger call account_held(id, held): free when held = 0 (almost every
-- account), one indexed lookup otherwise. No nightly job is needed for correctness.
CREATE OR REPLACE FUNCTION account_held(p_account bigint, p_held numeric) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_held = 0 THEN 0::numeric(18,2) ELSE (
    SELECT coalesce(sum(amount), 0)::numeric(18,2) FROM account_holds
     WHERE account_id = p_account AND released_at IS NULL
       AND (expires_on IS NULL OR expires_on >= current_business_date())) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_holds_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  acct bigint := coalesce(NEW.account_id, OLD.account_id);
BEGIN
  UPDATE accounts SET held = account_held(acct, 1) WHERE id = acct;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_holds_sync AFTER INSERT OR UPDATE OR DELETE ON account_holds
FOR EACH ROW EXECUTE FUNCTION account_holds_sync();
--> statement-breakpoint
-- Recomputes held where a hold has expired (for end of day; reads do not depend on it).
CREATE OR REPLACE FUNCTION refresh_expired_holds() RETURNS integer
LANGUAGE sql AS $$
  WITH stale AS (
    SELECT DISTINCT account_id FROM account_holds
     WHERE released_at IS NULL AND expires_on < current_business_date()
  ), u AS (
    UPDATE accounts a SET held = account_held(a.id, 1) FROM stale s
     WHERE a.id = s.account_id AND a.held <> account_held(a.id, 1) RETURNING 1
  )
  SELECT count(*)::integer FROM u
$$;
--> statement-breakpoint
-- The posting trigger of migration ledger_invariants, plus (deposits): the lifecycle (contracts'
-- canPost), the available balance for debits (balance − active holds + an unexpired overdraft limit)
-- and overdrawn_since. Each refusal names its own pseudo-constraint; ledger-error.ts maps them to 409s.
CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a accounts%ROWTYPE;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
  eff_limit numeric(18,2);
  bd date := current_business_date();
BEGIN
  -- Serialise postings per account (a no-op when postEntry already holds this lock).
  SELECT * INTO a FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
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
  -- Past the limit itself, accounts_balance_check refuses (insufficient_funds) as before. Within it,
  -- holds or an expired limit still refuse a debit (insufficient_available). Credits always land, and
  -- a loan's balance is money owed, not funds.
  IF NEW.direction = 'debit' AND a.account_type <> 'Loan' AND expected >= -a.overdraft_limit THEN
    eff_limit := CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END;
    IF expected < account_held(a.id, a.held) - eff_limit THEN
      RAISE EXCEPTION 'a debit of % would leave account % below its available balance', NEW.amount, a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
    END IF;
  END IF;
  UPDATE accounts SET balance = expected,
         overdrawn_since = CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
   WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
