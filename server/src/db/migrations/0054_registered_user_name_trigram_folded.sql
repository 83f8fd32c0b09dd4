DROP INDEX "ruk_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "ruk_name_trgm_idx" ON "registered_user_keys" USING gin ("name_folded" gin_trgm_ops);