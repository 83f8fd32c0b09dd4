CREATE TABLE "registered_user_balances" (
	"cust_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile_no" text NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"branch_code" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "ruk_branch_balance_idx";--> statement-breakpoint
DROP INDEX "ruk_balance_idx";--> statement-breakpoint
ALTER TABLE "registered_user_balances" ADD CONSTRAINT "registered_user_balances_cust_id_registered_user_keys_cust_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."registered_user_keys"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rub_balance_idx" ON "registered_user_balances" USING btree ("balance","cust_id","name","mobile_no");--> statement-breakpoint
CREATE INDEX "rub_branch_balance_idx" ON "registered_user_balances" USING btree ("branch_code","balance","cust_id","name","mobile_no");--> statement-breakpoint
ALTER TABLE "registered_user_keys" DROP COLUMN "balance";