-- Interest in suspense and late-payment penalties (docs/loan-book.md, ADR 0064): what a repayment took
-- from penalty receivable and from suspense (so its reversal undoes it exactly), what the accrual put in
-- suspense per day, the penalties charged (once per overdue instalment: the primary key), the moves
-- into suspense at the transition to a non-performing class, and the invariants that keep them to
-- the general ledger.
ALTER TABLE "loan_repayments" ADD COLUMN "interest_from_suspense" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "penalty_receivable" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "penalty_from_suspense" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_suspense_check" CHECK ("loan_repayments"."interest_from_suspense" between 0 and "loan_repayments"."interest_receivable"
        and "loan_repayments"."penalty_receivable" between 0 and "loan_repayments"."penalty" and "loan_repayments"."penalty_from_suspense" between 0 and "loan_repayments"."penalty_receivable");--> statement-breakpoint
ALTER TABLE "loan_accrual_daily" ADD COLUMN "suspended" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE TABLE "loan_penalty_charges" (
	"loan_id" integer NOT NULL,
	"instalment_number" integer NOT NULL,
	"business_date" date NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"suspended" boolean NOT NULL,
	CONSTRAINT "loan_penalty_charges_pk" PRIMARY KEY("loan_id","instalment_number"),
	CONSTRAINT "loan_penalty_charges_amount_check" CHECK ("loan_penalty_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_suspense_moves" (
	"business_date" date NOT NULL,
	"loan_id" integer NOT NULL,
	"currency" text NOT NULL,
	"interest" numeric(20, 2) NOT NULL,
	"penalty" numeric(20, 2) NOT NULL,
	CONSTRAINT "loan_suspense_moves_pk" PRIMARY KEY("business_date","loan_id"),
	CONSTRAINT "loan_suspense_moves_amounts_check" CHECK ("loan_suspense_moves"."interest" >= 0 and "loan_suspense_moves"."penalty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_penalty_charges" ADD CONSTRAINT "loan_penalty_charges_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_suspense_moves" ADD CONSTRAINT "loan_suspense_moves_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_penalty_charges_date_idx" ON "loan_penalty_charges" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "loan_suspense_moves_loan_idx" ON "loan_suspense_moves" USING btree ("loan_id");--> statement-breakpoint
-- The loan book's invariants (migration 0085) with suspense and penalties: suspense never negative and
-- never above the receivable it holds, per loan; each receivable equals what was booked less what was
-- collected, per loan; GL 1428 equals the loans' suspense and GL 1422 their penalties, per currency.
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
  collected AS (
    -- What repayments not reversed took off each loan's receivables.
    SELECT r.loan_id, sum(r.interest_receivable) AS interest, sum(r.penalty_receivable) AS penalty
      FROM loan_repayments r WHERE r.reversal_entry_id IS NULL GROUP BY r.loan_id
  ),
  charged AS (
    SELECT c.loan_id, sum(c.amount) AS penalty FROM loan_penalty_charges c GROUP BY c.loan_id
  ),
  held AS (
    SELECT l.currency, sum(l.interest_in_suspense + l.penalty_in_suspense) AS suspense,
           sum(l.penalty_receivable) AS penalty
      FROM loans l GROUP BY l.currency
  ),
  held_gl AS (
    SELECT g.currency,
           coalesce(sum(CASE g.side WHEN 'credit' THEN g.amount ELSE -g.amount END) FILTER (WHERE g.gl_code = '1428'), 0) AS suspense,
           coalesce(sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) FILTER (WHERE g.gl_code = '1422'), 0) AS penalty
      FROM gl_lines g WHERE g.gl_code IN ('1422', '1428') GROUP BY g.currency
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
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': suspense negative (interest ' || l.interest_in_suspense || ', penalties ' || l.penalty_in_suspense || ')'
    FROM loans l WHERE l.interest_in_suspense < 0 OR l.penalty_in_suspense < 0
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': interest in suspense ' || l.interest_in_suspense || ' > interest receivable ' || l.interest_receivable
    FROM loans l WHERE l.interest_in_suspense > l.interest_receivable
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': penalties in suspense ' || l.penalty_in_suspense || ' > penalty receivable ' || l.penalty_receivable
    FROM loans l WHERE l.penalty_in_suspense > l.penalty_receivable
  UNION ALL
  -- Accrued (every cent the accrual booked to the receivable) less collected; a written-off loan's
  -- receivable leaves by its write-off, which keeps its own record.
  SELECT l.id, 'loan ' || l.id || ': interest receivable ' || l.interest_receivable || ' <> accrued '
               || coalesce(s.total_booked, 0) || ' less collected ' || coalesce(c.interest, 0)
    FROM loans l LEFT JOIN loan_accruals s ON s.loan_id = l.id LEFT JOIN collected c ON c.loan_id = l.id
   WHERE l.status <> 'Written off' AND l.interest_receivable <> coalesce(s.total_booked, 0) - coalesce(c.interest, 0)
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': penalty receivable ' || l.penalty_receivable || ' <> charged '
               || coalesce(ch.penalty, 0) || ' less collected ' || coalesce(c.penalty, 0)
    FROM loans l LEFT JOIN charged ch ON ch.loan_id = l.id LEFT JOIN collected c ON c.loan_id = l.id
   WHERE l.status <> 'Written off' AND l.penalty_receivable <> coalesce(ch.penalty, 0) - coalesce(c.penalty, 0)
  UNION ALL
  SELECT NULL, 'interest and penalties in suspense 1428 ' || coalesce(g.currency, h.currency) || ': GL '
               || coalesce(g.suspense, 0) || ' <> loans ' || coalesce(h.suspense, 0)
    FROM held_gl g FULL JOIN held h ON h.currency = g.currency
   WHERE coalesce(g.suspense, 0) <> coalesce(h.suspense, 0)
  UNION ALL
  SELECT NULL, 'penalty receivable 1422 ' || coalesce(g.currency, h.currency) || ': GL '
               || coalesce(g.penalty, 0) || ' <> loans ' || coalesce(h.penalty, 0)
    FROM held_gl g FULL JOIN held h ON h.currency = g.currency
   WHERE coalesce(g.penalty, 0) <> coalesce(h.penalty, 0)
$$;
