-- Payments (docs/payments.md): the new permissions go to the seeded roles that do the work (contracts'
-- seed-roles.ts says the same; roles-seed.test.ts compares them), and the standing orders' run rules
-- start as "no retry, no fee".
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['treasury.rates', 'payments.bulk', 'standing_orders.manage']::text[]) AS p
WHERE "key" = 'accountant'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['payments.bulk', 'standing_orders.manage', 'standing_orders.run']::text[]) AS p
WHERE "key" = 'branch_manager'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "description" = 'Posts manual journals and transfers, enters the day’s exchange rates, uploads salary files and registers standing orders; runs reports. Does not open customers.'
WHERE "key" = 'accountant';--> statement-breakpoint
UPDATE "roles" SET "description" = 'What every activated member of staff could do before roles: account enquiry and statements, mobile-banking subscribers, postings and transfers (over Le 50,000 a second person approves), reversals (always approved by a second person), and the ledger''s reports, in every branch.'
WHERE "key" = 'officer';--> statement-breakpoint
INSERT INTO "standing_order_options" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Occurrence n of a standing order counted from its anchor date. Months add from the anchor each
-- time (Jan 31 → Feb 28 → Mar 31), so a month-end order never drifts to the 28th.
CREATE OR REPLACE FUNCTION standing_order_date(anchor date, frequency text, n integer) RETURNS date
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (anchor + n * CASE frequency
    WHEN 'weekly' THEN interval '7 days'
    WHEN 'monthly' THEN interval '1 month'
    WHEN 'quarterly' THEN interval '3 months'
    ELSE interval '1 year' END)::date
$$;
--> statement-breakpoint
-- Set-based posting (ADR "set-based salary posting"): a bulk entry's customer lines are
-- inserted by one INSERT … SELECT. transactions_post checks each line row by row (about a
-- millisecond each with the account update); for the rows of the entry named by the transaction-local
-- setting ledger.bulk_entry it leaves the checks to transactions_post_bulk, a statement-level trigger
-- that makes the very same checks for all of the statement's rows at once, under the same locks, with
-- the same pseudo-constraint names, and then updates the balances in one UPDATE. The statement
-- trigger fires for every INSERT, so setting ledger.bulk_entry by hand skips no check.
CREATE OR REPLACE FUNCTION transactions_post() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  a accounts%ROWTYPE;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
  eff_limit numeric(18,2);
  bd date;
BEGIN
  IF NEW.entry_id::text = current_setting('ledger.bulk_entry', true) THEN
    RETURN NEW; -- checked and applied by transactions_post_bulk, after the statement
  END IF;
  bd := current_business_date();
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transactions_post_bulk() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bulk bigint := nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
  bd date := current_business_date();
  r record;
BEGIN
  IF bulk IS NULL OR NOT EXISTS (SELECT 1 FROM inserted WHERE entry_id = bulk) THEN
    RETURN NULL;
  END IF;
  -- The same lock as the row trigger's, taken in id order (as postEntry does).
  PERFORM 1 FROM accounts WHERE id IN (SELECT account_id FROM inserted WHERE entry_id = bulk)
    ORDER BY id FOR NO KEY UPDATE;
  -- A running balance needs one line per account per statement.
  SELECT i.account_id INTO r FROM inserted i WHERE i.entry_id = bulk GROUP BY i.account_id HAVING count(*) > 1 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'a bulk posting names account % more than once', r.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
  END IF;
  -- The lifecycle and blocks, first offending line.
  SELECT a.account_number, a.status, a.block_kind, i.direction INTO r
    FROM inserted i JOIN accounts a ON a.id = i.account_id
   WHERE i.entry_id = bulk
     AND (a.status IN ('Closed', 'Submitted', 'Approved', 'Rejected')
          OR (a.status = 'Blocked' AND (a.block_kind IS DISTINCT FROM 'debit' OR i.direction = 'debit')))
   ORDER BY (a.status <> 'Closed'), (a.status = 'Blocked') LIMIT 1;
  IF FOUND THEN
    IF r.status = 'Closed' THEN
      RAISE EXCEPTION 'account % is closed', r.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_open';
    ELSIF r.status <> 'Blocked' THEN
      RAISE EXCEPTION 'account % is % and takes no postings', r.account_number, r.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_active';
    ELSIF r.block_kind IS DISTINCT FROM 'debit' THEN
      RAISE EXCEPTION 'account % is blocked: nothing may be posted', r.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_blocked';
    ELSE
      RAISE EXCEPTION 'account % is blocked for debits', r.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_debit_blocked';
    END IF;
  END IF;
  -- After the account's latest posting before this statement.
  SELECT i.account_id, i.posted_at INTO r FROM inserted i
   WHERE i.entry_id = bulk AND EXISTS (
     SELECT 1 FROM transactions t WHERE t.account_id = i.account_id AND t.id <> i.id
        AND (t.posted_at, t.id) >= (i.posted_at, i.id))
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'posting at % would precede the latest posting of account %; back-date with value_date instead',
      r.posted_at, r.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_posting_order';
  END IF;
  -- The running balance, and (debits within the limit) the available balance.
  SELECT i.account_id, i.balance_after, i.amount, i.direction, a.account_number,
         a.balance + CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END AS expected,
         a.account_type, a.overdraft_limit, a.overdraft_expires_on, a.id, a.held
    INTO r
    FROM inserted i JOIN accounts a ON a.id = i.account_id
   WHERE i.entry_id = bulk
     AND (i.balance_after IS DISTINCT FROM a.balance + CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END
          OR (i.direction = 'debit' AND a.account_type <> 'Loan' AND i.balance_after >= -a.overdraft_limit
              AND i.balance_after < account_held(a.id, a.held)
                  - CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END))
   LIMIT 1;
  IF FOUND THEN
    IF r.balance_after IS DISTINCT FROM r.expected THEN
      RAISE EXCEPTION 'balance_after % does not continue the running balance of account % (expected %)',
        r.balance_after, r.account_id, r.expected
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
    END IF;
    RAISE EXCEPTION 'a debit of % would leave account % below its available balance', r.amount, r.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
  END IF;
  -- The balances; accounts_balance_check refuses a limit passed, as for one line.
  UPDATE accounts a SET balance = i.balance_after,
         overdrawn_since = CASE WHEN i.balance_after < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
    FROM inserted i
   WHERE i.entry_id = bulk AND a.id = i.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_post_bulk AFTER INSERT ON transactions
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION transactions_post_bulk();
