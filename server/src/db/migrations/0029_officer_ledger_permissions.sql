-- The Officer role keeps what activated staff could do before roles (ADR 0015). With the general
-- ledger merged, that includes transfers, reversals and the ledger's reports.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['transfers.create', 'postings.reverse', 'reports.read']::text[]) AS p
WHERE "key" = 'officer'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "description" = 'What every activated member of staff could do before roles: account enquiry and statements, mobile-banking subscribers, postings, transfers and reversals (over Le 50,000 they need a second person), and the ledger''s reports, in every branch.'
WHERE "key" = 'officer';
