-- The chart of accounts of a Sierra Leone commercial bank, replacing ledger_codes (the old codes
-- 1410 and 2010–2040 keep their numbers as control accounts), and the migration of every existing
-- single-entry posting (docs/decisions/0011-double-entry-ledger.md): each customer account that has
-- postings gets ONE opening journal entry, dated today, made of all its existing postings plus one
-- line on 3090 Opening balance equity for the opposite of its balance. The trial balance then nets to
-- zero in both currencies, and every account's history and running balances stay as they were.

INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control) VALUES
  ('1', 'Assets', 'class', NULL, 'asset', 'both', 'debit', false, false),
  ('2', 'Liabilities', 'class', NULL, 'liability', 'both', 'credit', false, false),
  ('3', 'Equity', 'class', NULL, 'equity', 'both', 'credit', false, false),
  ('4', 'Income', 'class', NULL, 'income', 'both', 'credit', false, false),
  ('5', 'Expenses', 'class', NULL, 'expense', 'both', 'debit', false, false),
  ('10', 'Cash and balances with banks', 'group', '1', 'asset', 'both', 'debit', false, false),
  ('14', 'Loans and advances', 'group', '1', 'asset', 'both', 'debit', false, false),
  ('18', 'Other assets', 'group', '1', 'asset', 'both', 'debit', false, false),
  ('20', 'Customer deposits', 'group', '2', 'liability', 'both', 'credit', false, false),
  ('25', 'Other liabilities', 'group', '2', 'liability', 'both', 'credit', false, false),
  ('30', 'Capital and reserves', 'group', '3', 'equity', 'both', 'credit', false, false),
  ('40', 'Operating income', 'group', '4', 'income', 'both', 'credit', false, false),
  ('50', 'Operating expenses', 'group', '5', 'expense', 'both', 'debit', false, false),
  ('1010', 'Cash in vault', 'account', '10', 'asset', 'both', 'debit', false, false),
  ('1030', 'Balances with Bank of Sierra Leone', 'account', '10', 'asset', 'SLE', 'debit', true, false),
  ('1040', 'Nostro accounts (USD)', 'account', '10', 'asset', 'USD', 'debit', true, false),
  ('1410', 'Loans and advances to customers', 'account', '14', 'asset', 'SLE', 'debit', false, true),
  ('1420', 'Interest receivable', 'account', '14', 'asset', 'both', 'debit', true, false),
  ('1810', 'Foreign exchange position', 'account', '18', 'asset', 'both', 'debit', false, false),
  ('1900', 'Suspense account', 'account', '18', 'asset', 'both', 'debit', true, false),
  ('2010', 'Current accounts – Leone', 'account', '20', 'liability', 'SLE', 'credit', false, true),
  ('2011', 'Current accounts – foreign currency', 'account', '20', 'liability', 'USD', 'credit', false, true),
  ('2020', 'Savings deposits – Leone', 'account', '20', 'liability', 'SLE', 'credit', false, true),
  ('2021', 'Domiciliary savings – foreign currency', 'account', '20', 'liability', 'USD', 'credit', false, true),
  ('2030', 'Fixed deposits – Leone', 'account', '20', 'liability', 'SLE', 'credit', false, true),
  ('2031', 'Fixed deposits – foreign currency', 'account', '20', 'liability', 'USD', 'credit', false, true),
  ('2040', 'Mobile wallet balances', 'account', '20', 'liability', 'SLE', 'credit', false, true),
  ('2510', 'Interest payable', 'account', '25', 'liability', 'both', 'credit', true, false),
  ('2520', 'Withholding tax payable to NRA', 'account', '25', 'liability', 'SLE', 'credit', true, false),
  ('3010', 'Share capital', 'account', '30', 'equity', 'SLE', 'credit', false, false),
  ('3020', 'Retained earnings', 'account', '30', 'equity', 'both', 'credit', true, false),
  ('3090', 'Opening balance equity', 'account', '30', 'equity', 'both', 'credit', false, false),
  ('4010', 'Interest income', 'account', '40', 'income', 'both', 'credit', true, false),
  ('4020', 'Fee and commission income', 'account', '40', 'income', 'both', 'credit', true, false),
  ('4030', 'Foreign exchange gain', 'account', '40', 'income', 'both', 'credit', true, false),
  ('5010', 'Interest expense', 'account', '50', 'expense', 'both', 'debit', true, false),
  ('5020', 'Cash shortage and overage', 'account', '50', 'expense', 'both', 'debit', true, false),
  ('5030', 'Foreign exchange loss', 'account', '50', 'expense', 'both', 'debit', true, false);
--> statement-breakpoint
ALTER TABLE gl_accounts ADD CONSTRAINT gl_accounts_parent_fk FOREIGN KEY (parent_code) REFERENCES gl_accounts(code);
--> statement-breakpoint
ALTER TABLE gl_accounts ADD CONSTRAINT gl_accounts_branch_fk FOREIGN KEY (branch_code) REFERENCES branches(code);
--> statement-breakpoint
-- Cash at tellers is one account per branch (1020-<branch code>), under group 10; new branches get
-- theirs from the trigger below.
CREATE OR REPLACE FUNCTION branches_teller_cash() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
  VALUES ('1020-' || NEW.code, 'Cash at tellers – ' || NEW.name, 'account', '10', 'asset', 'both', 'debit', false, false, NEW.code)
  ON CONFLICT (code) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER branches_teller_cash AFTER INSERT ON branches FOR EACH ROW EXECUTE FUNCTION branches_teller_cash();
--> statement-breakpoint
INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
SELECT '1020-' || code, 'Cash at tellers – ' || name, 'account', '10', 'asset', 'both', 'debit', false, false, code FROM branches
;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_ledger_code_gl_accounts_code_fk" FOREIGN KEY ("ledger_code") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ledger_code_gl_accounts_code_fk" FOREIGN KEY ("ledger_code") REFERENCES "public"."gl_accounts"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One opening entry per account with postings; its id is the account's id, so no lookup is needed.
INSERT INTO journal_entries (id, business_date, value_date, narration, source, reference, posted_at)
SELECT a.id, current_date, max(t.value_date), 'Opening balance brought forward (migration to double entry)',
       'migration', 'MIG-' || a.id, now()
FROM accounts a JOIN transactions t ON t.account_id = a.id
GROUP BY a.id;
--> statement-breakpoint
ALTER TABLE transactions DISABLE TRIGGER transactions_append_only;
--> statement-breakpoint
UPDATE transactions SET entry_id = account_id;
--> statement-breakpoint
ALTER TABLE transactions ENABLE TRIGGER transactions_append_only;
--> statement-breakpoint
INSERT INTO gl_lines (entry_id, gl_code, currency, side, amount)
SELECT a.id, '3090', a.currency, CASE WHEN a.balance > 0 THEN 'debit' ELSE 'credit' END, abs(a.balance)
FROM accounts a WHERE a.balance <> 0;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('journal_entries', 'id'), coalesce((SELECT max(id) FROM journal_entries), 0) + 1, false);
--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "entry_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;
