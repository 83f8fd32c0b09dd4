-- The first customer buckets (ID scans, photos, specimen signatures) were readable by every holder of
-- customers.read in every branch: their paths name no customer, so nothing scopes an object to the
-- customer's branch. Nothing in the application writes them any more: a customer's documents go to
-- customer-documents through /api/customers/:custId/documents, which checks the customer's branch.
-- They are retired like customer-documents is guarded: no staff permission reaches them, only the
-- service role (an operator moving what they still hold). The buckets and objects stay.
UPDATE "storage_buckets" SET "read_permission" = NULL, "write_permission" = NULL, "delete_permission" = NULL
WHERE "id" IN ('customer-ids', 'customer-photos', 'customer-signatures');
