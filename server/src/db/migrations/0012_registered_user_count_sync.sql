-- registered_user_count.n = count(*) of registered_user_keys, kept by statement-level triggers with
-- transition tables (one UPDATE per statement, so the seed's bulk insert costs one count of its own
-- rows). registered_user_keys_violations() now also reports a wrong count.

INSERT INTO registered_user_count (id, n) SELECT true, count(*) FROM registered_user_keys;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registered_user_count SET n = n + (SELECT count(*) FROM inserted_rows) WHERE id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_count_inserted AFTER INSERT ON registered_user_keys
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION registered_user_count_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_count_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registered_user_count SET n = n - (SELECT count(*) FROM deleted_rows) WHERE id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_count_deleted AFTER DELETE ON registered_user_keys
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION registered_user_count_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_count_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registered_user_count SET n = 0 WHERE id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_count_truncated AFTER TRUNCATE ON registered_user_keys
FOR EACH STATEMENT EXECUTE FUNCTION registered_user_count_truncated();
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
  UNION ALL
  SELECT NULL, 'registered_user_count is ' || coalesce((SELECT n::text FROM registered_user_count), 'missing')
         || ', registered_user_keys has ' || (SELECT count(*) FROM registered_user_keys)
   WHERE (SELECT n FROM registered_user_count) IS DISTINCT FROM (SELECT count(*) FROM registered_user_keys)
$$;
