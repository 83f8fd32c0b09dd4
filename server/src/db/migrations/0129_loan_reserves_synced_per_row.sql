-- The day's loan status rows follow a loan's suspense and provision through a row trigger on just
-- those columns, in place of a statement trigger with transition tables. A statement trigger that
-- names transition tables makes PostgreSQL copy every updated row, old and new, into them, whatever
-- the update changed (a trigger with transition tables may not name columns). End of day rewrites
-- each Active loan every night (the accrual alone, 200,000 rows at 1,000,000 customers), and those
-- copies spilled to temporary files: the accrual paid for them on every loan although it moves
-- suspense on the non-performing ones only, and usually before the day's rows exist. The row trigger
-- fires only when an update names one of the three columns and changes it, and writes the day's row
-- of that loan by its key (loan_daily_status_loan_idx).
DROP TRIGGER loans_reserves_snapshot ON loans;
--> statement-breakpoint
DROP FUNCTION loan_daily_status_reserves_sync();
--> statement-breakpoint
CREATE FUNCTION loan_daily_status_reserves_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loan_daily_status s
     SET interest_in_suspense = NEW.interest_in_suspense,
         penalty_in_suspense = NEW.penalty_in_suspense,
         provision_held = NEW.provision_held
   WHERE s.loan_id = NEW.id AND s.business_date = current_business_date();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loans_reserves_snapshot
  AFTER UPDATE OF interest_in_suspense, penalty_in_suspense, provision_held ON loans
  FOR EACH ROW
  WHEN ((OLD.interest_in_suspense, OLD.penalty_in_suspense, OLD.provision_held)
        IS DISTINCT FROM (NEW.interest_in_suspense, NEW.penalty_in_suspense, NEW.provision_held))
  EXECUTE FUNCTION loan_daily_status_reserves_sync();
