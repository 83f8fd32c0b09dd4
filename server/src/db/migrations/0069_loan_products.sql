CREATE TABLE "loan_product_versions" (
	"product_code" text NOT NULL,
	"version" integer NOT NULL,
	"interest_method" text NOT NULL,
	"repayment_frequency" text NOT NULL,
	"min_amount" numeric(18, 2) NOT NULL,
	"max_amount" numeric(18, 2) NOT NULL,
	"min_term" integer NOT NULL,
	"max_term" integer NOT NULL,
	"min_rate" numeric(9, 4) NOT NULL,
	"max_rate" numeric(9, 4) NOT NULL,
	"default_rate" numeric(9, 4) NOT NULL,
	"max_principal_grace" integer DEFAULT 0 NOT NULL,
	"max_full_grace" integer DEFAULT 0 NOT NULL,
	"fee_kind" text NOT NULL,
	"fee_value" numeric(18, 4) NOT NULL,
	"fee_treatment" text NOT NULL,
	"insurance_rate" numeric(9, 4),
	"penalty_kind" text NOT NULL,
	"penalty_value" numeric(18, 4) NOT NULL,
	"penalty_tolerance_days" integer NOT NULL,
	"allocation_order" text[] NOT NULL,
	"prepayment" text NOT NULL,
	"max_debt_service_ratio" numeric(9, 4),
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "loan_product_versions_product_code_version_pk" PRIMARY KEY("product_code","version"),
	CONSTRAINT "loan_product_versions_version_check" CHECK ("loan_product_versions"."version" >= 1),
	CONSTRAINT "loan_product_versions_method_check" CHECK ("loan_product_versions"."interest_method" in ('emi', 'equal_principal', 'flat')),
	CONSTRAINT "loan_product_versions_frequency_check" CHECK ("loan_product_versions"."repayment_frequency" in ('monthly', 'fortnightly', 'weekly')),
	CONSTRAINT "loan_product_versions_amount_check" CHECK ("loan_product_versions"."min_amount" > 0 and "loan_product_versions"."min_amount" <= "loan_product_versions"."max_amount"),
	CONSTRAINT "loan_product_versions_term_check" CHECK ("loan_product_versions"."min_term" >= 1 and "loan_product_versions"."min_term" <= "loan_product_versions"."max_term" and "loan_product_versions"."max_term" <= 520),
	CONSTRAINT "loan_product_versions_rate_check" CHECK ("loan_product_versions"."min_rate" >= 0 and "loan_product_versions"."min_rate" <= "loan_product_versions"."default_rate" and "loan_product_versions"."default_rate" <= "loan_product_versions"."max_rate" and "loan_product_versions"."max_rate" <= 100),
	CONSTRAINT "loan_product_versions_grace_check" CHECK ("loan_product_versions"."max_principal_grace" between 0 and 24
        and "loan_product_versions"."max_full_grace" between 0 and 24
        and "loan_product_versions"."max_principal_grace" + "loan_product_versions"."max_full_grace" < "loan_product_versions"."min_term"),
	CONSTRAINT "loan_product_versions_fee_check" CHECK ("loan_product_versions"."fee_kind" in ('percent', 'fixed') and "loan_product_versions"."fee_treatment" in ('deducted', 'capitalised')
        and "loan_product_versions"."fee_value" >= 0 and ("loan_product_versions"."fee_kind" <> 'percent' or "loan_product_versions"."fee_value" <= 100)),
	CONSTRAINT "loan_product_versions_penalty_check" CHECK ("loan_product_versions"."penalty_kind" in ('fixed', 'percent') and "loan_product_versions"."penalty_value" >= 0
        and ("loan_product_versions"."penalty_kind" <> 'percent' or "loan_product_versions"."penalty_value" <= 100)
        and "loan_product_versions"."penalty_tolerance_days" between 0 and 365),
	CONSTRAINT "loan_product_versions_ratios_check" CHECK (coalesce("loan_product_versions"."insurance_rate", 0) between 0 and 100
        and ("loan_product_versions"."max_debt_service_ratio" is null or ("loan_product_versions"."max_debt_service_ratio" > 0 and "loan_product_versions"."max_debt_service_ratio" <= 100))),
	CONSTRAINT "loan_product_versions_allocation_check" CHECK (cardinality("loan_product_versions"."allocation_order") = 4 and "loan_product_versions"."allocation_order" @> array['penalties', 'fees', 'interest', 'principal']::text[]),
	CONSTRAINT "loan_product_versions_prepayment_check" CHECK ("loan_product_versions"."prepayment" in ('reduce_term', 'reduce_instalment'))
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"portfolio_gl" text NOT NULL,
	"interest_receivable_gl" text NOT NULL,
	"interest_income_gl" text NOT NULL,
	"fee_income_gl" text NOT NULL,
	"penalty_income_gl" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_currency_check" CHECK ("loan_products"."currency" in ('SLE', 'USD')),
	CONSTRAINT "loan_products_status_check" CHECK ("loan_products"."status" in ('active', 'retired')),
	CONSTRAINT "loan_products_code_check" CHECK ("loan_products"."code" ~ '^[A-Z0-9-]{2,12}$')
);
--> statement-breakpoint
ALTER TABLE "loan_product_versions" ADD CONSTRAINT "loan_product_versions_product_code_loan_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."loan_products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_portfolio_gl_gl_accounts_code_fk" FOREIGN KEY ("portfolio_gl") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_interest_receivable_gl_gl_accounts_code_fk" FOREIGN KEY ("interest_receivable_gl") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_interest_income_gl_gl_accounts_code_fk" FOREIGN KEY ("interest_income_gl") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_fee_income_gl_gl_accounts_code_fk" FOREIGN KEY ("fee_income_gl") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_penalty_income_gl_gl_accounts_code_fk" FOREIGN KEY ("penalty_income_gl") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;