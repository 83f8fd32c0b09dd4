-- Scheduled reports (ADR 0059) needed `reports.schedule`, which no seeded role held: only a superuser
-- could schedule a report for a role or retry a failed scheduled run. The Operations Officer, who runs
-- end of day and with it the step that queues scheduled reports, now holds it. It moves no money, so
-- it meets no toxic combination (contracts' seed-roles.ts says the same; roles-seed.test.ts compares).
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT id, 'reports.schedule' FROM "roles" WHERE "key" = 'operations'
ON CONFLICT DO NOTHING;
