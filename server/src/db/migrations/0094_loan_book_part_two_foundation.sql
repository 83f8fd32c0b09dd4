-- The general ledger accounts and loan columns that the loan book's second half (interest in suspense,
-- penalties, provisioning, write-off, recovery, restructuring and manual downgrade) posts to and keeps
-- (docs/loan-book.md). They come first, in one migration, so each of those pieces can be built and
-- reviewed on its own against the same chart and the same loan row.
--
-- Suspense and the provision are contra-assets: they sit under 14 "Loans and advances" with a credit
-- normal side, so the balance sheet shows the loans net of them, as IFRS and the BSL's returns do.
INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control) VALUES
  ('1422', 'Penalty receivable on loans', 'account', '14', 'asset', 'both', 'debit', false, false),
  ('1428', 'Interest and penalties in suspense', 'account', '14', 'asset', 'both', 'credit', false, false),
  ('1490', 'Loan loss provision', 'account', '14', 'asset', 'both', 'credit', false, false),
  ('4050', 'Recoveries on loans written off', 'account', '40', 'income', 'both', 'credit', false, false),
  ('5040', 'Loan loss provision expense', 'account', '50', 'expense', 'both', 'debit', false, false)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penalty_receivable" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "interest_in_suspense" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penalty_in_suspense" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "provision_held" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "written_off_principal" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "written_off_on" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "restructured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "manual_class" text REFERENCES "loan_classes"("code");--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "cured_payments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_part_two_amounts_check" CHECK ("loans"."penalty_receivable" >= 0 and "loans"."interest_in_suspense" >= 0 and "loans"."penalty_in_suspense" >= 0 and "loans"."provision_held" >= 0 and "loans"."written_off_principal" >= 0 and "loans"."cured_payments" >= 0);
