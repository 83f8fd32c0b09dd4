-- A request now lives until end of day closes its business date (ADR 0035): no time is known when it
-- is made, so expires_at is written only when the request is found expired.
ALTER TABLE "approval_requests" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
UPDATE "approval_requests" SET "expires_at" = NULL WHERE "status" = 'pending';
