-- Dashboard figures at 1,000,000 customers without scanning them: triggers keep running totals in
-- banking_stats. Each metric is spread over 16 slots (row id mod 16) so concurrent writers seldom
-- touch the same row; reading is a sum over at most a few dozen rows. refresh_banking_stats()
-- recomputes everything set-based (used after the bulk seed, and as a repair tool).
-- Metrics: total_customers (status <> Closed), active_customers, active_customers_kyc_complete,
-- active_loans (Active Loan accounts with balance < 0), total_deposits per currency (credit balances
-- of non-Loan accounts that are not Closed).

CREATE OR REPLACE FUNCTION banking_stats_bump(p_metric text, p_currency text, p_slot integer, p_delta numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO banking_stats AS s (metric, currency, slot, value) VALUES (p_metric, p_currency, p_slot, p_delta)
  ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d_total integer := 0;
  d_active integer := 0;
  d_kyc integer := 0;
  s integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_total := d_total - (OLD.status <> 'Closed')::integer;
    d_active := d_active - (OLD.status = 'Active')::integer;
    d_kyc := d_kyc - (OLD.status = 'Active' AND OLD.kyc_complete)::integer;
    s := OLD.cust_id % 16;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d_total := d_total + (NEW.status <> 'Closed')::integer;
    d_active := d_active + (NEW.status = 'Active')::integer;
    d_kyc := d_kyc + (NEW.status = 'Active' AND NEW.kyc_complete)::integer;
    s := NEW.cust_id % 16;
  END IF;
  IF d_total <> 0 THEN PERFORM banking_stats_bump('total_customers', '', s, d_total); END IF;
  IF d_active <> 0 THEN PERFORM banking_stats_bump('active_customers', '', s, d_active); END IF;
  IF d_kyc <> 0 THEN PERFORM banking_stats_bump('active_customers_kyc_complete', '', s, d_kyc); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_stats AFTER INSERT OR UPDATE OR DELETE ON customers
FOR EACH ROW EXECUTE FUNCTION customers_stats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_stats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d_loans integer := 0;
  old_dep numeric := 0;
  new_dep numeric := 0;
  s integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_loans := d_loans - (OLD.account_type = 'Loan' AND OLD.status = 'Active' AND OLD.balance < 0)::integer;
    IF OLD.account_type <> 'Loan' AND OLD.status <> 'Closed' THEN old_dep := greatest(OLD.balance, 0); END IF;
    s := OLD.id % 16;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d_loans := d_loans + (NEW.account_type = 'Loan' AND NEW.status = 'Active' AND NEW.balance < 0)::integer;
    IF NEW.account_type <> 'Loan' AND NEW.status <> 'Closed' THEN new_dep := greatest(NEW.balance, 0); END IF;
    s := NEW.id % 16;
  END IF;
  IF d_loans <> 0 THEN PERFORM banking_stats_bump('active_loans', '', s, d_loans); END IF;
  IF TG_OP = 'UPDATE' AND OLD.currency <> NEW.currency THEN
    -- Not reachable (accounts_guard forbids it), but keep the totals right if that ever changes.
    PERFORM banking_stats_bump('total_deposits', OLD.currency, s, -old_dep);
    PERFORM banking_stats_bump('total_deposits', NEW.currency, s, new_dep);
  ELSIF new_dep <> old_dep THEN
    PERFORM banking_stats_bump('total_deposits', coalesce(NEW.currency, OLD.currency), s, new_dep - old_dep);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_stats AFTER INSERT OR UPDATE OR DELETE ON accounts
FOR EACH ROW EXECUTE FUNCTION accounts_stats();
--> statement-breakpoint
-- Run only while no other session writes customers or accounts (the seed holds table locks then).
CREATE OR REPLACE FUNCTION refresh_banking_stats() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM banking_stats;
  INSERT INTO banking_stats (metric, currency, slot, value)
  SELECT 'total_customers', '', 0, count(*) FILTER (WHERE c.status <> 'Closed') FROM customers c
  UNION ALL
  SELECT 'active_customers', '', 0, count(*) FILTER (WHERE c.status = 'Active') FROM customers c
  UNION ALL
  SELECT 'active_customers_kyc_complete', '', 0, count(*) FILTER (WHERE c.status = 'Active' AND c.kyc_complete)
  FROM customers c
  UNION ALL
  SELECT 'active_loans', '', 0, count(*) FILTER (WHERE a.account_type = 'Loan' AND a.status = 'Active' AND a.balance < 0)
  FROM accounts a
  UNION ALL
  SELECT 'total_deposits', a.currency, 0, sum(greatest(a.balance, 0))
  FROM accounts a WHERE a.account_type <> 'Loan' AND a.status <> 'Closed' GROUP BY a.currency;
$$;
