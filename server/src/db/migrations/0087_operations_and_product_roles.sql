-- End of day and product changes are four-eyes, but no seeded role held `eod.run` or
-- `products.manage`: only a superuser could ask for or approve either. Two roles close the gap, each
-- held by the maker and by the second person who confirms (the contracts' seed-roles.ts says the
-- same; roles-seed.test.ts compares them). Neither moves money, so neither meets a toxic combination.
INSERT INTO "roles" ("key", "name", "description") VALUES
  ('operations', 'Operations Officer', 'Runs end of day and keeps the calendar and accounting periods; another Operations Officer confirms each run. Reads reports in every branch and moves no money.'),
  ('product_manager', 'Product Manager', 'Defines deposit and loan products and their pricing; another Product Manager approves each change. Moves no money.')
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'reports.read', 'eod.run', 'approvals.decide', 'branches.all']::text[]) AS p
WHERE "key" = 'operations'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'reports.read', 'products.manage', 'loan_products.manage', 'approvals.decide', 'branches.all']::text[]) AS p
WHERE "key" = 'product_manager'
ON CONFLICT DO NOTHING;
