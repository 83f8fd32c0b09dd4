-- A manager's list filtered by product (or sorted by balance within one) counted up to 400,000 index
-- entries for its X-Total-Count, reading the heap wherever postings had left pages not all-visible
-- (bench:accounts, 157 ms for one product of 122,448). The product joins the kept counts' key; the
-- triggers are those of migration account_counts with the fourth column.
DELETE FROM account_counts;
--> statement-breakpoint
ALTER TABLE "account_counts" DROP CONSTRAINT "account_counts_account_type_status_branch_code_pk";
--> statement-breakpoint
ALTER TABLE "account_counts" ADD COLUMN "product_code" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_counts" ADD CONSTRAINT "account_counts_account_type_status_branch_code_product_code_pk" PRIMARY KEY("account_type","status","branch_code","product_code");
--> statement-breakpoint
INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
SELECT account_type, status, branch_code, product_code, count(*) FROM accounts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
  SELECT account_type, status, branch_code, product_code, count(*) FROM inserted_rows GROUP BY 1, 2, 3, 4
  ON CONFLICT (account_type, status, branch_code, product_code) DO UPDATE SET n = account_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counts c SET n = c.n - d.n
  FROM (SELECT account_type, status, branch_code, product_code, count(*) AS n FROM deleted_rows GROUP BY 1, 2, 3, 4) d
  WHERE (c.account_type, c.status, c.branch_code, c.product_code) = (d.account_type, d.status, d.branch_code, d.product_code);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counts SET n = n - 1
   WHERE (account_type, status, branch_code, product_code) = (OLD.account_type, OLD.status, OLD.branch_code, OLD.product_code);
  INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
  VALUES (NEW.account_type, NEW.status, NEW.branch_code, NEW.product_code, 1)
  ON CONFLICT (account_type, status, branch_code, product_code) DO UPDATE SET n = account_counts.n + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER account_counts_moved ON accounts;
--> statement-breakpoint
CREATE TRIGGER account_counts_moved AFTER UPDATE OF account_type, status, branch_code, product_code ON accounts
FOR EACH ROW
WHEN ((OLD.account_type, OLD.status, OLD.branch_code, OLD.product_code) IS DISTINCT FROM (NEW.account_type, NEW.status, NEW.branch_code, NEW.product_code))
EXECUTE FUNCTION account_counts_moved();
