-- Payments (issue 19): the new permissions go to the seeded roles that do the work (contracts'
-- seed-roles.ts says the same; roles-seed.test.ts compares them), and the standing orders' run rules
-- start as "no retry, no fee".
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['treasury.rates', 'payments.bulk', 'standing_orders.manage']::text[]) AS p
WHERE "key" = 'accountant'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, p FROM "roles", unnest(ARRAY['payments.bulk', 'standing_orders.manage', 'standing_orders.run']::text[]) AS p
WHERE "key" = 'branch_manager'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "description" = 'Posts manual journals and transfers, enters the day’s exchange rates, uploads salary files and registers standing orders; runs reports. Does not open customers.'
WHERE "key" = 'accountant';--> statement-breakpoint
INSERT INTO "standing_order_options" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Occurrence n of a standing order counted from its anchor date. Months add from the anchor each
-- time (Jan 31 → Feb 28 → Mar 31), so a month-end order never drifts to the 28th.
CREATE OR REPLACE FUNCTION standing_order_date(anchor date, frequency text, n integer) RETURNS date
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (anchor + n * CASE frequency
    WHEN 'weekly' THEN interval '7 days'
    WHEN 'monthly' THEN interval '1 month'
    WHEN 'quarterly' THEN interval '3 months'
    ELSE interval '1 year' END)::date
$$;
