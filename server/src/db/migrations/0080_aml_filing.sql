-- AML filing (docs/decisions/0048-goaml-filing.md): CTR filings and STRs, frozen by the triggers below
-- (the database refuses to delete them or to change them beyond recording the FIU's submission once),
-- and the index the per-customer-per-day CTR list reads.
CREATE SEQUENCE "public"."aml_str_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "aml_ctr_filed_days" (
	"business_date" date PRIMARY KEY NOT NULL,
	"filing_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_ctr_filing_rows" (
	"filing_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"cust_id" integer NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"count" integer NOT NULL,
	"transactions" jsonb NOT NULL,
	CONSTRAINT "aml_ctr_filing_rows_filing_id_business_date_cust_id_currency_direction_pk" PRIMARY KEY("filing_id","business_date","cust_id","currency","direction"),
	CONSTRAINT "aml_ctr_filing_rows_direction_check" CHECK ("aml_ctr_filing_rows"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "aml_ctr_filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"period" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"reports" integer NOT NULL,
	"xml" text NOT NULL,
	"csv" text NOT NULL,
	"content_hash" text NOT NULL,
	"prepared_by_id" uuid NOT NULL,
	"prepared_by" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fiu_submitted_on" date,
	"fiu_reference" text,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "aml_ctr_filings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "aml_ctr_filings_period_check" CHECK ("aml_ctr_filings"."period" in ('day', 'month')),
	CONSTRAINT "aml_ctr_filings_range" CHECK ("aml_ctr_filings"."period_from" <= "aml_ctr_filings"."period_to"),
	CONSTRAINT "aml_ctr_filings_submission" CHECK (("aml_ctr_filings"."fiu_submitted_on" is null) = ("aml_ctr_filings"."fiu_reference" is null) and ("aml_ctr_filings"."fiu_reference" is null) = ("aml_ctr_filings"."submitted_by" is null))
);
--> statement-breakpoint
CREATE TABLE "aml_str_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"case_id" uuid NOT NULL,
	"cust_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"accounts" jsonb NOT NULL,
	"transactions" jsonb NOT NULL,
	"grounds" jsonb NOT NULL,
	"narrative" text NOT NULL,
	"action" text NOT NULL,
	"prepared_by_id" uuid NOT NULL,
	"prepared_by" text NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approval_id" uuid,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"xml" text,
	"content_hash" text,
	"fiu_submitted_on" date,
	"fiu_reference" text,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "aml_str_reports_reference_unique" UNIQUE("reference"),
	CONSTRAINT "aml_str_reports_status_check" CHECK ("aml_str_reports"."status" in ('draft', 'pending_approval', 'approved', 'submitted')),
	CONSTRAINT "aml_str_reports_frozen" CHECK (("aml_str_reports"."status" in ('approved', 'submitted')) = ("aml_str_reports"."xml" is not null and "aml_str_reports"."content_hash" is not null and "aml_str_reports"."approved_by" is not null)),
	CONSTRAINT "aml_str_reports_submitted" CHECK (("aml_str_reports"."status" = 'submitted') = ("aml_str_reports"."fiu_reference" is not null))
);
--> statement-breakpoint
ALTER TABLE "aml_ctr_filed_days" ADD CONSTRAINT "aml_ctr_filed_days_filing_id_aml_ctr_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."aml_ctr_filings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "aml_ctr_filing_rows" ADD CONSTRAINT "aml_ctr_filing_rows_filing_id_aml_ctr_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."aml_ctr_filings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "aml_ctr_filing_rows_key" ON "aml_ctr_filing_rows" USING btree ("business_date","cust_id","currency","direction");
--> statement-breakpoint
CREATE INDEX "aml_ctr_filings_prepared_idx" ON "aml_ctr_filings" USING btree ("prepared_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "aml_str_reports_one_open_per_case" ON "aml_str_reports" USING btree ("case_id") WHERE "aml_str_reports"."status" in ('draft', 'pending_approval');
--> statement-breakpoint
CREATE INDEX "aml_str_reports_status_idx" ON "aml_str_reports" USING btree ("status","prepared_at","id");
--> statement-breakpoint
CREATE INDEX "aml_str_reports_prepared_idx" ON "aml_str_reports" USING btree ("prepared_at","id");
--> statement-breakpoint
CREATE INDEX "teller_transactions_cash_day_idx" ON "teller_transactions" USING btree ("business_date","account_id","kind","currency","amount") WHERE "teller_transactions"."status" = 'posted';
--> statement-breakpoint
-- A filing is never changed or deleted: the only update let through records the FIU's submission, once.
CREATE OR REPLACE FUNCTION aml_ctr_filings_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.fiu_reference IS NULL
     AND to_jsonb(NEW) - ARRAY['fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at']
       = to_jsonb(OLD) - ARRAY['fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a CTR filing is never changed or deleted: % is not allowed; file a correction instead', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filings_frozen BEFORE UPDATE OR DELETE ON aml_ctr_filings
FOR EACH ROW EXECUTE FUNCTION aml_ctr_filings_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filings_no_truncate BEFORE TRUNCATE ON aml_ctr_filings
FOR EACH STATEMENT EXECUTE FUNCTION aml_ctr_filings_frozen();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aml_ctr_filed_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'what a CTR filing carried is never changed: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filing_rows_frozen BEFORE UPDATE OR DELETE ON aml_ctr_filing_rows
FOR EACH ROW EXECUTE FUNCTION aml_ctr_filed_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filing_rows_no_truncate BEFORE TRUNCATE ON aml_ctr_filing_rows
FOR EACH STATEMENT EXECUTE FUNCTION aml_ctr_filed_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filed_days_frozen BEFORE UPDATE OR DELETE ON aml_ctr_filed_days
FOR EACH ROW EXECUTE FUNCTION aml_ctr_filed_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_ctr_filed_days_no_truncate BEFORE TRUNCATE ON aml_ctr_filed_days
FOR EACH STATEMENT EXECUTE FUNCTION aml_ctr_filed_frozen();
--> statement-breakpoint
-- An STR is never deleted. A draft (or one awaiting the MLRO) changes through the app; once approved
-- it is frozen, and the only update let through records the FIU's submission, once.
CREATE OR REPLACE FUNCTION aml_str_reports_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('draft', 'pending_approval') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'approved' AND NEW.status = 'submitted'
     AND to_jsonb(NEW) - ARRAY['status', 'fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at']
       = to_jsonb(OLD) - ARRAY['status', 'fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'an STR is never deleted, nor changed once approved: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER aml_str_reports_frozen BEFORE UPDATE OR DELETE ON aml_str_reports
FOR EACH ROW EXECUTE FUNCTION aml_str_reports_frozen();
--> statement-breakpoint
CREATE TRIGGER aml_str_reports_no_truncate BEFORE TRUNCATE ON aml_str_reports
FOR EACH STATEMENT EXECUTE FUNCTION aml_str_reports_frozen();
--> statement-breakpoint
-- The Compliance Officer prepares STRs and CTR filings; approving an STR is the MLRO's (aml.str.file).
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['aml.str.prepare', 'aml.ctr.file']::text[]) AS p WHERE "key" = 'compliance' ON CONFLICT DO NOTHING;
