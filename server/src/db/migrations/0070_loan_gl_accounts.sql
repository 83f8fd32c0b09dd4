-- The GL accounts loan products map to (docs/loan-products.md). Loans are a sub-ledger of a control account
-- per currency, as deposits are: 1410 holds the Leone loans, 1411 the US dollar ones. Interest
-- receivable keeps 1420; loans earn into income accounts of their own, so the income statement shows
-- lending apart from the other interest, fees and commissions.
INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control) VALUES
  ('1411', 'Loans and advances to customers – foreign currency', 'account', '14', 'asset', 'USD', 'debit', false, true),
  ('4011', 'Interest income on loans', 'account', '40', 'income', 'both', 'credit', true, false),
  ('4021', 'Loan fee income', 'account', '40', 'income', 'both', 'credit', true, false),
  ('4040', 'Penalty income on loans', 'account', '40', 'income', 'both', 'credit', true, false)
ON CONFLICT (code) DO NOTHING;
