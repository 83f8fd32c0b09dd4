CREATE TABLE "account_counts" (
	"account_type" text NOT NULL,
	"status" text NOT NULL,
	"branch_code" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_counts_account_type_status_branch_code_pk" PRIMARY KEY("account_type","status","branch_code")
);
--> statement-breakpoint
-- Kept exact by triggers: statement-level with transition tables for inserts and deletes (the seed's
-- bulk insert costs one grouped upsert), a row trigger only when type, status or branch really change
-- (a posting's balance update never fires it).
INSERT INTO account_counts (account_type, status, branch_code, n)
SELECT account_type, status, branch_code, count(*) FROM accounts GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_counts (account_type, status, branch_code, n)
  SELECT account_type, status, branch_code, count(*) FROM inserted_rows GROUP BY 1, 2, 3
  ON CONFLICT (account_type, status, branch_code) DO UPDATE SET n = account_counts.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_counts_inserted AFTER INSERT ON accounts
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION account_counts_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counts c SET n = c.n - d.n
  FROM (SELECT account_type, status, branch_code, count(*) AS n FROM deleted_rows GROUP BY 1, 2, 3) d
  WHERE (c.account_type, c.status, c.branch_code) = (d.account_type, d.status, d.branch_code);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_counts_deleted AFTER DELETE ON accounts
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION account_counts_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counts SET n = n - 1
   WHERE (account_type, status, branch_code) = (OLD.account_type, OLD.status, OLD.branch_code);
  INSERT INTO account_counts (account_type, status, branch_code, n)
  VALUES (NEW.account_type, NEW.status, NEW.branch_code, 1)
  ON CONFLICT (account_type, status, branch_code) DO UPDATE SET n = account_counts.n + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_counts_moved AFTER UPDATE OF account_type, status, branch_code ON accounts
FOR EACH ROW
WHEN ((OLD.account_type, OLD.status, OLD.branch_code) IS DISTINCT FROM (NEW.account_type, NEW.status, NEW.branch_code))
EXECUTE FUNCTION account_counts_moved();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_counts_truncated AFTER TRUNCATE ON accounts
FOR EACH STATEMENT EXECUTE FUNCTION account_counts_truncated();
