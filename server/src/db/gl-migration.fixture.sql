-- Single-entry data as the schema before the general ledger held it (migration 0014): two branches,
-- the old ledger codes, four accounts in both currencies (a loan among them), and their postings.
insert into branches (code, name, town) values ('001', 'Freetown Main', 'Freetown'), ('002', 'Bo', 'Bo');
insert into ledger_codes (code, name, category) values
  ('2010', 'Current accounts – Leone', 'liability'), ('2021', 'Domiciliary savings – foreign currency', 'liability'),
  ('2020', 'Savings deposits – Leone', 'liability'), ('1410', 'Loans and advances to customers', 'asset');
insert into products (code, name, account_type, currency, ledger_code) values
  ('CUR-SLE', 'Le Current Account', 'Current', 'SLE', '2010'), ('SAV-USD', 'Domiciliary Savings (USD)', 'Savings', 'USD', '2021'),
  ('SAV-SLE', 'Le Savings Account', 'Savings', 'SLE', '2020'), ('LN-SLE', 'Personal and SME Loan', 'Loan', 'SLE', '1410');
insert into customers (name, type, mobile_no, status, branch_code) values
  ('Aminata Kamara', 'private', '+23276000001', 'Active', '001'), ('Mohamed Bangura', 'private', '+23276000002', 'Active', '002');
insert into accounts (account_number, cust_id, product_code, account_type, currency, opened_on, branch_code, ledger_code, overdraft_limit) values
  ('0010001', 1, 'CUR-SLE', 'Current', 'SLE', '2025-01-01', '001', '2010', 1000),
  ('0010002', 1, 'SAV-USD', 'Savings', 'USD', '2025-01-01', '001', '2021', 0),
  ('0020001', 2, 'SAV-SLE', 'Savings', 'SLE', '2025-02-01', '002', '2020', 0),
  ('0020002', 2, 'LN-SLE', 'Loan', 'SLE', '2025-02-01', '002', '1410', 0),
  ('0020003', 2, 'SAV-SLE', 'Savings', 'SLE', '2025-02-01', '002', '2020', 0);
insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference) values
  (1, '2025-01-02 10:00Z', '2025-01-02', 'Opening deposit', 5000, 'credit', 5000, 'TX000000000001'),
  (1, '2025-01-05 10:00Z', '2025-01-05', 'Cash withdrawal', 5600, 'debit', -600, 'TX000000000002'),
  (2, '2025-01-02 11:00Z', '2025-01-02', 'Opening deposit', 250.75, 'credit', 250.75, 'TX000000000003'),
  (3, '2025-02-02 09:00Z', '2025-02-02', 'Opening deposit', 120, 'credit', 120, 'TX000000000004'),
  (3, '2025-02-03 09:00Z', '2025-02-03', 'Cash withdrawal', 120, 'debit', 0, 'TX000000000005'),
  (4, '2025-02-02 12:00Z', '2025-02-02', 'Loan disbursement', 10000, 'debit', -10000, 'TX000000000006'),
  (4, '2025-03-02 12:00Z', '2025-03-02', 'Loan repayment', 1500.50, 'credit', -8499.50, 'TX000000000007');
