-- The BSL returns' loan lines (docs/decisions/0071-bsl-returns-loan-lines.md): loans and advances by
-- classification and by sector now read the loan book's month-end snapshot (loan_daily_status), checked
-- against the GL's portfolio, suspense and provision accounts; and the executive dashboard's NPL ratio
-- reads a daily per-class aggregate kept by end of day. Filed returns are frozen rows: untouched.

-- A `loan` line sums one figure of the month-end loan snapshot over the loans whose class, economic
-- sector or borrower type is one of its values.
ALTER TABLE "return_template_lines" ADD COLUMN "loan_figure" text;
--> statement-breakpoint
ALTER TABLE "return_template_lines" DROP CONSTRAINT "return_template_lines_kind_check";
--> statement-breakpoint
ALTER TABLE "return_template_lines" ADD CONSTRAINT "return_template_lines_kind_check" CHECK ("kind" in ('heading', 'gl', 'breakdown', 'exposure', 'total', 'ratio', 'unavailable', 'loan'));
--> statement-breakpoint
ALTER TABLE "return_template_lines" DROP CONSTRAINT "return_template_lines_breakdown_check";
--> statement-breakpoint
ALTER TABLE "return_template_lines" ADD CONSTRAINT "return_template_lines_breakdown_check" CHECK (("kind" in ('breakdown', 'loan')) = ("attribute" is not null and "attribute_values" is not null));
--> statement-breakpoint
ALTER TABLE "return_template_lines" DROP CONSTRAINT "return_template_lines_attribute_check";
--> statement-breakpoint
-- A customer-account breakdown reads account or customer type; a loan line its class, sector or the
-- borrower's customer type.
ALTER TABLE "return_template_lines" ADD CONSTRAINT "return_template_lines_attribute_check" CHECK ("attribute" is null or ("kind" = 'breakdown' and "attribute" in ('account_type', 'customer_type')) or ("kind" = 'loan' and "attribute" in ('loan_class', 'loan_sector', 'customer_type')));
--> statement-breakpoint
ALTER TABLE "return_template_lines" ADD CONSTRAINT "return_template_lines_loan_figure_check" CHECK (("kind" = 'loan') = ("loan_figure" is not null) and ("loan_figure" is null or "loan_figure" in ('principal', 'suspense', 'provision')));
--> statement-breakpoint
DELETE FROM "return_gl_mappings" WHERE "template_code" = 'loans_classification'
   OR ("template_code" = 'loans_sector' AND "line_code" in ('households', 'enterprises', 'government', 'organisations'));
--> statement-breakpoint
DELETE FROM "return_template_checks" WHERE "template_code" = 'loans_classification';
--> statement-breakpoint
DELETE FROM "return_template_lines" WHERE "template_code" = 'loans_classification'
   OR ("template_code" = 'loans_sector' AND "line_code" in ('households', 'enterprises', 'government', 'organisations'));
--> statement-breakpoint
UPDATE "return_templates" SET "note" = 'From the loan book''s month-end snapshot: each loan''s class that night, its principal outstanding, interest and penalties in suspense and provision held; the totals agree with the portfolio (141x), suspense (1428) and provision (1490) GL accounts.'
 WHERE "code" = 'loans_classification';
--> statement-breakpoint
UPDATE "return_templates" SET "note" = 'From the loan book''s month-end snapshot: principal outstanding by the borrower''s customer type and by the economic sector recorded on the loan application; each total agrees with the portfolio GL accounts (141x).'
 WHERE "code" = 'loans_sector';
--> statement-breakpoint
INSERT INTO "return_template_lines" ("template_code", "line_code", "position", "label", "kind", "side", "attribute", "attribute_values", "terms", "loan_figure") VALUES
  ('loans_classification', 'principal_heading', 10, 'Principal outstanding', 'heading', 'debit', NULL, NULL, NULL, NULL),
  ('loans_classification', 'current', 20, 'Current', 'loan', 'debit', 'loan_class', '{current}', NULL, 'principal'),
  ('loans_classification', 'olem', 30, 'Other loans especially mentioned (OLEM)', 'loan', 'debit', 'loan_class', '{olem}', NULL, 'principal'),
  ('loans_classification', 'substandard', 40, 'Substandard', 'loan', 'debit', 'loan_class', '{substandard}', NULL, 'principal'),
  ('loans_classification', 'doubtful', 50, 'Doubtful', 'loan', 'debit', 'loan_class', '{doubtful}', NULL, 'principal'),
  ('loans_classification', 'loss', 60, 'Loss', 'loan', 'debit', 'loan_class', '{loss}', NULL, 'principal'),
  ('loans_classification', 'unclassified', 65, 'Loan accounts outside the loan book (not classified)', 'loan', 'debit', 'loan_class', '{unclassified}', NULL, 'principal'),
  ('loans_classification', 'total_loans', 70, 'Total loans and advances (principal)', 'total', 'debit', NULL, NULL, '{current,olem,substandard,doubtful,loss,unclassified}', NULL),
  ('loans_classification', 'suspense_heading', 80, 'Interest and penalties in suspense', 'heading', 'credit', NULL, NULL, NULL, NULL),
  ('loans_classification', 'suspense_current', 90, 'Current', 'loan', 'credit', 'loan_class', '{current}', NULL, 'suspense'),
  ('loans_classification', 'suspense_olem', 100, 'Other loans especially mentioned (OLEM)', 'loan', 'credit', 'loan_class', '{olem}', NULL, 'suspense'),
  ('loans_classification', 'suspense_substandard', 110, 'Substandard', 'loan', 'credit', 'loan_class', '{substandard}', NULL, 'suspense'),
  ('loans_classification', 'suspense_doubtful', 120, 'Doubtful', 'loan', 'credit', 'loan_class', '{doubtful}', NULL, 'suspense'),
  ('loans_classification', 'suspense_loss', 130, 'Loss', 'loan', 'credit', 'loan_class', '{loss}', NULL, 'suspense'),
  ('loans_classification', 'total_suspense', 140, 'Total interest and penalties in suspense', 'total', 'credit', NULL, NULL, '{suspense_current,suspense_olem,suspense_substandard,suspense_doubtful,suspense_loss}', NULL),
  ('loans_classification', 'provision_heading', 150, 'Provision held', 'heading', 'credit', NULL, NULL, NULL, NULL),
  ('loans_classification', 'provision_current', 160, 'Current', 'loan', 'credit', 'loan_class', '{current}', NULL, 'provision'),
  ('loans_classification', 'provision_olem', 170, 'Other loans especially mentioned (OLEM)', 'loan', 'credit', 'loan_class', '{olem}', NULL, 'provision'),
  ('loans_classification', 'provision_substandard', 180, 'Substandard', 'loan', 'credit', 'loan_class', '{substandard}', NULL, 'provision'),
  ('loans_classification', 'provision_doubtful', 190, 'Doubtful', 'loan', 'credit', 'loan_class', '{doubtful}', NULL, 'provision'),
  ('loans_classification', 'provision_loss', 200, 'Loss', 'loan', 'credit', 'loan_class', '{loss}', NULL, 'provision'),
  ('loans_classification', 'total_provision', 210, 'Total provision held', 'total', 'credit', NULL, NULL, '{provision_current,provision_olem,provision_substandard,provision_doubtful,provision_loss}', NULL),
  ('loans_classification', 'net_loans', 220, 'Net loans and advances (principal less provision held)', 'total', 'debit', NULL, NULL, '{total_loans,-total_provision}', NULL),
  ('loans_sector', 'by_borrower', 5, 'By borrower type', 'heading', 'debit', NULL, NULL, NULL, NULL),
  ('loans_sector', 'households', 10, 'Households (individuals, joint, staff)', 'loan', 'debit', 'customer_type', '{private,joint,employee}', NULL, 'principal'),
  ('loans_sector', 'enterprises', 20, 'Private enterprises', 'loan', 'debit', 'customer_type', '{corporate}', NULL, 'principal'),
  ('loans_sector', 'government', 30, 'Government', 'loan', 'debit', 'customer_type', '{government}', NULL, 'principal'),
  ('loans_sector', 'organisations', 40, 'Non-profit organisations', 'loan', 'debit', 'customer_type', '{organisation}', NULL, 'principal'),
  ('loans_sector', 'by_activity', 60, 'By economic sector (the purpose recorded on the loan application)', 'heading', 'debit', NULL, NULL, NULL, NULL),
  ('loans_sector', 'sector_agr', 70, 'Agriculture, forestry and fishing', 'loan', 'debit', 'loan_sector', '{AGR}', NULL, 'principal'),
  ('loans_sector', 'sector_min', 80, 'Mining and quarrying', 'loan', 'debit', 'loan_sector', '{MIN}', NULL, 'principal'),
  ('loans_sector', 'sector_gem', 90, 'Diamond and gold trading', 'loan', 'debit', 'loan_sector', '{GEM}', NULL, 'principal'),
  ('loans_sector', 'sector_man', 100, 'Manufacturing', 'loan', 'debit', 'loan_sector', '{MAN}', NULL, 'principal'),
  ('loans_sector', 'sector_con', 110, 'Construction', 'loan', 'debit', 'loan_sector', '{CON}', NULL, 'principal'),
  ('loans_sector', 'sector_trd', 120, 'Wholesale and retail trade', 'loan', 'debit', 'loan_sector', '{TRD}', NULL, 'principal'),
  ('loans_sector', 'sector_trn', 130, 'Transport and storage', 'loan', 'debit', 'loan_sector', '{TRN}', NULL, 'principal'),
  ('loans_sector', 'sector_hos', 140, 'Hotels, restaurants and bars', 'loan', 'debit', 'loan_sector', '{HOS}', NULL, 'principal'),
  ('loans_sector', 'sector_fxb', 150, 'Foreign exchange bureaux', 'loan', 'debit', 'loan_sector', '{FXB}', NULL, 'principal'),
  ('loans_sector', 'sector_tel', 160, 'Information and communication', 'loan', 'debit', 'loan_sector', '{TEL}', NULL, 'principal'),
  ('loans_sector', 'sector_fin', 170, 'Financial and insurance services', 'loan', 'debit', 'loan_sector', '{FIN}', NULL, 'principal'),
  ('loans_sector', 'sector_res', 180, 'Real estate', 'loan', 'debit', 'loan_sector', '{RES}', NULL, 'principal'),
  ('loans_sector', 'sector_edu', 190, 'Education', 'loan', 'debit', 'loan_sector', '{EDU}', NULL, 'principal'),
  ('loans_sector', 'sector_hlt', 200, 'Health and social work', 'loan', 'debit', 'loan_sector', '{HLT}', NULL, 'principal'),
  ('loans_sector', 'sector_pub', 210, 'Public administration', 'loan', 'debit', 'loan_sector', '{PUB}', NULL, 'principal'),
  ('loans_sector', 'sector_ngo', 220, 'Non-profit and religious bodies', 'loan', 'debit', 'loan_sector', '{NGO}', NULL, 'principal'),
  ('loans_sector', 'sector_oth', 230, 'Other services', 'loan', 'debit', 'loan_sector', '{OTH}', NULL, 'principal'),
  ('loans_sector', 'sector_unrecorded', 240, 'Sector not recorded (loan accounts outside the loan book)', 'loan', 'debit', 'loan_sector', '{unrecorded}', NULL, 'principal'),
  ('loans_sector', 'total_by_activity', 250, 'Total loans and advances by economic sector', 'total', 'debit', NULL, NULL, '{sector_agr,sector_min,sector_gem,sector_man,sector_con,sector_trd,sector_trn,sector_hos,sector_fxb,sector_tel,sector_fin,sector_res,sector_edu,sector_hlt,sector_pub,sector_ngo,sector_oth,sector_unrecorded}', NULL);
--> statement-breakpoint
INSERT INTO "return_template_checks" ("template_code", "line_code", "gl_patterns") VALUES
  ('loans_classification', 'total_loans', '{141%}'),
  ('loans_classification', 'total_suspense', '{1428}'),
  ('loans_classification', 'total_provision', '{1490}'),
  ('loans_sector', 'total_by_activity', '{141%}');
--> statement-breakpoint
-- The executive dashboard's NPL ratio: principal outstanding per class at the close of each business
-- date, per branch and currency, from that night's loan snapshot (a few dozen rows a day), so the
-- dashboard never sums the loans themselves.
CREATE TABLE "report_daily_loan_classes" (
	"business_date" date NOT NULL,
	"branch_code" text NOT NULL REFERENCES "branches"("code"),
	"currency" text NOT NULL,
	"loan_class" text NOT NULL,
	"principal" numeric(18, 2) NOT NULL,
	"loans" integer NOT NULL,
	CONSTRAINT "report_daily_loan_classes_pk" PRIMARY KEY("business_date", "branch_code", "currency", "loan_class"),
	CONSTRAINT "report_daily_loan_classes_class_check" CHECK ("loan_class" in ('current', 'olem', 'substandard', 'doubtful', 'loss'))
);
--> statement-breakpoint
CREATE INDEX "report_daily_loan_classes_branch_idx" ON "report_daily_loan_classes" ("branch_code", "business_date");
--> statement-breakpoint
-- The loan loss provision (1490, since migration 0094) is a contra-asset no statement-of-financial-
-- position line read, so total assets missed it once a provision was posted: shown as its own line,
-- negative on the asset side, loans and advances net of it.
INSERT INTO "return_template_lines" ("template_code", "line_code", "position", "label", "kind", "side") VALUES
  ('sofp', 'loan_provision', 65, 'Less: loan loss provision', 'gl', 'debit');
--> statement-breakpoint
INSERT INTO "return_gl_mappings" ("template_code", "line_code", "gl_pattern", "sign") VALUES
  ('sofp', 'loan_provision', '149%', 1);
--> statement-breakpoint
UPDATE "return_template_lines" SET "terms" = '{cash_vault,cash_tellers,bsl,nostro,loans,loan_provision,interest_receivable,other_assets}'
 WHERE "template_code" = 'sofp' AND "line_code" = 'total_assets';
--> statement-breakpoint
-- Likewise the income statement: the provision expense (5040) and recoveries on loans written off
-- (4050) arrived with the loan book and no line read them.
INSERT INTO "return_template_lines" ("template_code", "line_code", "position", "label", "kind", "side") VALUES
  ('income', 'recoveries', 65, 'Recoveries on loans written off', 'gl', 'credit'),
  ('income', 'provision_expense', 115, 'Loan loss provision expense', 'gl', 'debit');
--> statement-breakpoint
INSERT INTO "return_gl_mappings" ("template_code", "line_code", "gl_pattern", "sign") VALUES
  ('income', 'recoveries', '4050', 1),
  ('income', 'provision_expense', '504%', 1);
--> statement-breakpoint
UPDATE "return_template_lines" SET "terms" = '{interest_loans,interest_other,fees,loan_fees,fx_gain,recoveries}'
 WHERE "template_code" = 'income' AND "line_code" = 'total_income';
--> statement-breakpoint
UPDATE "return_template_lines" SET "terms" = '{interest_expense,cash_differences,fx_loss,provision_expense}'
 WHERE "template_code" = 'income' AND "line_code" = 'total_expenses';
