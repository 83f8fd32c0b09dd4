CREATE TABLE "registered_user_term_counts" (
	"term" text NOT NULL,
	"branch_code" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "registered_user_term_counts_term_branch_code_pk" PRIMARY KEY("term","branch_code")
);
--> statement-breakpoint
DROP INDEX "rub_balance_idx";--> statement-breakpoint
DROP INDEX "rub_branch_balance_idx";--> statement-breakpoint
DROP INDEX "ruk_branch_id_idx";--> statement-breakpoint
DROP INDEX "ruk_branch_name_idx";--> statement-breakpoint
DROP INDEX "ruk_branch_mobile_idx";--> statement-breakpoint
DROP INDEX "ruk_id_cover_idx";--> statement-breakpoint
DROP INDEX "ruk_name_idx";--> statement-breakpoint
DROP INDEX "ruk_mobile_idx";--> statement-breakpoint
ALTER TABLE "registered_user_balances" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "registered_user_keys" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "rub_balance_idx" ON "registered_user_balances" USING btree ("balance","cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "rub_branch_balance_idx" ON "registered_user_balances" USING btree ("branch_code","balance","cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_branch_id_idx" ON "registered_user_keys" USING btree ("branch_code","cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_branch_name_idx" ON "registered_user_keys" USING btree ("branch_code","name","cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_branch_mobile_idx" ON "registered_user_keys" USING btree ("branch_code","mobile_no","cust_id","name_folded");--> statement-breakpoint
CREATE INDEX "ruk_id_cover_idx" ON "registered_user_keys" USING btree ("cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_name_idx" ON "registered_user_keys" USING btree ("name","cust_id","name_folded","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_mobile_idx" ON "registered_user_keys" USING btree ("mobile_no","cust_id","name_folded");