-- Branch scope (ADR 0015): the registered-users list is branch-scoped like the other lists.
-- registered_user_keys carries the customer's branch (kept by the same triggers as its other keys), so
-- a branch-scoped page walks the branch's own sort index instead of probing customers row by row.
ALTER TABLE "registered_user_keys" ADD COLUMN "branch_code" text;--> statement-breakpoint
UPDATE "registered_user_keys" k SET "branch_code" = c."branch_code" FROM "customers" c WHERE c."cust_id" = k."cust_id";--> statement-breakpoint
ALTER TABLE "registered_user_keys" ALTER COLUMN "branch_code" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ruk_branch_id_idx" ON "registered_user_keys" USING btree ("branch_code","cust_id","name","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_branch_name_idx" ON "registered_user_keys" USING btree ("branch_code","name","cust_id","mobile_no");--> statement-breakpoint
CREATE INDEX "ruk_branch_mobile_idx" ON "registered_user_keys" USING btree ("branch_code","mobile_no","cust_id","name");--> statement-breakpoint
CREATE INDEX "ruk_branch_balance_idx" ON "registered_user_keys" USING btree ("branch_code","balance","cust_id","name","mobile_no");--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_subscription() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registered_user_keys (cust_id, name, mobile_no, balance, branch_code)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, a.balance, c.branch_code
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, balance = excluded.balance,
        branch_code = excluded.branch_code;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_keys_from_customer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registered_user_keys SET name = NEW.name, branch_code = NEW.branch_code WHERE cust_id = NEW.cust_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER customers_keys_sync ON customers;--> statement-breakpoint
CREATE TRIGGER customers_keys_sync AFTER UPDATE OF name, branch_code ON customers
FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.branch_code IS DISTINCT FROM OLD.branch_code)
EXECUTE FUNCTION registered_user_keys_from_customer();
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
   WHERE (k.name, k.mobile_no, k.balance, k.branch_code) IS DISTINCT FROM (c.name, s.mobile_no, a.balance, c.branch_code)
  UNION ALL
  SELECT NULL, 'registered_user_count is ' || coalesce((SELECT n::text FROM registered_user_count), 'missing')
         || ', registered_user_keys has ' || (SELECT count(*) FROM registered_user_keys)
   WHERE (SELECT n FROM registered_user_count) IS DISTINCT FROM (SELECT count(*) FROM registered_user_keys)
$$;
