CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"command" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"maker_id" uuid NOT NULL,
	"maker_email" text NOT NULL,
	"branch" text,
	"amount" numeric(18, 2),
	"currency" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"subject_version" text,
	"business_date" date NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (6) with time zone NOT NULL,
	"decided_by" uuid,
	"decided_by_email" text,
	"decided_at" timestamp (6) with time zone,
	"reason" text,
	CONSTRAINT "approval_requests_status_check" CHECK ("approval_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'expired')),
	CONSTRAINT "approval_requests_amount_check" CHECK ("approval_requests"."amount" is null or "approval_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "role_limits" (
	"role_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"max_cash_withdrawal" numeric(18, 2),
	"max_transfer" numeric(18, 2),
	"max_manual_journal" numeric(18, 2),
	"max_approval" numeric(18, 2),
	CONSTRAINT "role_limits_role_id_currency_pk" PRIMARY KEY("role_id","currency"),
	CONSTRAINT "role_limits_currency_check" CHECK ("role_limits"."currency" in ('SLE', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" uuid NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"retired_at" timestamp (6) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_key_unique" UNIQUE("key"),
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"assigned_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "home_branch" text;--> statement-breakpoint
ALTER TABLE "role_limits" ADD CONSTRAINT "role_limits_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_status_created_idx" ON "approval_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_maker_idx" ON "approval_requests" USING btree ("maker_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_roles_role_idx" ON "staff_roles" USING btree ("role_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_home_branch_branches_code_fk" FOREIGN KEY ("home_branch") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;