-- registered_user_keys holds, per mobile banking subscription, the registered-users screen's search
-- and sort keys: the customer's name, the registered mobile number and the payment account's balance.
-- These triggers keep it equal to the live values in the same transaction as every change;
-- registered_user_keys_violations() lists any row that is missing or differs (none, ever). The seed
-- bulk-loads it set-based with these triggers switched off, then checks that function.

CREATE OR REPLACE FUNCTION registered_user_keys_from_subscription() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registered_user_keys (cust_id, name, mobile_no, balance)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, a.balance
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, balance = excluded.balance;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER mbs_keys_sync AFTER INSERT OR UPDATE ON mobile_banking_subscriptions
FOR EACH ROW EXECUTE FUNCTION registered_user_keys_from_subscription();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_customer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registered_user_keys SET name = NEW.name WHERE cust_id = NEW.cust_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_keys_sync AFTER UPDATE OF name ON customers
FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name) EXECUTE FUNCTION registered_user_keys_from_customer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only a payment account has a key row; mbs_pay_account_idx finds it (or finds none) at once.
  UPDATE registered_user_keys k SET balance = NEW.balance
    FROM mobile_banking_subscriptions s
   WHERE s.pay_account_id = NEW.id AND k.cust_id = s.cust_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_keys_sync AFTER UPDATE OF balance ON accounts
FOR EACH ROW WHEN (NEW.balance IS DISTINCT FROM OLD.balance) EXECUTE FUNCTION registered_user_keys_from_account();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_violations() RETURNS TABLE(cust_id integer, problem text)
LANGUAGE sql STABLE AS $$
  SELECT s.cust_id, 'missing'
    FROM mobile_banking_subscriptions s
   WHERE NOT EXISTS (SELECT 1 FROM registered_user_keys k WHERE k.cust_id = s.cust_id)
  UNION ALL
  SELECT k.cust_id, 'differs from the customer, subscription or payment account'
    FROM registered_user_keys k
    JOIN mobile_banking_subscriptions s ON s.cust_id = k.cust_id
    JOIN customers c ON c.cust_id = s.cust_id
    JOIN accounts a ON a.id = s.pay_account_id
   WHERE (k.name, k.mobile_no, k.balance) IS DISTINCT FROM (c.name, s.mobile_no, a.balance)
$$;
--> statement-breakpoint
-- Existing subscriptions (a database migrated before this table existed).
INSERT INTO registered_user_keys (cust_id, name, mobile_no, balance)
SELECT s.cust_id, c.name, s.mobile_no, a.balance
  FROM mobile_banking_subscriptions s
  JOIN customers c ON c.cust_id = s.cust_id
  JOIN accounts a ON a.id = s.pay_account_id
ON CONFLICT (cust_id) DO NOTHING;
