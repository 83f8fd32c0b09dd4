-- Salary check-off (docs/payments.md): an employer's salary line may name the employee's loan, and
-- posting the batch pays the instalment from the salary through the loans module's repayment service,
-- channel 'check_off'. The line keeps the loan as typed and as found, and what was paid toward it.
ALTER TABLE "salary_batch_lines" ADD COLUMN "loan_account_number" text;--> statement-breakpoint
ALTER TABLE "salary_batch_lines" ADD COLUMN "loan_id" integer REFERENCES "loans"("id");--> statement-breakpoint
ALTER TABLE "salary_batch_lines" ADD COLUMN "check_off" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "salary_batch_lines" ADD COLUMN "check_off_refusal" text;--> statement-breakpoint
ALTER TABLE "loan_repayments" DROP CONSTRAINT "loan_repayments_channel_check";--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_channel_check" CHECK ("loan_repayments"."channel" in ('transfer', 'cash', 'settlement', 'auto_debit', 'check_off'));
