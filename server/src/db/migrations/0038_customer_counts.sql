CREATE TABLE "customer_counts" (
	"type" text NOT NULL,
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"risk" text NOT NULL,
	"kyc_complete" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_type_status_branch_code_risk_kyc_complete_pk" PRIMARY KEY("type","status","branch_code","risk","kyc_complete")
);
--> statement-breakpoint
-- Kept exact by triggers, as account_counts: statement-level with transition tables for inserts and
-- deletes (the seed's bulk insert costs one grouped upsert), a row trigger only when one of the five
-- columns really changes (an edit of a name or an address that leaves KYC as it was fires nothing).
INSERT INTO customer_counts (type, status, branch_code, risk, kyc_complete, n)
SELECT type, status, branch_code, coalesce(risk_override, risk_rating), kyc_complete, count(*)
FROM customers GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts (type, status, branch_code, risk, kyc_complete, n)
  SELECT type, status, branch_code, coalesce(risk_override, risk_rating), kyc_complete, count(*)
  FROM inserted_rows GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (type, status, branch_code, risk, kyc_complete) DO UPDATE SET n = customer_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_inserted AFTER INSERT ON customers
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts c SET n = c.n - d.n
  FROM (SELECT type, status, branch_code, coalesce(risk_override, risk_rating) AS risk, kyc_complete, count(*) AS n
        FROM deleted_rows GROUP BY 1, 2, 3, 4, 5) d
  WHERE (c.type, c.status, c.branch_code, c.risk, c.kyc_complete) = (d.type, d.status, d.branch_code, d.risk, d.kyc_complete);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_deleted AFTER DELETE ON customers
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts SET n = n - 1
   WHERE (type, status, branch_code, risk, kyc_complete)
       = (OLD.type, OLD.status, OLD.branch_code, coalesce(OLD.risk_override, OLD.risk_rating), OLD.kyc_complete);
  INSERT INTO customer_counts (type, status, branch_code, risk, kyc_complete, n)
  VALUES (NEW.type, NEW.status, NEW.branch_code, coalesce(NEW.risk_override, NEW.risk_rating), NEW.kyc_complete, 1)
  ON CONFLICT (type, status, branch_code, risk, kyc_complete) DO UPDATE SET n = customer_counts.n + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- kyc_complete is a generated column: it cannot be named in UPDATE OF, so the WHEN clause decides
-- (an AFTER trigger sees the generated value).
CREATE TRIGGER customer_counts_moved AFTER UPDATE ON customers
FOR EACH ROW
WHEN ((OLD.type, OLD.status, OLD.branch_code, coalesce(OLD.risk_override, OLD.risk_rating), OLD.kyc_complete)
      IS DISTINCT FROM (NEW.type, NEW.status, NEW.branch_code, coalesce(NEW.risk_override, NEW.risk_rating), NEW.kyc_complete))
EXECUTE FUNCTION customer_counts_moved();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_truncated AFTER TRUNCATE ON customers
FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_truncated();
