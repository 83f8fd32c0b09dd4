-- The nightly loan book (docs/loan-book.md, ADR 0053): interest receivable, class and days past due on
-- each loan; the classification buckets as data; each loan's accrual state; what accrual booked per
-- day; each loan's day in the book; the invariants. Loans earn into their own receivable GL 1421 (1420
-- stays overdraft interest's, which eod_violations() reconciles to the accounts' accrual alone).
-- The repayments' migration adds interest_receivable too: both run in either order.
ALTER TABLE "loans" ADD COLUMN IF NOT EXISTS "interest_receivable" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "loans" ADD CONSTRAINT "loans_interest_receivable_check" CHECK ("loans"."interest_receivable" >= 0);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "loan_class" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "days_past_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_days_past_due_check" CHECK ("loans"."days_past_due" >= 0);--> statement-breakpoint
CREATE TABLE "loan_classes" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"min_dpd" integer NOT NULL,
	"max_dpd" integer,
	"performing" boolean NOT NULL,
	CONSTRAINT "loan_classes_position_unique" UNIQUE("position"),
	CONSTRAINT "loan_classes_range_check" CHECK ("loan_classes"."min_dpd" >= 0 and ("loan_classes"."max_dpd" is null or "loan_classes"."max_dpd" >= "loan_classes"."min_dpd"))
);
--> statement-breakpoint
-- The defaults of the Bank of Sierra Leone's prudential guidelines (ADR 0053).
INSERT INTO "loan_classes" ("code", "position", "min_dpd", "max_dpd", "performing") VALUES
  ('current', 1, 0, 30, true),
  ('olem', 2, 31, 90, true),
  ('substandard', 3, 91, 180, false),
  ('doubtful', 4, 181, 365, false),
  ('loss', 5, 366, NULL, false);--> statement-breakpoint
CREATE TABLE "loan_accruals" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"accrued_through" date NOT NULL,
	"period_accrued" numeric(24, 10) DEFAULT '0' NOT NULL,
	"period_booked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"total_booked" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "loan_accruals_booked_check" CHECK ("loan_accruals"."period_booked" >= 0 and "loan_accruals"."period_accrued" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_accrual_daily" (
	"business_date" date NOT NULL,
	"product_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"currency" text NOT NULL,
	"booked" numeric(20, 2) NOT NULL,
	"true_up" numeric(20, 2) NOT NULL,
	"loans" integer NOT NULL,
	CONSTRAINT "loan_accrual_daily_business_date_product_code_branch_code_currency_pk" PRIMARY KEY("business_date","product_code","branch_code","currency")
);
--> statement-breakpoint
CREATE TABLE "loan_daily_status" (
	"business_date" date NOT NULL,
	"loan_id" integer NOT NULL,
	"dpd" integer NOT NULL,
	"loan_class" text NOT NULL,
	"principal_outstanding" numeric(20, 2) NOT NULL,
	"interest_receivable" numeric(20, 2) NOT NULL,
	"overdue_amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "loan_daily_status_pk" PRIMARY KEY("business_date","loan_id"),
	CONSTRAINT "loan_daily_status_amounts_check" CHECK ("loan_daily_status"."dpd" >= 0 and "loan_daily_status"."principal_outstanding" >= 0 and "loan_daily_status"."interest_receivable" >= 0 and "loan_daily_status"."overdue_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_accrual_daily" ADD CONSTRAINT "loan_accrual_daily_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_daily_status" ADD CONSTRAINT "loan_daily_status_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_daily_status" ADD CONSTRAINT "loan_daily_status_loan_class_loan_classes_code_fk" FOREIGN KEY ("loan_class") REFERENCES "public"."loan_classes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_daily_status_loan_idx" ON "loan_daily_status" USING btree ("loan_id","business_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_daily_status_class_idx" ON "loan_daily_status" USING btree ("business_date","loan_class");--> statement-breakpoint
-- Loans' own interest receivable: no loan has accrued before this migration, so remapping moves no balance.
INSERT INTO "gl_accounts" ("code", "name", "kind", "parent_code", "class", "currency", "normal_side", "manual_posting", "is_control") VALUES
  ('1421', 'Interest receivable on loans', 'account', '14', 'asset', 'both', 'debit', false, false)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
UPDATE "loan_products" SET "interest_receivable_gl" = '1421' WHERE "interest_receivable_gl" = '1420';--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_book_violations() RETURNS TABLE(loan_id integer, problem text)
    LANGUAGE sql STABLE
    AS $$
  WITH paid AS (
    SELECT i.loan_id, sum(i.principal_paid) AS principal_paid FROM loan_instalments i GROUP BY i.loan_id
  ),
  book AS (
    -- Principal outstanding = financed (disbursed) − principal repaid − written off (none is yet).
    SELECT l.id, l.account_id, l.branch_code, l.currency, a.balance, a.ledger_code, p.portfolio_gl,
           l.amount_financed - coalesce(pd.principal_paid, 0) AS principal
      FROM loans l JOIN accounts a ON a.id = l.account_id JOIN loan_products p ON p.code = l.product_code
      LEFT JOIN paid pd ON pd.loan_id = l.id
     WHERE l.status <> 'Written off'
  ),
  lines AS (
    SELECT t.account_id, sum(CASE t.direction WHEN 'debit' THEN t.amount ELSE -t.amount END) AS net
      FROM transactions t WHERE t.account_id IN (SELECT account_id FROM book) GROUP BY t.account_id
  ),
  portfolio AS (
    -- The portfolio GL's lines on the loans' accounts against the loans' own figures, per branch.
    SELECT b.portfolio_gl, b.branch_code, b.currency, sum(b.principal) AS principals, coalesce(sum(x.net), 0) AS gl
      FROM book b LEFT JOIN lines x ON x.account_id = b.account_id GROUP BY 1, 2, 3
  ),
  receivable AS (
    SELECT p.interest_receivable_gl AS gl_code, l.currency, sum(l.interest_receivable) AS loans
      FROM loans l JOIN loan_products p ON p.code = l.product_code GROUP BY 1, 2
  ),
  receivable_gl AS (
    SELECT g.gl_code, g.currency, sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) AS gl
      FROM gl_lines g WHERE g.gl_code IN (SELECT interest_receivable_gl FROM loan_products) GROUP BY 1, 2
  ),
  overdraft AS (
    -- A product left on 1420 shares it with overdraft interest: that part is the accounts' accrual.
    SELECT a.currency, sum(i.debit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id GROUP BY a.currency
  )
  SELECT b.id, 'loan ' || b.id || ': principal outstanding ' || (-b.balance) || ' <> financed less principal repaid ' || b.principal
    FROM book b WHERE -b.balance <> b.principal
  UNION ALL
  SELECT b.id, 'loan ' || b.id || ': its account is on GL ' || b.ledger_code || ', its product''s portfolio GL is ' || b.portfolio_gl
    FROM book b WHERE b.ledger_code <> b.portfolio_gl
  UNION ALL
  SELECT NULL, 'loan portfolio ' || portfolio_gl || ' branch ' || branch_code || ' ' || currency || ': GL ' || gl || ' <> loans ' || principals
    FROM portfolio WHERE gl <> principals
  UNION ALL
  SELECT NULL, 'interest receivable ' || coalesce(g.gl_code, r.gl_code) || ' ' || coalesce(g.currency, r.currency)
               || ': GL ' || (coalesce(g.gl, 0) - coalesce(o.booked, 0)) || ' <> loans ' || coalesce(r.loans, 0)
    FROM receivable_gl g FULL JOIN receivable r ON r.gl_code = g.gl_code AND r.currency = g.currency
    LEFT JOIN overdraft o ON o.currency = coalesce(g.currency, r.currency) AND coalesce(g.gl_code, r.gl_code) = '1420'
   WHERE coalesce(g.gl, 0) - coalesce(o.booked, 0) <> coalesce(r.loans, 0)
$$;
