DROP INDEX "customers_mobile_trgm_idx";--> statement-breakpoint
DROP INDEX "mbs_mobile_idx";--> statement-breakpoint
DROP INDEX "transactions_account_history_idx";--> statement-breakpoint
CREATE INDEX "mbs_mobile_cust_idx" ON "mobile_banking_subscriptions" USING btree ("mobile_no","cust_id");--> statement-breakpoint
CREATE INDEX "transactions_account_history_asc_idx" ON "transactions" USING btree ("account_id","posted_at","id");