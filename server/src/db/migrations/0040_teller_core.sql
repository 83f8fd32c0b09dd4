CREATE TABLE "teller_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"session_id" uuid NOT NULL,
	"branch_code" text NOT NULL,
	"teller_id" uuid NOT NULL,
	"teller_email" text NOT NULL,
	"account_id" bigint NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"party_name" text NOT NULL,
	"party_id_number" text NOT NULL,
	"narration" text NOT NULL,
	"signature_confirmed" boolean DEFAULT false NOT NULL,
	"ctr_flag" boolean DEFAULT false NOT NULL,
	"approval_id" uuid,
	"entry_id" bigint,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "teller_transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "teller_transactions_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "teller_transactions_kind_check" CHECK ("teller_transactions"."kind" in ('deposit', 'withdrawal')),
	CONSTRAINT "teller_transactions_status_check" CHECK ("teller_transactions"."status" in ('pending_approval', 'approved', 'rejected', 'posted')),
	CONSTRAINT "teller_transactions_amount_check" CHECK ("teller_transactions"."amount" > 0),
	CONSTRAINT "teller_transactions_posted_entry" CHECK (("teller_transactions"."status" = 'posted') = ("teller_transactions"."entry_id" is not null)),
	CONSTRAINT "teller_transactions_signature" CHECK ("teller_transactions"."kind" <> 'withdrawal' or "teller_transactions"."signature_confirmed")
);
--> statement-breakpoint
CREATE TABLE "till_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"branch_code" text NOT NULL,
	"till_code" text NOT NULL,
	"currency" text NOT NULL,
	"teller_id" uuid NOT NULL,
	"teller_email" text NOT NULL,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_allocation" numeric(18, 2) NOT NULL,
	"opening_denominations" jsonb NOT NULL,
	"opening_entry_id" bigint,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"expected" numeric(18, 2),
	"counted" numeric(18, 2),
	"counted_denominations" jsonb,
	"close_reference" text,
	"close_approval_id" uuid,
	"close_entry_id" bigint,
	"signed_off_by" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "till_sessions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "till_sessions_close_reference_unique" UNIQUE("close_reference"),
	CONSTRAINT "till_sessions_status_check" CHECK ("till_sessions"."status" in ('open', 'closing', 'closed')),
	CONSTRAINT "till_sessions_currency_check" CHECK ("till_sessions"."currency" in ('SLE', 'USD')),
	CONSTRAINT "till_sessions_allocation_check" CHECK ("till_sessions"."opening_allocation" >= 0),
	CONSTRAINT "till_sessions_cash_check" CHECK ("till_sessions"."balance" >= 0),
	CONSTRAINT "till_sessions_closed_empty" CHECK ("till_sessions"."status" <> 'closed' or "till_sessions"."balance" = 0)
);
--> statement-breakpoint
CREATE TABLE "till_vault_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"session_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"denominations" jsonb NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"approval_id" uuid,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_vault_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "till_vault_transfers_direction_check" CHECK ("till_vault_transfers"."direction" in ('buy', 'sell')),
	CONSTRAINT "till_vault_transfers_status_check" CHECK ("till_vault_transfers"."status" in ('pending_approval', 'posted', 'rejected')),
	CONSTRAINT "till_vault_transfers_amount_check" CHECK ("till_vault_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "gl_lines" ADD COLUMN "till_session_id" uuid;--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_session_id_till_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teller_transactions" ADD CONSTRAINT "teller_transactions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_opening_entry_id_journal_entries_id_fk" FOREIGN KEY ("opening_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD CONSTRAINT "till_sessions_close_entry_id_journal_entries_id_fk" FOREIGN KEY ("close_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_vault_transfers" ADD CONSTRAINT "till_vault_transfers_session_id_till_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_vault_transfers" ADD CONSTRAINT "till_vault_transfers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teller_transactions_session_idx" ON "teller_transactions" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "teller_transactions_ctr_idx" ON "teller_transactions" USING btree ("business_date","id") WHERE "teller_transactions"."ctr_flag" and "teller_transactions"."status" = 'posted';--> statement-breakpoint
CREATE UNIQUE INDEX "till_sessions_one_per_teller" ON "till_sessions" USING btree ("teller_id") WHERE "till_sessions"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "till_sessions_one_per_till" ON "till_sessions" USING btree ("branch_code","till_code") WHERE "till_sessions"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "till_sessions_branch_date_idx" ON "till_sessions" USING btree ("branch_code","business_date","opened_at");--> statement-breakpoint
CREATE INDEX "till_sessions_date_idx" ON "till_sessions" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "till_vault_transfers_session_idx" ON "till_vault_transfers" USING btree ("session_id","created_at");