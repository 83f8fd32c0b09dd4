-- The private buckets the customer records need: ID scans, photos and specimen signatures.
-- Staff read with customers.read and write/delete with customers.write (modules/storage/policies.ts).
INSERT INTO "storage_buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types", "read_permission", "write_permission", "delete_permission")
VALUES
  ('customer-photos', 'customer-photos', false, 10485760, ARRAY['image/jpeg', 'image/png', 'image/webp'], 'customers.read', 'customers.write', 'customers.write'),
  ('customer-ids', 'customer-ids', false, 10485760, ARRAY['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], 'customers.read', 'customers.write', 'customers.write'),
  ('customer-signatures', 'customer-signatures', false, 10485760, ARRAY['image/jpeg', 'image/png'], 'customers.read', 'customers.write', 'customers.write')
ON CONFLICT ("id") DO NOTHING;
