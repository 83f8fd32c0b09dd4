CREATE TABLE "registered_user_keys" (
	"cust_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile_no" text NOT NULL,
	"balance" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_id_text_trgm_idx";--> statement-breakpoint
DROP INDEX "mbs_mobile_trgm_idx";--> statement-breakpoint
ALTER TABLE "registered_user_keys" ADD CONSTRAINT "registered_user_keys_cust_id_mobile_banking_subscriptions_cust_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."mobile_banking_subscriptions"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ruk_name_idx" ON "registered_user_keys" USING btree ("name","cust_id");--> statement-breakpoint
CREATE INDEX "ruk_mobile_idx" ON "registered_user_keys" USING btree ("mobile_no","cust_id");--> statement-breakpoint
CREATE INDEX "ruk_balance_idx" ON "registered_user_keys" USING btree ("balance","cust_id");--> statement-breakpoint
CREATE INDEX "ruk_name_trgm_idx" ON "registered_user_keys" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ruk_mobile_trgm_idx" ON "registered_user_keys" USING gin ("mobile_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ruk_id_text_trgm_idx" ON "registered_user_keys" USING gin (lpad("cust_id"::text, 6, '0') gin_trgm_ops);