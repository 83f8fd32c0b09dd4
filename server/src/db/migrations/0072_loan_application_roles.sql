-- Loan applications: the Branch Manager takes and approves loans within the branch's authority; the
-- Credit Officer, Head of Credit and Credit Committee Member roles are new; auditors read applications.
-- The contracts' seed-roles.ts says the same (roles-seed.test.ts compares them).
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['loans.read', 'loans.apply', 'loans.approve']::text[]) AS p
WHERE "key" = 'branch_manager'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, 'loans.read' FROM "roles" WHERE "key" = 'auditor'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES
  ('credit_officer', 'Credit Officer', 'Takes loan applications in the home branch and appraises them with a recommendation.'),
  ('head_of_credit', 'Head of Credit', 'Appraises loans in every branch, approves them up to the Head of Credit’s authority and sits on the Credit Committee.'),
  ('credit_committee', 'Credit Committee Member', 'Approves the loans above the Head of Credit’s authority, one of two votes.')
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'loans.read', 'loans.apply', 'loans.appraise']::text[]) AS p
WHERE "key" = 'credit_officer'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'loans.read', 'loans.appraise', 'loans.approve',
  'loans.approve_large', 'loans.committee', 'approvals.decide', 'reports.read', 'branches.all']::text[]) AS p
WHERE "key" = 'head_of_credit'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'loans.read', 'loans.committee', 'approvals.decide', 'branches.all']::text[]) AS p
WHERE "key" = 'credit_committee'
ON CONFLICT DO NOTHING;
