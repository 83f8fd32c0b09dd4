-- Loan Reports (docs/loan-reports.md, ADR 0066).
--
-- The bank's regulatory capital per month: the large exposures report's denominator, typed in by
-- finance. It moves no money and approves nothing, so one person enters it (with its audit row).
CREATE TABLE "bank_capital" (
	"month" text PRIMARY KEY NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"entered_by" uuid NOT NULL REFERENCES "staff"("user_id"),
	"entered_by_email" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_capital_month_check" CHECK ("bank_capital"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "bank_capital_amount_check" CHECK ("bank_capital"."amount" > 0)
);
--> statement-breakpoint
-- Each loan's suspense and provision as they stood on the business date, beside its principal, so the
-- classification return for a past date reconciles with that date's GL balances of 1428 and 1490.
ALTER TABLE "loan_daily_status" ADD COLUMN "interest_in_suspense" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_daily_status" ADD COLUMN "penalty_in_suspense" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_daily_status" ADD COLUMN "provision_held" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The arrears list of a date, worst first, paged without sorting the whole day's book.
CREATE INDEX "loan_daily_status_arrears_idx" ON "loan_daily_status" USING btree ("business_date","dpd" DESC,"loan_id") WHERE "loan_daily_status"."dpd" > 0;--> statement-breakpoint
-- A step that moves a loan's suspense or provision after classification kept the day's row (the
-- month-end provisioning run, a write-off) refreshes that row here, set-based per statement, so the
-- snapshot never lags the ledger whatever the order of end of day's steps. A row not kept yet takes
-- the loan's figures when classification writes it (loan-book's snapshot hook).
CREATE FUNCTION loan_daily_status_reserves_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loan_daily_status s
     SET interest_in_suspense = n.interest_in_suspense,
         penalty_in_suspense = n.penalty_in_suspense,
         provision_held = n.provision_held
    FROM changed_new n JOIN changed_old o ON o.id = n.id
   WHERE s.loan_id = n.id AND s.business_date = current_business_date()
     AND (n.interest_in_suspense, n.penalty_in_suspense, n.provision_held)
         IS DISTINCT FROM (o.interest_in_suspense, o.penalty_in_suspense, o.provision_held);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loans_reserves_snapshot AFTER UPDATE ON loans
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_status_reserves_sync();
--> statement-breakpoint
-- Disbursements and collections: a period's repayments by value date.
CREATE INDEX "loan_repayments_value_date_idx" ON "loan_repayments" USING btree ("value_date");
