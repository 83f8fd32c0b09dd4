-- registered_user_term_counts (ADR 0030): per branch, how many registered_user_keys rows a 1- or
-- 2-character term matches, as `GET /api/registered-users` matches it (ILIKE '%term%' on the name, the
-- zero-padded id and the mobile; ILIKE compares lower() of both sides in a UTF-8 database). Statement
-- triggers with transition tables keep it exact: one grouped upsert per statement, rows in key order
-- so concurrent writers lock the counts in the same order and cannot deadlock on them.

CREATE OR REPLACE FUNCTION registered_user_terms(name text, cust_id integer, mobile_no text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(f, i, l)
    FROM unnest(ARRAY[lower(name), lpad(cust_id::text, 6, '0'), lower(mobile_no)]) f,
         generate_series(1, 2) l,
         generate_series(1, char_length(f) - l + 1) i
$$;
--> statement-breakpoint
-- Inserted rows count +1 for each of their pieces, deleted rows -1; both triggers name their
-- transition table changed_rows.
CREATE OR REPLACE FUNCTION registered_user_term_counts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO registered_user_term_counts AS c (term, branch_code, n)
  SELECT t.term, r.branch_code, sign * count(*)
    FROM changed_rows r, registered_user_terms(r.name, r.cust_id, r.mobile_no) t(term)
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (term, branch_code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_term_counts_inserted AFTER INSERT ON registered_user_keys
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION registered_user_term_counts_changed();
--> statement-breakpoint
CREATE TRIGGER ruk_term_counts_deleted AFTER DELETE ON registered_user_keys
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION registered_user_term_counts_changed();
--> statement-breakpoint
-- An update (a renamed customer, a new mobile, a moved branch) is its old pieces out, its new ones in;
-- a row whose name, mobile and branch are unchanged adds nothing.
CREATE OR REPLACE FUNCTION registered_user_term_counts_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO registered_user_term_counts AS c (term, branch_code, n)
  SELECT term, branch_code, sum(d)
    FROM (SELECT t.term, o.branch_code, -1 AS d
            FROM old_rows o JOIN new_rows n ON n.cust_id = o.cust_id,
                 registered_user_terms(o.name, o.cust_id, o.mobile_no) t(term)
           WHERE (o.name, o.mobile_no, o.branch_code) IS DISTINCT FROM (n.name, n.mobile_no, n.branch_code)
          UNION ALL
          SELECT t.term, n.branch_code, 1
            FROM old_rows o JOIN new_rows n ON n.cust_id = o.cust_id,
                 registered_user_terms(n.name, n.cust_id, n.mobile_no) t(term)
           WHERE (o.name, o.mobile_no, o.branch_code) IS DISTINCT FROM (n.name, n.mobile_no, n.branch_code)) x
   GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (term, branch_code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_term_counts_updated AFTER UPDATE ON registered_user_keys
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registered_user_term_counts_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registered_user_term_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM registered_user_term_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ruk_term_counts_truncated AFTER TRUNCATE ON registered_user_keys
FOR EACH STATEMENT EXECUTE FUNCTION registered_user_term_counts_truncated();
--> statement-breakpoint
-- Recounts from registered_user_keys; a stored count of 0 and a missing row are the same.
CREATE OR REPLACE FUNCTION registered_user_term_count_violations()
RETURNS TABLE(term text, branch_code text, stored bigint, actual bigint)
LANGUAGE sql STABLE AS $$
  WITH actual AS (
    SELECT t.term, k.branch_code, count(*) AS n
      FROM registered_user_keys k, registered_user_terms(k.name, k.cust_id, k.mobile_no) t(term)
     GROUP BY 1, 2)
  SELECT coalesce(s.term, a.term), coalesce(s.branch_code, a.branch_code), coalesce(s.n, 0), coalesce(a.n, 0)
    FROM registered_user_term_counts s
    FULL JOIN actual a ON a.term = s.term AND a.branch_code = s.branch_code
   WHERE coalesce(s.n, 0) <> coalesce(a.n, 0)
$$;
--> statement-breakpoint
INSERT INTO registered_user_term_counts (term, branch_code, n)
SELECT t.term, k.branch_code, count(*)
  FROM registered_user_keys k, registered_user_terms(k.name, k.cust_id, k.mobile_no) t(term)
 GROUP BY 1, 2;
