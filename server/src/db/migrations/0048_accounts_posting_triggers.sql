-- Postings update accounts.balance more than anything else in the bank (ADR 0029). With its index gone
-- (0047), room left on each page lets such an update stay on the row's page without touching any of
-- the table's indexes (a HOT update). Pages written before this keep no room until their rows move.
ALTER TABLE accounts SET (fillfactor = 85);
--> statement-breakpoint
-- The product and control-account mapping can only break when an account is created or one of the
-- three columns is set, so a balance update no longer looks the product up (the check is unchanged).
DROP TRIGGER accounts_control_mapping ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_control_mapping BEFORE INSERT OR UPDATE OF product_code, ledger_code, currency ON accounts
FOR EACH ROW EXECUTE FUNCTION accounts_control_mapping();
