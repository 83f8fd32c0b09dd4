-- Loan accounts outside the loan book, per business date and currency (the classification return's
-- "outside the loan book" line): taken by end of day's daily aggregate beside the positions, so a
-- past date's return reads two rows instead of every account's balance at that date. A day
-- aggregated before this table existed has no rows, and the return computes it as before.
CREATE TABLE "report_daily_loans_outside_book" (
	"business_date" date NOT NULL,
	"currency" text NOT NULL,
	"accounts" integer NOT NULL,
	"principal" numeric(18, 2) NOT NULL,
	CONSTRAINT "report_daily_loans_outside_book_pk" PRIMARY KEY("business_date", "currency")
);
