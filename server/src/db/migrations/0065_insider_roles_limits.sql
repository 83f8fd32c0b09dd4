-- Daily limits beside the per-transaction ones (per maker and per account, one business day). Every
-- existing role starts from its per-transaction limits: ten of the largest a day per maker, two a day
-- from one account (seed-roles.ts states the same rule for the seeded roles).
ALTER TABLE "role_limits" ADD COLUMN "daily_cash_withdrawal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "role_limits" ADD COLUMN "daily_transfer" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "role_limits" ADD COLUMN "daily_manual_journal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "role_limits" ADD COLUMN "account_daily_cash_withdrawal" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "role_limits" ADD COLUMN "account_daily_transfer" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "role_limits" ADD COLUMN "account_daily_manual_journal" numeric(18, 2);--> statement-breakpoint
UPDATE "role_limits" SET
  "daily_cash_withdrawal" = "max_cash_withdrawal" * 10,
  "daily_transfer" = "max_transfer" * 10,
  "daily_manual_journal" = "max_manual_journal" * 10,
  "account_daily_cash_withdrawal" = "max_cash_withdrawal" * 2,
  "account_daily_transfer" = "max_transfer" * 2,
  "account_daily_manual_journal" = "max_manual_journal" * 2;--> statement-breakpoint
-- Activation no longer hands out the Officer role (money powers without a second person): a newly
-- activated member of staff holds no role until a four-eyes role change gives them one. Staff who
-- hold roles today keep them.
DROP TRIGGER IF EXISTS staff_default_role ON "staff";--> statement-breakpoint
DROP FUNCTION IF EXISTS staff_default_role();
