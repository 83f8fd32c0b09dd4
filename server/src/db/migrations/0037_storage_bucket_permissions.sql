-- Bucket policies name permissions (ADR 0015), which storage now checks. The
-- buckets seeded before it named `customers.write`, which no role can hold; creating and editing
-- customers is `customers.create`.
UPDATE storage_buckets SET write_permission = 'customers.create' WHERE write_permission = 'customers.write';
--> statement-breakpoint
UPDATE storage_buckets SET delete_permission = 'customers.create' WHERE delete_permission = 'customers.write';
