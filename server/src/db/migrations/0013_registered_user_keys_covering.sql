DROP INDEX "ruk_name_idx";--> statement-breakpoint
DROP INDEX "ruk_mobile_idx";--> statement-breakpoint
DROP INDEX "ruk_balance_idx";--> statement-breakpoint
CREATE INDEX "ruk_id_cover_idx" ON "registered_user_keys" USING btree ("cust_id","name","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_name_idx" ON "registered_user_keys" USING btree ("name","cust_id","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_mobile_idx" ON "registered_user_keys" USING btree ("mobile_no","cust_id","name");--> statement-breakpoint
CREATE INDEX "ruk_balance_idx" ON "registered_user_keys" USING btree ("balance","cust_id","name","mobile_no");