-- The roles the bank starts with (ADR 0015), exactly packages/contracts/src/seed-roles.ts
-- (roles-seed.test.ts compares).
INSERT INTO "roles" ("key", "name", "description") VALUES ('officer', 'Officer', 'What every activated member of staff could do before roles: account enquiry and statements, mobile-banking subscribers, and postings (over Le 50,000 they need a second person), in every branch.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'mobile_banking.read', 'mobile_banking.manage', 'journal.post', 'branches.all']::text[]) AS p WHERE "key" = 'officer';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'SLE', '50000.00', '50000.00', '50000.00', '0.00' FROM "roles" WHERE "key" = 'officer';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'USD', '1000.00', '1000.00', '1000.00', '0.00' FROM "roles" WHERE "key" = 'officer';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('teller', 'Teller', 'Cash deposits and withdrawals at the counter of the home branch.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'teller.cash', 'journal.post']::text[]) AS p WHERE "key" = 'teller';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'SLE', '20000.00', '20000.00', '20000.00', '0.00' FROM "roles" WHERE "key" = 'teller';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'USD', '500.00', '500.00', '500.00', '0.00' FROM "roles" WHERE "key" = 'teller';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('supervisor', 'Head Teller / Supervisor', 'Runs the tellers and the vault of a branch; approves postings over a teller’s limit.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'teller.cash', 'teller.vault', 'transfers.create', 'journal.post', 'journal.approve', 'approvals.decide', 'postings.reverse']::text[]) AS p WHERE "key" = 'supervisor';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'SLE', '200000.00', '200000.00', '200000.00', '1000000.00' FROM "roles" WHERE "key" = 'supervisor';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'USD', '5000.00', '5000.00', '5000.00', '20000.00' FROM "roles" WHERE "key" = 'supervisor';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('cso', 'Customer Service Officer', 'Opens customers and accounts and looks after mobile-banking subscriptions.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'customers.create', 'accounts.open', 'mobile_banking.read', 'mobile_banking.manage']::text[]) AS p WHERE "key" = 'cso';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('accountant', 'Accountant', 'Posts manual journals and transfers; runs reports. Does not open customers.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'journal.post', 'transfers.create', 'reports.read']::text[]) AS p WHERE "key" = 'accountant';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'SLE', null, '1000000.00', '1000000.00', '0.00' FROM "roles" WHERE "key" = 'accountant';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'USD', null, '20000.00', '20000.00', '0.00' FROM "roles" WHERE "key" = 'accountant';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('branch_manager', 'Branch Manager', 'Everything in the branch, and the approvals of large amounts.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'customers.create', 'customers.approve', 'accounts.open', 'accounts.approve', 'accounts.block', 'transfers.create', 'journal.post', 'journal.approve', 'approvals.decide', 'postings.reverse', 'reports.read', 'mobile_banking.read']::text[]) AS p WHERE "key" = 'branch_manager';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'SLE', '1000000.00', '1000000.00', '1000000.00', '10000000.00' FROM "roles" WHERE "key" = 'branch_manager';--> statement-breakpoint
INSERT INTO "role_limits" ("role_id", "currency", "max_cash_withdrawal", "max_transfer", "max_manual_journal", "max_approval") SELECT id, 'USD', '20000.00', '20000.00', '20000.00', '200000.00' FROM "roles" WHERE "key" = 'branch_manager';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('compliance', 'Compliance Officer', 'Approves customers and KYC; reads the audit trail across branches.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'customers.approve', 'approvals.decide', 'audit.read', 'reports.read', 'branches.all']::text[]) AS p WHERE "key" = 'compliance';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('auditor', 'Auditor', 'Reads everything in every branch and changes nothing.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['enquiries.read', 'customers.read', 'mobile_banking.read', 'reports.read', 'audit.read', 'roles.read', 'branches.all']::text[]) AS p WHERE "key" = 'auditor';--> statement-breakpoint
INSERT INTO "roles" ("key", "name", "description") VALUES ('it_security', 'IT Security Administrator', 'Administers staff users, roles and access; another administrator approves each change.');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT id, p FROM "roles", unnest(ARRAY['staff.manage', 'roles.read', 'roles.manage', 'approvals.decide', 'audit.read', 'branches.all']::text[]) AS p WHERE "key" = 'it_security';--> statement-breakpoint
-- Everyone activated today keeps what they can do: the Officer role.
INSERT INTO "staff_roles" ("user_id", "role_id") SELECT s.user_id, r.id FROM "staff" s, "roles" r WHERE s.approved AND r."key" = 'officer';--> statement-breakpoint
-- Activation (approve, grant superuser, first-user bootstrap, or a direct update) gives a member of staff
-- with no role the Officer role, so activating someone keeps meaning what it meant before roles.
CREATE FUNCTION staff_default_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.approved AND (TG_OP = 'INSERT' OR NOT OLD.approved)
     AND NOT EXISTS (SELECT 1 FROM staff_roles WHERE user_id = NEW.user_id) THEN
    INSERT INTO staff_roles (user_id, role_id) SELECT NEW.user_id, id FROM roles WHERE "key" = 'officer'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER staff_default_role AFTER INSERT OR UPDATE OF approved ON "staff"
  FOR EACH ROW EXECUTE FUNCTION staff_default_role();
