-- Two statements inserting accounts side by side (the seed's parallel ranges) deadlocked in
-- account_counts: each took its keys' row locks in its own hash-aggregate order, and each waited for
-- a key the other held. Upserting the keys in one order (ORDER BY) means one simply waits for the
-- other. customer_counts has the same shape.
CREATE OR REPLACE FUNCTION account_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
  SELECT account_type, status, branch_code, product_code, count(*) FROM inserted_rows GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_type, status, branch_code, product_code) DO UPDATE SET n = account_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts (type, status, branch_code, risk, kyc_complete, n)
  SELECT type, status, branch_code, coalesce(risk_override, risk_rating), kyc_complete, count(*)
  FROM inserted_rows GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (type, status, branch_code, risk, kyc_complete) DO UPDATE SET n = customer_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
