CREATE TABLE "report_daily_cash" (
	"business_date" date NOT NULL,
	"branch_code" text NOT NULL,
	"currency" text NOT NULL,
	"vault" numeric(18, 2) NOT NULL,
	CONSTRAINT "report_daily_cash_business_date_branch_code_currency_pk" PRIMARY KEY("business_date","branch_code","currency")
);
--> statement-breakpoint
CREATE TABLE "report_daily_positions" (
	"business_date" date NOT NULL,
	"branch_code" text NOT NULL,
	"product_code" text NOT NULL,
	"account_type" text NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"accounts" integer NOT NULL,
	"opened" integer NOT NULL,
	CONSTRAINT "report_daily_positions_business_date_branch_code_product_code_currency_pk" PRIMARY KEY("business_date","branch_code","product_code","currency")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"business_date" date PRIMARY KEY NOT NULL,
	"through_entry_id" bigint,
	"source" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_daily_cash" ADD CONSTRAINT "report_daily_cash_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "report_daily_positions" ADD CONSTRAINT "report_daily_positions_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "report_daily_positions_branch_idx" ON "report_daily_positions" USING btree ("branch_code","business_date");
--> statement-breakpoint
CREATE INDEX "accounts_opened_idx" ON "accounts" USING btree ("opened_on","branch_code");
