-- Loan operations at the counter and their undoing (docs/decisions/0062-loan-repayment-reversal-and-till-cash.md).
-- A cash loan repayment is the till's transaction too: its teller_transactions row names the loans
-- module's entry, so the till's journal and tallies, the receipt and the CTR aggregation see it.
ALTER TABLE "teller_transactions" DROP CONSTRAINT "teller_transactions_kind_check";
--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_kind_check" CHECK ("teller_transactions"."kind" in ('deposit', 'withdrawal', 'loan_repayment'));
--> statement-breakpoint
-- A reversed repayment names its reversing entry (one at most): the subledger says what was undone.
ALTER TABLE "loan_repayments" ADD COLUMN "reversal_entry_id" bigint REFERENCES "journal_entries"("id");
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_reversal_entry_unique" UNIQUE("reversal_entry_id");
