-- Loan disbursement in cash at the till (ADR 0070). The till records the payout as its own cash-out
-- kind, and a checker's approval of a cash disbursement is kept until a teller pays it out.
ALTER TABLE "teller_transactions" DROP CONSTRAINT "teller_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_kind_check" CHECK ("teller_transactions"."kind" in ('deposit', 'withdrawal', 'loan_repayment', 'loan_disbursement'));--> statement-breakpoint
-- The customer's identity is confirmed at the counter before cash leaves the till, as for a withdrawal.
ALTER TABLE "teller_transactions" DROP CONSTRAINT "teller_transactions_signature";--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_signature" CHECK ("teller_transactions"."kind" not in ('withdrawal', 'loan_disbursement') or "teller_transactions"."signature_confirmed");--> statement-breakpoint
CREATE TABLE "loan_cash_disbursements" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"approval_id" uuid NOT NULL,
	"first_due_date" date,
	"approved_by" uuid NOT NULL,
	"approved_by_email" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "loan_cash_disbursements" ADD CONSTRAINT "loan_cash_disbursements_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_cash_disbursements" ADD CONSTRAINT "loan_cash_disbursements_approval_id_approval_requests_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_requests"("id") ON DELETE no action ON UPDATE no action;
