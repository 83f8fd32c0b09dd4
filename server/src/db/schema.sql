-- The database as the migrations leave it (pg_dump --schema-only of a freshly migrated database).
-- Generated: change a rule with a new migration, then `npm run db:schema` rewrites this file, and
-- CI fails while the two disagree (docs/decisions/0036-database-rules-in-one-snapshot.md).

--
-- PostgreSQL database dump
--

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

--
-- Name: account_number; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.account_number AS text
	CONSTRAINT account_number_check CHECK (
CASE
    WHEN (VALUE ~ '^[0-9]{13}$'::text) THEN (((VALUE)::bigint % (97)::bigint) = 1)
    ELSE false
END);

--
-- Name: account_status; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.account_status AS text
	CONSTRAINT account_status_check CHECK ((VALUE = ANY (ARRAY['Submitted'::text, 'Approved'::text, 'Active'::text, 'Dormant'::text, 'Blocked'::text, 'Closed'::text, 'Rejected'::text])));

--
-- Name: account_type; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.account_type AS text
	CONSTRAINT account_type_check CHECK ((VALUE = ANY (ARRAY['Current'::text, 'Savings'::text, 'Fixed Deposit'::text, 'Loan'::text, 'Mobile Wallet'::text])));

--
-- Name: currency_code; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.currency_code AS text
	CONSTRAINT currency_code_check CHECK ((VALUE = ANY (ARRAY['SLE'::text, 'USD'::text])));

--
-- Name: exchange_rate; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.exchange_rate AS numeric(16,6);

--
-- Name: journal_source; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.journal_source AS text;

--
-- Name: non_negative_money; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.non_negative_money AS numeric(18,2)
	CONSTRAINT non_negative_money_check CHECK ((VALUE >= (0)::numeric));

--
-- Name: positive_money; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.positive_money AS numeric(18,2);

--
-- Name: posting_side; Type: DOMAIN; Schema: public; Owner: -
--

CREATE DOMAIN public.posting_side AS text;

--
-- Name: account_counts_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_counts_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE account_counts c SET n = c.n - d.n
  FROM (SELECT account_type, status, branch_code, product_code, count(*) AS n FROM deleted_rows GROUP BY 1, 2, 3, 4) d
  WHERE (c.account_type, c.status, c.branch_code, c.product_code) = (d.account_type, d.status, d.branch_code, d.product_code);
  RETURN NULL;
END;
$$;

--
-- Name: account_counts_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_counts_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
  SELECT account_type, status, branch_code, product_code, count(*) FROM inserted_rows GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_type, status, branch_code, product_code) DO UPDATE SET n = account_counts.n + excluded.n;
  RETURN NULL;
END;
$$;

--
-- Name: account_counts_moved(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_counts_moved() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE account_counts SET n = n - 1
   WHERE (account_type, status, branch_code, product_code) = (OLD.account_type, OLD.status, OLD.branch_code, OLD.product_code);
  INSERT INTO account_counts (account_type, status, branch_code, product_code, n)
  VALUES (NEW.account_type, NEW.status, NEW.branch_code, NEW.product_code, 1)
  ON CONFLICT (account_type, status, branch_code, product_code) DO UPDATE SET n = account_counts.n + 1;
  RETURN NULL;
END;
$$;

--
-- Name: account_counts_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM account_counts;
  RETURN NULL;
END;
$$;

--
-- Name: account_held(bigint, numeric); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_held(p_account bigint, p_held numeric) RETURNS numeric
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  IF p_held = 0 THEN
    RETURN 0::numeric(18,2);
  END IF;
  RETURN (SELECT coalesce(sum(amount), 0)::numeric(18,2) FROM account_holds
           WHERE account_id = p_account AND released_at IS NULL
             AND (expires_on IS NULL OR expires_on >= current_business_date()));
END;
$$;

--
-- Name: account_holds_sync(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_holds_sync() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  acct bigint := coalesce(NEW.account_id, OLD.account_id);
BEGIN
  UPDATE accounts SET held = account_held(acct, 1) WHERE id = acct;
  RETURN NULL;
END;
$$;

--
-- Name: account_number_valid(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_number_valid(n text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  SELECT CASE WHEN n IS NULL THEN NULL WHEN n ~ '^[0-9]{13}$' THEN n::bigint % 97 = 1 ELSE false END
$_$;

--
-- Name: account_search_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_search_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE account_search
     SET account_number = NEW.account_number, cust_id = NEW.cust_id, account_type = NEW.account_type,
         status = NEW.status, branch_code = NEW.branch_code, product_code = NEW.product_code,
         overdrawn_since = NEW.overdrawn_since, opened_on = NEW.opened_on, maturity_date = NEW.maturity_date,
         balance_band = NEW.balance_band,
         name = CASE WHEN NEW.cust_id = OLD.cust_id THEN name
                     ELSE (SELECT c.name FROM customers c WHERE c.cust_id = NEW.cust_id) END
   WHERE id = NEW.id;
  RETURN NULL;
END;
$$;

--
-- Name: account_search_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_search_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM account_search s USING deleted_rows d WHERE s.id = d.id;
  RETURN NULL;
END;
$$;

--
-- Name: account_search_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_search_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO account_search (id, account_number, cust_id, account_type, status, branch_code, product_code,
                              overdrawn_since, opened_on, maturity_date, balance_band, name)
  SELECT n.id, n.account_number, n.cust_id, n.account_type, n.status, n.branch_code, n.product_code,
         n.overdrawn_since, n.opened_on, n.maturity_date, n.balance_band, c.name
  FROM inserted_rows n JOIN customers c ON c.cust_id = n.cust_id;
  RETURN NULL;
END;
$$;

--
-- Name: account_search_renamed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_search_renamed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE account_search s SET name = NEW.name FROM accounts a WHERE a.cust_id = NEW.cust_id AND s.id = a.id;
  RETURN NULL;
END;
$$;

--
-- Name: account_search_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_search_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- DELETE, not TRUNCATE: a TRUNCATE that lists account_search too (the seed's reset) holds it open.
  DELETE FROM account_search;
  RETURN NULL;
END;
$$;

--
-- Name: account_within_limit(text, numeric, numeric); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.account_within_limit(account_type text, balance numeric, overdraft_limit numeric) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT CASE WHEN account_type = 'Loan' THEN balance <= 0 ELSE balance >= -overdraft_limit END
$$;

--
-- Name: accounts_control_mapping(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accounts_control_mapping() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.product_code IS DISTINCT FROM OLD.product_code OR NEW.ledger_code IS DISTINCT FROM OLD.ledger_code) THEN
    RAISE EXCEPTION 'the product and control account of account % cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM products p WHERE p.code = NEW.product_code AND p.ledger_code = NEW.ledger_code AND p.currency = NEW.currency) THEN
    RAISE EXCEPTION 'account % must use its product''s control account and currency', NEW.account_number
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: accounts_guard(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accounts_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 OR NEW.balance_band <> 0 THEN
      RAISE EXCEPTION 'a new account starts at 0.00; post an opening transaction instead'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.currency IS DISTINCT FROM OLD.currency OR NEW.id IS DISTINCT FROM OLD.id THEN
    RAISE EXCEPTION 'the id and currency of account % cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_immutable_identity';
  END IF;
  -- Depth 1 is a statement from a client; the posting triggers' own UPDATEs run at depth 2.
  IF (NEW.balance, NEW.balance_band) IS DISTINCT FROM (OLD.balance, OLD.balance_band) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'the balance of account % changes only through postings', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_via_postings';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: accounts_limits_kept(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accounts_limits_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (NEW.status = 'Blocked') <> (NEW.block_kind IS NOT NULL) THEN
    RAISE EXCEPTION 'account %: a block kind is set exactly when the account is Blocked (status %, block kind %)',
      NEW.account_number, NEW.status, coalesce(NEW.block_kind, 'none')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_block_kind_check';
  END IF;
  IF NOT account_within_limit(NEW.account_type, NEW.balance, NEW.overdraft_limit) THEN
    RAISE EXCEPTION 'account % would leave its limit: balance % (%)', NEW.account_number, NEW.balance,
      CASE WHEN NEW.account_type = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || NEW.overdraft_limit END
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: accounts_stats(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.accounts_stats() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  d_loans integer := 0;
  old_dep numeric := 0;
  new_dep numeric := 0;
  s integer;
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('ledger.bulk_applying', true) = 'on'
     AND NEW.status = OLD.status AND NEW.account_type = OLD.account_type THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d_loans := d_loans - (OLD.account_type = 'Loan' AND OLD.status = 'Active' AND OLD.balance < 0)::integer;
    IF OLD.account_type <> 'Loan' AND OLD.status <> 'Closed' THEN old_dep := greatest(OLD.balance, 0); END IF;
    s := banking_stats_slot(OLD.id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d_loans := d_loans + (NEW.account_type = 'Loan' AND NEW.status = 'Active' AND NEW.balance < 0)::integer;
    IF NEW.account_type <> 'Loan' AND NEW.status <> 'Closed' THEN new_dep := greatest(NEW.balance, 0); END IF;
    s := banking_stats_slot(NEW.id);
  END IF;
  IF d_loans <> 0 THEN PERFORM banking_stats_bump('active_loans', '', s, d_loans); END IF;
  IF TG_OP = 'UPDATE' AND OLD.currency <> NEW.currency THEN
    PERFORM banking_stats_bump('total_deposits', OLD.currency, s, -old_dep);
    PERFORM banking_stats_bump('total_deposits', NEW.currency, s, new_dep);
  ELSIF new_dep <> old_dep THEN
    PERFORM banking_stats_bump('total_deposits', coalesce(NEW.currency, OLD.currency), s, new_dep - old_dep);
  END IF;
  RETURN NULL;
END;
$$;

--
-- Name: aml_case_attachments_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.aml_case_attachments_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'case evidence is never changed or deleted: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

--
-- Name: aml_ctr_filed_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.aml_ctr_filed_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'what a CTR filing carried is never changed: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;

--
-- Name: aml_ctr_filings_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.aml_ctr_filings_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.fiu_reference IS NULL
     AND to_jsonb(NEW) - ARRAY['fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at']
       = to_jsonb(OLD) - ARRAY['fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a CTR filing is never changed or deleted: % is not allowed; file a correction instead', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

--
-- Name: aml_str_reports_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.aml_str_reports_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('draft', 'pending_approval') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'approved' AND NEW.status = 'submitted'
     AND to_jsonb(NEW) - ARRAY['status', 'fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at']
       = to_jsonb(OLD) - ARRAY['status', 'fiu_submitted_on', 'fiu_reference', 'submitted_by', 'submitted_at'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'an STR is never deleted, nor changed once approved: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

--
-- Name: audit_log_append_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

--
-- Name: audit_log_chain(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  last_hash text;
  pads_hex text := current_setting('bankmanager.audit_key', true);
  pads bytea;
  stripe smallint := (txid_current() % 8)::smallint;
  head text := current_setting('bankmanager.audit_head', true);
  ignored text;
BEGIN
  IF pads_hex IS NULL OR length(pads_hex) <> 256 THEN
    RAISE EXCEPTION 'audit_log: rows are written by the application only (no audit key in this transaction)'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.chain := stripe;
  IF head LIKE stripe || ':%' THEN
    -- This transaction holds the stripe's lock and wrote its head.
    last_hash := substr(head, length(stripe::text) + 2);
  ELSE
    -- One writer at a time extends a chain; the lock is held until the writer's transaction ends.
    PERFORM pg_advisory_xact_lock(727274002, stripe);
    -- The newest row at or below (stripe, max id), kept only if it is the stripe's: ordered by both
    -- columns with no equality on the chain, the (chain, id) index is the only order the planner
    -- has (see the header).
    SELECT x.hash INTO last_hash
      FROM (SELECT a.chain, a.hash FROM audit_log a WHERE (a.chain, a.id) <= (stripe, 9223372036854775807)
             ORDER BY a.chain DESC, a.id DESC LIMIT 1) x
     WHERE x.chain = stripe;
  END IF;
  -- Numbered and timed only now, under the chain's lock: a row numbered before it waited for the lock
  -- would come, in id order, before rows that the holder wrote after it and that it links after.
  NEW.id := nextval('audit_log_id_seq');
  NEW.occurred_at := clock_timestamp();
  NEW.prev_hash := coalesce(last_hash, '');
  pads := decode(pads_hex, 'hex');
  -- HMAC-SHA256 (RFC 2104) from the pads: sha256(opad || sha256(ipad || message)).
  NEW.hash := encode(sha256(substring(pads FROM 65 FOR 64) || sha256(substring(pads FROM 1 FOR 64) || convert_to(
    NEW.prev_hash || '|' || NEW.id::text || '|' ||
    to_char(NEW.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(NEW.actor_id::text, '') || '|' || coalesce(NEW.actor_email, '') || '|' ||
    NEW.action || '|' || coalesce(NEW.target_type, '') || '|' || coalesce(NEW.target_id, '') || '|' ||
    NEW.outcome || '|' || coalesce(host(NEW.ip), '') || '|' || NEW.details::text,
  'UTF8'))), 'hex');
  -- An assignment, not PERFORM, which runs its call as a query through the executor (the lock above
  -- stays a PERFORM: its function returns void).
  ignored := set_config('bankmanager.audit_head', stripe || ':' || NEW.hash, true);
  RETURN NEW;
END;
$$;

--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    occurred_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    actor_id uuid,
    actor_email text,
    action text NOT NULL,
    target_type text,
    target_id text,
    outcome text NOT NULL,
    ip inet,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    prev_hash text DEFAULT ''::text NOT NULL,
    hash text DEFAULT ''::text NOT NULL,
    chain smallint DEFAULT 0 NOT NULL
);

--
-- Name: audit_row_hash(text, public.audit_log); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_row_hash(prev_hash text, r public.audit_log) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT encode(sha256(convert_to(
    prev_hash || '|' || r.id::text || '|' ||
    to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(r.actor_id::text, '') || '|' || coalesce(r.actor_email, '') || '|' ||
    r.action || '|' || coalesce(r.target_type, '') || '|' || coalesce(r.target_id, '') || '|' ||
    r.outcome || '|' || coalesce(host(r.ip), '') || '|' || r.details::text,
  'UTF8')), 'hex')
$$;

--
-- Name: audit_row_hmac(bytea, text, public.audit_log); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_row_hmac(pads bytea, prev_hash text, r public.audit_log) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT encode(sha256(substring(pads FROM 65 FOR 64) ||
                       sha256(substring(pads FROM 1 FOR 64) || audit_row_message(prev_hash, r))), 'hex')
$$;

--
-- Name: audit_row_is_dashboard_event(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_row_is_dashboard_event(p_action text, p_outcome text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  RETURN (p_action = 'auth.sign_in' AND p_outcome = 'failure')
      OR p_action IN ('staff.approve', 'staff.activate_first_user', 'mobile_banking.subscription_saved');
END;
$$;

--
-- Name: audit_row_message(text, public.audit_log); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_row_message(prev_hash text, r public.audit_log) RETURNS bytea
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT convert_to(
    prev_hash || '|' || r.id::text || '|' ||
    to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' ||
    coalesce(r.actor_id::text, '') || '|' || coalesce(r.actor_email, '') || '|' ||
    r.action || '|' || coalesce(r.target_type, '') || '|' || coalesce(r.target_id, '') || '|' ||
    r.outcome || '|' || coalesce(host(r.ip), '') || '|' || r.details::text,
  'UTF8')
$$;

--
-- Name: balance_band_of(numeric); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.balance_band_of(balance numeric) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT (CASE WHEN balance < 0 THEN -floor(ln(1 - balance::float8) * 5.7707801635558535)
               ELSE floor(ln(1 + balance::float8) * 5.7707801635558535) END)::smallint
$$;

--
-- Name: banking_stats_bump(text, text, integer, numeric); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banking_stats_bump(p_metric text, p_currency text, p_slot integer, p_delta numeric) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO banking_stats AS s (metric, currency, slot, value) VALUES (p_metric, p_currency, p_slot, p_delta)
  ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value
$$;

--
-- Name: banking_stats_slot(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.banking_stats_slot(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (id % 1024)::integer $$;

--
-- Name: branches_teller_cash(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.branches_teller_cash() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
  VALUES ('1020-' || NEW.code, 'Cash at tellers – ' || NEW.name, 'account', '10', 'asset', 'both', 'debit', false, false, NEW.code)
  ON CONFLICT (code) DO NOTHING;
  RETURN NULL;
END;
$$;

--
-- Name: branches_vault_cash(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.branches_vault_cash() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO gl_accounts (code, name, kind, parent_code, class, currency, normal_side, manual_posting, is_control, branch_code)
  VALUES ('1010-' || NEW.code, 'Cash in vault – ' || NEW.name, 'account', '10', 'asset', 'both', 'debit', false, false, NEW.code)
  ON CONFLICT (code) DO NOTHING;
  RETURN NULL;
END;
$$;

--
-- Name: current_business_date(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.current_business_date() RETURNS date
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN coalesce((SELECT business_date FROM bank_business_date WHERE id), current_date);
END;
$$;

--
-- Name: customer_counts_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.customer_counts_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE customer_counts c SET n = c.n - d.n
  FROM (SELECT type, status, branch_code, coalesce(risk_override, risk_rating) AS risk, kyc_complete, count(*) AS n
        FROM deleted_rows GROUP BY 1, 2, 3, 4, 5) d
  WHERE (c.type, c.status, c.branch_code, c.risk, c.kyc_complete) = (d.type, d.status, d.branch_code, d.risk, d.kyc_complete);
  RETURN NULL;
END;
$$;

--
-- Name: customer_counts_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.customer_counts_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO customer_counts (type, status, branch_code, risk, kyc_complete, n)
  SELECT type, status, branch_code, coalesce(risk_override, risk_rating), kyc_complete, count(*)
  FROM inserted_rows GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (type, status, branch_code, risk, kyc_complete) DO UPDATE SET n = customer_counts.n + excluded.n;
  RETURN NULL;
END;
$$;

--
-- Name: customer_counts_moved(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.customer_counts_moved() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: customer_counts_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.customer_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM customer_counts;
  RETURN NULL;
END;
$$;

--
-- Name: customers_stats(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.customers_stats() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: daily_debits_add_bulk(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.daily_debits_add_bulk() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bulk text := current_setting('ledger.bulk_entry', true);
  e record;
BEGIN
  IF coalesce(bulk, '') = '' THEN
    RETURN NULL;
  END IF;
  SELECT id, business_date, source, maker_id INTO e FROM journal_entries WHERE id = bulk::bigint;
  IF NOT FOUND OR e.source NOT IN ('teller', 'transfer', 'posting') THEN
    RETURN NULL;
  END IF;
  INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
  SELECT e.business_date, i.account_id, e.source, sum(i.amount) FROM inserted i
   WHERE i.entry_id = e.id AND i.direction = 'debit' GROUP BY i.account_id
  ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
  IF e.maker_id IS NOT NULL THEN
    INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
    SELECT e.business_date, e.maker_id, e.source, a.currency, maker_daily_debits_slot(a.id), sum(i.amount)
      FROM inserted i JOIN accounts a ON a.id = i.account_id
     WHERE i.entry_id = e.id AND i.direction = 'debit' GROUP BY a.currency, maker_daily_debits_slot(a.id)
    ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: eod_backfill(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.eod_backfill() RETURNS void
    LANGUAGE sql
    AS $$
  SELECT eod_backfill_activity(-9223372036854775808, 9223372036854775807);
  SELECT eod_backfill_daily();
$$;

--
-- Name: eod_backfill_activity(bigint, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.eod_backfill_activity(p_from_transaction bigint, p_to_transaction bigint) RETURNS void
    LANGUAGE sql
    AS $$
  INSERT INTO account_activity (account_id, last_customer_activity)
  SELECT t.account_id, max(e.business_date)
    FROM transactions t JOIN journal_entries e ON e.id = t.entry_id
   WHERE is_customer_activity(e.source, t.direction) AND t.id BETWEEN p_from_transaction AND p_to_transaction
   GROUP BY t.account_id
  ON CONFLICT (account_id) DO UPDATE
    SET last_customer_activity = greatest(account_activity.last_customer_activity, excluded.last_customer_activity);
$$;

--
-- Name: eod_backfill_daily(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.eod_backfill_daily() RETURNS void
    LANGUAGE sql
    AS $$
  WITH daily AS (
    SELECT e.business_date AS d, x.gl_code, x.currency, sum(x.amount) AS net
      FROM journal_entries e
      JOIN (SELECT l.entry_id, l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END AS amount
              FROM gl_lines l
            UNION ALL
            SELECT t.entry_id, a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
              FROM transactions t JOIN accounts a ON a.id = t.account_id) x ON x.entry_id = e.id
     WHERE e.business_date < current_business_date()
     GROUP BY e.business_date, x.gl_code, x.currency
  ), dates AS (SELECT DISTINCT d FROM daily),
  pairs AS (SELECT gl_code, currency, min(d) AS first_d FROM daily GROUP BY gl_code, currency),
  grid AS (
    SELECT dt.d, p.gl_code, p.currency,
           sum(coalesce(dy.net, 0)) OVER (PARTITION BY p.gl_code, p.currency ORDER BY dt.d) AS balance
      FROM dates dt JOIN pairs p ON p.first_d <= dt.d
      LEFT JOIN daily dy ON dy.d = dt.d AND dy.gl_code = p.gl_code AND dy.currency = p.currency
  )
  INSERT INTO gl_daily_balances (business_date, gl_code, currency, balance)
  SELECT d, gl_code, currency, balance FROM grid
  ON CONFLICT DO NOTHING;
$$;

--
-- Name: eod_violations(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.eod_violations() RETURNS TABLE(problem text)
    LANGUAGE sql STABLE
    AS $$
  WITH gl AS (
    SELECT gl_code, currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS debit_balance
      FROM gl_lines GROUP BY gl_code, currency
  ),
  payable AS (
    SELECT p.interest_payable_gl AS gl_code, a.currency, sum(i.credit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id JOIN products p ON p.code = a.product_code
     GROUP BY 1, 2
  ),
  receivable AS (
    SELECT a.currency, sum(i.debit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id GROUP BY 1
  ),
  wht AS (
    SELECT p.wht_payable_gl AS gl_code, ip.currency, sum(ip.wht) AS wht
      FROM interest_postings ip JOIN products p ON p.code = ip.product_code
     WHERE ip.kind = 'credit' GROUP BY 1, 2
  ),
  last_two AS (
    SELECT business_date AS d FROM gl_daily_balances GROUP BY business_date ORDER BY business_date DESC LIMIT 2
  ),
  snap AS (SELECT max(d) AS last_d, CASE WHEN count(*) = 2 THEN min(d) END AS prev_d FROM last_two),
  actual AS (
    SELECT b.gl_code, b.currency, b.balance FROM gl_daily_balances b, snap WHERE b.business_date = snap.last_d
  ),
  expected AS (
    SELECT y.gl_code, y.currency, sum(y.amount) AS balance FROM (
      SELECT b.gl_code, b.currency, b.balance AS amount FROM gl_daily_balances b, snap WHERE b.business_date = snap.prev_d
      UNION ALL
      SELECT l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END
        FROM snap, journal_entries e JOIN gl_lines l ON l.entry_id = e.id
       WHERE e.business_date > snap.prev_d AND e.business_date <= snap.last_d
      UNION ALL
      SELECT a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
        FROM snap, journal_entries e JOIN transactions t ON t.entry_id = e.id JOIN accounts a ON a.id = t.account_id
       WHERE e.business_date > snap.prev_d AND e.business_date <= snap.last_d
    ) y GROUP BY y.gl_code, y.currency
  )
  SELECT 'interest payable ' || coalesce(g.gl_code, y.gl_code) || ' ' || coalesce(g.currency, y.currency)
         || ': GL ' || coalesce(-g.debit_balance, 0) || ' <> accrued unposted ' || coalesce(y.booked, 0)
    FROM (SELECT * FROM gl WHERE gl_code IN (SELECT interest_payable_gl FROM products)) g
    FULL JOIN payable y ON y.gl_code = g.gl_code AND y.currency = g.currency
   WHERE coalesce(-g.debit_balance, 0) <> coalesce(y.booked, 0)
  UNION ALL
  SELECT 'overdraft interest receivable 1420 ' || coalesce(g.currency, r.currency) || ': GL '
         || coalesce(g.debit_balance, 0) || ' <> accrued unposted ' || coalesce(r.booked, 0)
    FROM (SELECT * FROM gl WHERE gl_code = '1420') g FULL JOIN receivable r ON r.currency = g.currency
   WHERE coalesce(g.debit_balance, 0) <> coalesce(r.booked, 0)
  UNION ALL
  SELECT 'WHT payable ' || coalesce(g.gl_code, w.gl_code) || ' ' || coalesce(g.currency, w.currency)
         || ': GL ' || coalesce(-g.debit_balance, 0) || ' <> WHT posted ' || coalesce(w.wht, 0)
    FROM (SELECT * FROM gl WHERE gl_code IN (SELECT wht_payable_gl FROM products)) g
    FULL JOIN wht w ON w.gl_code = g.gl_code AND w.currency = g.currency
   WHERE coalesce(-g.debit_balance, 0) <> coalesce(w.wht, 0)
  UNION ALL
  SELECT 'interest posting of account ' || account_id || ' on ' || business_date || ': WHT ' || wht
         || ' is not 15% of ' || gross || ' or net ' || net || ' is not gross less WHT'
    FROM interest_postings
   WHERE kind = 'credit' AND (wht <> round(gross * 0.15, 2) OR net <> gross - wht)
  UNION ALL
  SELECT 'snapshot of ' || b.business_date || ' does not net to zero in ' || b.currency || ' (' || sum(b.balance) || ')'
    FROM gl_daily_balances b, snap WHERE b.business_date = snap.last_d
   GROUP BY b.business_date, b.currency HAVING sum(b.balance) <> 0
  UNION ALL
  SELECT 'snapshot of ' || snap.last_d || ' ' || coalesce(c.gl_code, x.gl_code) || ' ' || coalesce(c.currency, x.currency)
         || ' is ' || coalesce(c.balance, 0) || ' but the previous snapshot plus the day''s lines give ' || coalesce(x.balance, 0)
    FROM actual c FULL JOIN expected x ON x.gl_code = c.gl_code AND x.currency = c.currency, snap
   WHERE snap.prev_d IS NOT NULL AND coalesce(c.balance, 0) <> coalesce(x.balance, 0)
$$;

--
-- Name: gl_accounts_guard(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_accounts_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (NEW.code, NEW.kind, NEW.class, NEW.currency, NEW.normal_side, NEW.is_control, NEW.parent_code)
     IS DISTINCT FROM (OLD.code, OLD.kind, OLD.class, OLD.currency, OLD.normal_side, OLD.is_control, OLD.parent_code) THEN
    RAISE EXCEPTION 'only the name, status, manual posting and counter posting of GL account % may change', OLD.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_accounts_identity';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: gl_balances(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_balances(p_as_of date DEFAULT NULL::date) RETURNS TABLE(gl_code text, currency text, balance numeric)
    LANGUAGE sql STABLE
    AS $$
  SELECT g.gl_code, g.currency, sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END)
  FROM gl_lines g
  WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
  GROUP BY g.gl_code, g.currency
  UNION ALL
  SELECT a.ledger_code, a.currency, -sum(a.balance)
  FROM accounts a WHERE p_as_of IS NULL OR p_as_of >= current_business_date()
  GROUP BY a.ledger_code, a.currency
  UNION ALL
  SELECT b.gl_code, b.currency, b.balance FROM gl_balances_as_of(p_as_of) b
  WHERE p_as_of IS NOT NULL AND p_as_of < current_business_date()
$$;

--
-- Name: gl_balances_as_of(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_balances_as_of(p_as_of date) RETURNS TABLE(gl_code text, currency text, balance numeric)
    LANGUAGE sql STABLE
    SET jit TO 'off'
    AS $$
  WITH s AS (SELECT max(business_date) AS d FROM gl_daily_balances WHERE business_date <= p_as_of),
  later AS (SELECT e.id FROM journal_entries e, s
             WHERE e.business_date <= p_as_of AND (s.d IS NULL OR e.business_date > s.d))
  SELECT x.gl_code, x.currency, sum(x.amount)
  FROM (
    SELECT b.gl_code, b.currency, b.balance AS amount FROM gl_daily_balances b, s WHERE b.business_date = s.d
    UNION ALL
    SELECT l.gl_code, l.currency, CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END
      FROM gl_lines l WHERE l.entry_id IN (SELECT id FROM later)
    UNION ALL
    SELECT a.ledger_code, a.currency, CASE t.direction WHEN 'credit' THEN -t.amount ELSE t.amount END
      FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.entry_id IN (SELECT id FROM later)
  ) x
  GROUP BY x.gl_code, x.currency
$$;

--
-- Name: gl_line_at_a_till(uuid, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_line_at_a_till(p_till_session uuid, p_gl_code text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    AS $$
BEGIN
  RETURN p_till_session IS NOT NULL OR p_gl_code LIKE '1020-%';
END;
$$;

--
-- Name: gl_line_checked_by_row(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_line_checked_by_row(p_entry bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here() AND NOT ledger_in_bulk_entries(p_entry);
END;
$$;

--
-- Name: gl_lines_guard(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_lines_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  g gl_accounts%ROWTYPE;
  src text;
  made_at timestamptz;
BEGIN
  -- The entry read once: it exists and is this transaction's, still open (the rule and refusals of
  -- journal_entry_is_open), and its source decides which GL accounts take a line.
  SELECT posted_at, source INTO made_at, src FROM journal_entries WHERE id = NEW.entry_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % does not exist', NEW.entry_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF made_at IS DISTINCT FROM now() THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', NEW.entry_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
  SELECT * INTO g FROM gl_accounts WHERE code = NEW.gl_code;
  IF g.kind <> 'account' OR g.status <> 'active' OR g.is_control
     OR (g.currency <> 'both' AND g.currency <> NEW.currency)
     OR (src = 'manual' AND NOT g.manual_posting)
     OR (src = 'posting' AND NOT g.counter_posting) THEN
    RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %, counter %)',
      g.code, g.name, g.kind, g.status, g.is_control, g.currency, g.manual_posting, g.counter_posting
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: gl_lines_guard_many(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_lines_guard_many() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  lo bigint := nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint;
  hi bigint := nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint;
  bad record;
BEGIN
  SELECT n.entry_id, n.currency, je.id IS NULL AS missing, je.posted_at IS DISTINCT FROM now() AS closed,
         g.code, g.name, g.kind, g.status, g.is_control, g.currency AS gl_currency, g.manual_posting, g.counter_posting
    INTO bad
    FROM inserted n
    LEFT JOIN journal_entries je ON je.id = n.entry_id
    LEFT JOIN gl_accounts g ON g.code = n.gl_code
   WHERE n.entry_id BETWEEN lo AND hi
     AND (je.id IS NULL OR je.posted_at IS DISTINCT FROM now()
          OR coalesce(g.kind <> 'account' OR g.status <> 'active' OR g.is_control
                      OR (g.currency <> 'both' AND g.currency <> n.currency)
                      OR (je.source = 'manual' AND NOT g.manual_posting)
                      OR (je.source = 'posting' AND NOT g.counter_posting), false))
   ORDER BY n.id
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF bad.missing THEN
    RAISE EXCEPTION 'journal entry % does not exist', bad.entry_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF bad.closed THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', bad.entry_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
  RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %, counter %)',
    bad.code, bad.name, bad.kind, bad.status, bad.is_control, bad.gl_currency, bad.manual_posting, bad.counter_posting
    USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
END;
$$;

--
-- Name: gl_lines_till(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.gl_lines_till() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  s till_sessions%ROWTYPE;
BEGIN
  IF NEW.till_session_id IS NULL THEN
    IF NEW.gl_code LIKE '1020-%'
       AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.source = 'teller') THEN
      RAISE EXCEPTION 'a teller entry''s line on % must name its till session', NEW.gl_code
        USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_required';
    END IF;
    RETURN NEW;
  END IF;
  SELECT * INTO s FROM till_sessions WHERE id = NEW.till_session_id FOR NO KEY UPDATE;
  IF NOT FOUND OR s.status = 'closed' THEN
    RAISE EXCEPTION 'till session % is not open', NEW.till_session_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_open';
  END IF;
  IF NEW.gl_code <> '1020-' || s.branch_code OR NEW.currency <> s.currency THEN
    RAISE EXCEPTION 'till session % keeps % on 1020-%, not % on %', s.id, s.currency, s.branch_code, NEW.currency, NEW.gl_code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_till_account';
  END IF;
  UPDATE till_sessions SET balance = balance + CASE NEW.side WHEN 'debit' THEN NEW.amount ELSE -NEW.amount END
  WHERE id = s.id;
  RETURN NEW;
END;
$$;

--
-- Name: is_customer_activity(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_customer_activity(p_source text, p_direction text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT p_source IN ('teller', 'posting', 'seed', 'migration') OR (p_source = 'transfer' AND p_direction = 'debit')
$$;

--
-- Name: is_working_day(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_working_day(d date) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT extract(isodow FROM d) < 6
     AND NOT EXISTS (SELECT 1 FROM holidays h
                      WHERE (h.kind = 'fixed' AND h.month = extract(month FROM d) AND h.day = extract(day FROM d))
                         OR (h.kind = 'movable' AND h.on_date = d))
$$;

--
-- Name: journal_entries_balanced(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entries_balanced() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  balanced boolean;
BEGIN
  -- At least two lines, and every currency's lines netting to zero: journal_entry_imbalance's rule,
  -- without building its message for an entry that keeps it.
  SELECT coalesce(sum(n), 0) >= 2 AND coalesce(bool_and(net = 0), false) INTO balanced
    FROM (SELECT sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net, count(*) AS n
            FROM journal_lines WHERE entry_id = NEW.id GROUP BY currency) x;
  IF NOT balanced THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', NEW.id, journal_entry_imbalance(NEW.id)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;

--
-- Name: journal_entries_guard(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entries_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bd date;
  closing bigint;
  period_closed boolean;
BEGIN
  -- One read for the date, the cut-off and the closed periods. An entry that names no business date
  -- or value date takes the business date (ledger_post_entry leaves both to this read).
  SELECT d.bd, d.closing,
         EXISTS (SELECT 1 FROM accounting_periods p WHERE p.status = 'closed'
                  AND (coalesce(NEW.business_date, d.bd) BETWEEN p.starts_on AND p.ends_on
                       OR coalesce(NEW.value_date, d.bd) BETWEEN p.starts_on AND p.ends_on))
    INTO bd, closing, period_closed
    FROM (SELECT coalesce(b.business_date, current_date) AS bd, b.closing_run_id AS closing
            FROM (SELECT 1) x LEFT JOIN bank_business_date b ON b.id) d;
  NEW.business_date := coalesce(NEW.business_date, bd);
  NEW.value_date := coalesce(NEW.value_date, bd);
  IF NEW.business_date IS DISTINCT FROM bd THEN
    RAISE EXCEPTION 'business date % is closed or not open yet (current business date %)', NEW.business_date, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_date';
  END IF;
  -- The cut-off: while end of day closes the day, the day's books take only end of day's entries.
  IF closing IS NOT NULL AND NEW.source <> 'end_of_day' THEN
    RAISE EXCEPTION 'end of day (run %) is closing business date %: postings resume on the next business date', closing, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_day_closing';
  END IF;
  IF period_closed THEN
    RAISE EXCEPTION 'accounting period of % (value date %) is closed', NEW.business_date, NEW.value_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_period';
  END IF;
  -- The transaction's start time marks which transaction made the entry, whose lines may follow
  -- (journal_lines_entry_open). The ledger's writer writes an entry's lines with it: its entry is
  -- stamped with the moment it was written, always after the start, and so is closed to any other.
  NEW.posted_at := CASE WHEN ledger_writer_here()
                        THEN greatest(clock_timestamp(), now() + interval '1 microsecond') ELSE now() END;
  RETURN NEW;
END;
$$;

--
-- Name: journal_entries_many_made(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entries_many_made() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bd date;
  closing bigint;
  bad record;
BEGIN
  SELECT coalesce(b.business_date, current_date), b.closing_run_id INTO bd, closing
    FROM (SELECT 1) x LEFT JOIN bank_business_date b ON b.id;
  SELECT i.business_date INTO bad FROM inserted i WHERE i.business_date IS DISTINCT FROM bd LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'business date % is closed or not open yet (current business date %)', bad.business_date, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_date';
  END IF;
  IF closing IS NOT NULL AND EXISTS (SELECT 1 FROM inserted i WHERE i.source <> 'end_of_day') THEN
    RAISE EXCEPTION 'end of day (run %) is closing business date %: postings resume on the next business date', closing, bd
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_day_closing';
  END IF;
  -- Each distinct pair of dates once (a statement's entries share one or a few).
  SELECT d.business_date, d.value_date INTO bad
    FROM (SELECT DISTINCT i.business_date, i.value_date FROM inserted i) d
   WHERE EXISTS (SELECT 1 FROM accounting_periods p WHERE p.status = 'closed'
                  AND (d.business_date BETWEEN p.starts_on AND p.ends_on OR d.value_date BETWEEN p.starts_on AND p.ends_on))
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'accounting period of % (value date %) is closed', bad.business_date, bad.value_date
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_closed_period';
  END IF;
  SELECT i.id INTO bad FROM inserted i WHERE i.posted_at IS DISTINCT FROM now() LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % is not stamped with its transaction''s start time', bad.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_posted_now';
  END IF;
  INSERT INTO journal_entry_ranges_to_check (lo, hi)
  SELECT min(id), max(id) FROM inserted HAVING count(*) > 0;
  RETURN NULL;
END;
$$;

--
-- Name: journal_entry_checked_at_commit(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entry_checked_at_commit() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here() AND NOT ledger_many_entries_on();
END;
$$;

--
-- Name: journal_entry_imbalance(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entry_imbalance(p_entry bigint) RETURNS text
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN (
    -- One pass over the entry's lines, per currency.
    SELECT CASE
      WHEN coalesce(sum(n), 0) < 2 THEN 'has ' || coalesce(sum(n), 0) || ' line(s); an entry needs at least two'
      ELSE string_agg(CASE WHEN net <> 0 THEN 'debits exceed credits by ' || net || ' ' || currency END, ', ' ORDER BY currency)
    END
    FROM (SELECT currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net, count(*) AS n
            FROM journal_lines WHERE entry_id = p_entry GROUP BY currency) x);
END;
$$;

--
-- Name: journal_entry_is_open(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entry_is_open(p_entry bigint) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
  made_at timestamptz;
BEGIN
  SELECT posted_at INTO made_at FROM journal_entries WHERE id = p_entry;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % does not exist', p_entry USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF made_at IS DISTINCT FROM now() THEN
    RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', p_entry
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
  END IF;
END;
$$;

--
-- Name: journal_entry_ranges_balanced(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.journal_entry_ranges_balanced() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  bad record;
BEGIN
  SELECT e.id,
         CASE WHEN coalesce(c.lines, 0) < 2 THEN 'has ' || coalesce(c.lines, 0) || ' line(s); an entry needs at least two'
              ELSE c.unbalanced END AS problem
    INTO bad
    FROM journal_entries e
    LEFT JOIN (
      SELECT x.entry_id, sum(x.lines) AS lines,
             string_agg('debits exceed credits by ' || x.net || ' ' || x.currency, ', ' ORDER BY x.currency)
               FILTER (WHERE x.net <> 0) AS unbalanced
        FROM (SELECT l.entry_id, l.currency, count(*) AS lines,
                     sum(CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END) AS net
                FROM journal_lines l WHERE l.entry_id BETWEEN NEW.lo AND NEW.hi
               GROUP BY l.entry_id, l.currency) x
       GROUP BY x.entry_id) c ON c.entry_id = e.id
   WHERE e.id BETWEEN NEW.lo AND NEW.hi
     AND (coalesce(c.lines, 0) < 2 OR c.unbalanced IS NOT NULL)
   ORDER BY e.id
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', bad.id, bad.problem
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  DELETE FROM journal_entry_ranges_to_check WHERE lo = NEW.lo AND hi = NEW.hi;
  RETURN NULL;
END;
$$;

--
-- Name: ledger_append_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed; post a reversal instead', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

--
-- Name: ledger_bulk_entries_on(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_bulk_entries_on() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN nullif(current_setting('ledger.bulk_entries_from', true), '') IS NOT NULL;
END;
$$;

--
-- Name: ledger_bulk_entry_on(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_bulk_entry_on() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN nullif(current_setting('ledger.bulk_entry', true), '') IS NOT NULL;
END;
$$;

--
-- Name: ledger_in_bulk_entries(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_in_bulk_entries(p_entry bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN coalesce(p_entry >= nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                  AND p_entry <= nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false);
END;
$$;

--
-- Name: ledger_line_checked_by_row(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_line_checked_by_row(p_entry bigint) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN NOT ledger_writer_here()
     AND NOT ledger_in_bulk_entries(p_entry)
     AND p_entry IS DISTINCT FROM nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
END;
$$;

--
-- Name: ledger_many_entries_on(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_many_entries_on() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  RETURN coalesce(current_setting('ledger.many_entries', true) = 'on', false);
END;
$$;

--
-- Name: ledger_post_entry(jsonb, text, jsonb, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_post_entry(p jsonb, pads text, customer jsonb DEFAULT NULL::jsonb, audit_lines jsonb DEFAULT NULL::jsonb) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
DECLARE
  accts json;
  statuses text[];
  block_kinds text[];
  currencies text[];
  types text[];
  limits numeric[];
  limits_expire date[];
  helds numeric[];
  bands smallint[];
  overdrawn date[];
  overdrawn_then date[];
  cust_lines jsonb := coalesce(customer, p->'customer');
  src text := p->>'source';
  counts_debits boolean := src IN ('teller', 'transfer', 'posting');
  gls jsonb;
  g jsonb;
  refused boolean;
  e record;
  gl_ids jsonb := '[]';
  cust json[] := '{}';
  l record;
  r record;
  signed numeric;
  ignored text;
  amount numeric(18,2);
  before numeric;
  after numeric;
  eff_limit numeric;
  loans integer := 0;
  dep_currencies text[] := '{}';
  dep_deltas numeric[] := '{}';
  line_ids bigint[] := '{}';
  line_accounts bigint[] := '{}';
  line_times timestamptz[] := '{}';
  line_texts text[] := '{}';
  line_amounts numeric[] := '{}';
  line_sides text[] := '{}';
  line_afters numeric[] := '{}';
  debit_accounts bigint[] := '{}';
  debit_amounts numeric[] := '{}';
  i integer;
  k integer;
  jl jsonb;
  lines jsonb;
  cur text;
  keeps text;
  net_currencies text[] := '{}';
  nets numeric[] := '{}';
  acct_ids bigint[];
  ai integer;
  balances numeric[];
  balances_then numeric[];
  last_posted timestamptz[];
BEGIN
  -- The accounts the lines name, locked in id order (two entries never deadlock; a no-op for a caller
  -- that holds the locks already), with what the checks and the answer need, and each one's balance and
  -- latest posting, which no other transaction can move while the lock is held. The answer's accounts
  -- are json, text that is only concatenated; the checks read the same rows from arrays, an element an
  -- account, every aggregate taking the locked rows in the one order they arrive in.
  SELECT coalesce(json_agg(json_build_object('id', a.id, 'account_number', a.account_number, 'status', a.status,
           'block_kind', a.block_kind, 'currency', a.currency, 'ledger_code', a.ledger_code, 'gl_name', a.gl_name,
           'account_type', a.account_type)), '[]'),
         coalesce(array_agg(a.id), '{}'), coalesce(array_agg(a.balance), '{}'),
         coalesce(array_agg((SELECT max(t.posted_at) FROM transactions t WHERE t.account_id = a.id)), '{}'),
         coalesce(array_agg(a.status::text), '{}'), coalesce(array_agg(a.block_kind), '{}'),
         coalesce(array_agg(a.currency::text), '{}'), coalesce(array_agg(a.account_type::text), '{}'),
         coalesce(array_agg(a.overdraft_limit), '{}'), coalesce(array_agg(a.overdraft_expires_on), '{}'),
         coalesce(array_agg(a.held), '{}'), coalesce(array_agg(a.balance_band), '{}'),
         coalesce(array_agg(a.overdrawn_since), '{}')
    INTO accts, acct_ids, balances, last_posted, statuses, block_kinds, currencies, types,
         limits, limits_expire, helds, bands, overdrawn
    FROM (SELECT a.id, a.account_number, a.status, a.block_kind, a.currency, a.ledger_code, g.name AS gl_name, a.account_type,
                 a.balance, a.overdraft_limit, a.overdraft_expires_on, a.held, a.balance_band, a.overdrawn_since
            FROM accounts a JOIN gl_accounts g ON g.code = a.ledger_code
           WHERE a.id IN (SELECT (x->>'account_id')::bigint FROM jsonb_array_elements(cust_lines) x)
           ORDER BY a.id FOR NO KEY UPDATE OF a) a;
  -- A day cap (postEntry's accountDayCap): the account's debits of these sources today, with this
  -- entry's, stay within the limit. Read under the account's lock, so two postings on one account
  -- cannot both pass it; over it, nothing is written and the caller decides (a transfer asks a checker).
  -- Two IFs: a condition holding a subquery is run as a query even when its first term is false.
  IF jsonb_typeof(p->'day_cap') = 'object' THEN
    IF coalesce((SELECT sum(d.total) FROM account_daily_debits d
                WHERE d.business_date = current_business_date() AND d.account_id = (p->'day_cap'->>'account_id')::bigint
                  AND d.source IN (SELECT jsonb_array_elements_text(p->'day_cap'->'sources'))), 0)
     + (SELECT coalesce(sum((x->>'amount')::numeric), 0) FROM jsonb_array_elements(cust_lines) x
         WHERE x->>'side' = 'debit' AND (x->>'account_id')::bigint = (p->'day_cap'->>'account_id')::bigint)
     > (p->'day_cap'->>'limit')::numeric THEN
      RETURN json_build_object('over_day_cap', true);
    END IF;
  END IF;
  -- The GL accounts the lines name, with what gl_lines_guard checks of each.
  IF jsonb_array_length(p->'gl') > 0 THEN
    SELECT coalesce(jsonb_object_agg(g.code, jsonb_build_object('currency', g.currency, 'name', g.name,
             'kind', g.kind, 'status', g.status, 'is_control', g.is_control,
             'manual_posting', g.manual_posting, 'counter_posting', g.counter_posting)), '{}')
      INTO gls FROM gl_accounts g WHERE g.code IN (SELECT x->>'code' FROM jsonb_array_elements(p->'gl') x);
  ELSE
    gls := '{}';
  END IF;

  -- The checks postEntry makes from the locked rows, in the same terms (post-entry.ts, checkLines),
  -- as plain expressions over the argument: a query would be planned and started for every posting.
  -- The customer lines come first in `lines`; a customer line's account is found by its position in
  -- acct_ids.
  lines := cust_lines || (p->'gl');
  refused := jsonb_array_length(lines) < 2;
  FOR k IN 0 .. jsonb_array_length(lines) - 1 LOOP
    EXIT WHEN refused;
    jl := lines->k;
    IF k < jsonb_array_length(cust_lines) THEN
      ai := array_position(acct_ids, (jl->>'account_id')::bigint);
      cur := currencies[ai];
      refused := coalesce(ai IS NULL OR statuses[ai] IN ('Closed', 'Submitted', 'Approved', 'Rejected')
        OR (statuses[ai] = 'Blocked' AND (block_kinds[ai] IS DISTINCT FROM 'debit' OR jl->>'side' = 'debit'))
        OR (statuses[ai] = 'Dormant' AND jl->>'side' = 'debit' AND NOT (p->>'dormant_debit_ok')::boolean), false);
    ELSE
      cur := jl->>'currency';
      keeps := gls->(jl->>'code')->>'currency';
      refused := coalesce(cur IS NULL OR keeps IS NULL OR (keeps <> 'both' AND keeps <> cur), false);
    END IF;
    CONTINUE WHEN refused;
    i := array_position(net_currencies, cur);
    IF i IS NULL THEN
      net_currencies := net_currencies || cur;
      nets := nets || 0::numeric;
      i := cardinality(net_currencies);
    END IF;
    nets[i] := nets[i] + CASE jl->>'side' WHEN 'debit' THEN (jl->>'amount')::numeric ELSE -(jl->>'amount')::numeric END;
  END LOOP;
  refused := refused OR 0 <> ANY (nets);
  IF refused THEN
    RETURN json_build_object('refused', true, 'accounts', accts);
  END IF;
  -- From here on, the entry balances in every currency: it is written whole, and no other writer may
  -- add a line to it (its guard stamps it closed). Every rule the row triggers would check of a line
  -- is checked below, once, before the lines are written; a refusal raises as they raise. The row
  -- triggers skip what this function writes (ledger_writer_here) while the setting is on. It is set
  -- here and cleared before the answer, not by a SET clause: only a superuser may create a function
  -- that sets a setting no extension defines. A refusal rolls it back with everything else.
  ignored := set_config('ledger.writer', 'on', true);

  -- An entry that names no date takes the business date from its guard, journal_entries_guard, which
  -- reads the date for its own rules (the lines take the entry's value date from what it returns).
  WITH n AS (SELECT nextval('journal_entries_id_seq'::regclass) AS id)
  INSERT INTO journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
  SELECT n.id, (p->>'business_date')::date, (p->>'value_date')::date, p->>'narration', src,
         (p->>'maker_id')::uuid, p->>'maker_email', coalesce(p->>'reference', 'TX' || lpad(n.id::text, 12, '0')),
         (p->>'reversal_of')::bigint, (p->>'fx_rate')::numeric
    FROM n
  RETURNING id, reference, business_date, value_date, fx_rate, posted_at INTO e;

  IF jsonb_array_length(p->'gl') > 0 THEN
    FOR l IN SELECT x FROM jsonb_array_elements(p->'gl') x LOOP
      -- gl_lines_guard's rule: an active, postable account of the line's currency, open to this
      -- entry's source.
      g := gls->(l.x->>'code');
      IF (g->>'kind') <> 'account' OR (g->>'status') <> 'active' OR (g->>'is_control')::boolean
         OR (src = 'manual' AND NOT (g->>'manual_posting')::boolean)
         OR (src = 'posting' AND NOT (g->>'counter_posting')::boolean) THEN
        RAISE EXCEPTION 'GL account % (%) does not take this line (kind %, status %, control %, currency %, manual %, counter %)',
          l.x->>'code', g->>'name', g->>'kind', g->>'status', g->>'is_control', g->>'currency', g->>'manual_posting', g->>'counter_posting'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'gl_lines_postable';
      END IF;
      INSERT INTO gl_lines (entry_id, gl_code, currency, side, amount, till_session_id)
      VALUES (e.id, l.x->>'code', l.x->>'currency', l.x->>'side', (l.x->>'amount')::numeric(18,2), (l.x->>'till_session_id')::uuid)
      RETURNING id INTO r;
      gl_ids := gl_ids || to_jsonb(r.id::text);
    END LOOP;
  END IF;

  -- The customer lines, in the order given, each continuing its account's balance and history as the
  -- lock found them, after this entry's earlier lines: clock_timestamp(), read after the lock, is later
  -- than the account's postings, and greatest() keeps the history order even if the clock stepped
  -- back or seeded history runs past today; the line's id, drawn now, is above every earlier line's.
  -- Each line is held to transactions_post's rules in its order: a Dormant account's debit, the
  -- account's limit, the available balance. `ord` tells postEntry which input line each one is.
  balances_then := balances;
  overdrawn_then := overdrawn;
  FOR k IN 0 .. jsonb_array_length(cust_lines) - 1 LOOP
    jl := cust_lines->k;
    ai := array_position(acct_ids, (jl->>'account_id')::bigint);
    amount := (jl->>'amount')::numeric(18,2);
    signed := CASE jl->>'side' WHEN 'credit' THEN amount ELSE -amount END;
    before := balances[ai];
    after := before + signed;
    balances[ai] := after;
    IF jl->>'side' = 'debit' AND statuses[ai] = 'Dormant'
       AND (src IS NULL OR src NOT IN ('end_of_day', 'system', 'migration', 'seed')) THEN
      RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', accts->(ai - 1)->>'account_number'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
    END IF;
    IF NOT account_within_limit(types[ai], after, limits[ai]) THEN
      RAISE EXCEPTION 'account % would leave its limit: balance % (%)', accts->(ai - 1)->>'account_number', after,
        CASE WHEN types[ai] = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || limits[ai] END
        USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
    END IF;
    IF jl->>'side' = 'debit' AND types[ai] <> 'Loan' AND after >= -limits[ai] THEN
      eff_limit := CASE WHEN limits_expire[ai] IS NULL OR limits_expire[ai] >= current_business_date() THEN limits[ai] ELSE 0 END;
      IF after < account_held(acct_ids[ai], helds[ai]) - eff_limit THEN
        RAISE EXCEPTION 'a debit of % would leave account % below its available balance', amount, accts->(ai - 1)->>'account_number'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
      END IF;
    END IF;
    -- A deposit account's overdrawn_since: the business date it went below zero (read only then).
    overdrawn[ai] := CASE WHEN after < 0 AND types[ai] <> 'Loan' THEN coalesce(overdrawn[ai], current_business_date()) END;
    last_posted[ai] := greatest(clock_timestamp(), last_posted[ai]);
    line_ids := line_ids || nextval('transactions_id_seq'::regclass);
    line_accounts := line_accounts || acct_ids[ai];
    line_times := line_times || last_posted[ai];
    line_texts := line_texts || coalesce(jl->>'description', p->>'narration');
    line_amounts := line_amounts || amount;
    line_sides := line_sides || (jl->>'side');
    line_afters := line_afters || after;
    cust := cust || json_build_object('ord', k + 1, 'id', line_ids[k + 1]::text, 'posted_at', last_posted[ai],
                                      'value_date', e.value_date::text, 'balance_before', before::text,
                                      'balance_after', after::text);
    -- The daily limits' totals (ADR 0040): a debit of a teller, transfer or posting entry.
    IF counts_debits AND jl->>'side' = 'debit' THEN
      debit_accounts := debit_accounts || acct_ids[ai];
      debit_amounts := debit_amounts || amount;
    END IF;
  END LOOP;

  INSERT INTO transactions (id, account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
  SELECT u.id, u.account_id, u.posted_at, e.value_date, u.description, u.amount, u.direction, u.balance_after, e.reference, e.id
    FROM unnest(line_ids, line_accounts, line_times, line_texts, line_amounts, line_sides, line_afters)
         AS u(id, account_id, posted_at, description, amount, direction, balance_after);
  -- The accounts moved, each once, to where its last line left it (the locks are held already).
  UPDATE accounts a SET balance = balances[array_position(acct_ids, a.id)],
                        balance_band = balance_band_of(balances[array_position(acct_ids, a.id)])
   WHERE a.id = ANY (acct_ids) AND a.balance <> balances[array_position(acct_ids, a.id)];
  -- overdrawn_since is written only where it changes: naming it fires the accounts list's search trigger.
  IF overdrawn IS DISTINCT FROM overdrawn_then THEN
    UPDATE accounts a SET overdrawn_since = u.since
      FROM unnest(acct_ids, overdrawn, overdrawn_then) AS u(id, since, was)
     WHERE a.id = u.id AND u.since IS DISTINCT FROM u.was;
  END IF;
  -- The registered users' keys and the accounts list's search rows are ordered by band: kept where
  -- the band moved.
  FOR i IN 1 .. cardinality(acct_ids) LOOP
    IF balance_band_of(balances[i]) <> bands[i] THEN
      UPDATE registered_user_keys k SET balance_band = balance_band_of(balances[i])
        FROM mobile_banking_subscriptions s
       WHERE s.pay_account_id = acct_ids[i] AND k.cust_id = s.cust_id;
      UPDATE account_search SET balance_band = balance_band_of(balances[i]) WHERE id = acct_ids[i];
    END IF;
  END LOOP;
  -- One debit (a transfer, a withdrawal) in single-row upserts: an aggregate's plan costs more to
  -- start than the rows it writes.
  IF cardinality(debit_accounts) = 1 THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    VALUES (e.business_date, debit_accounts[1], src, debit_amounts[1])
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF p->>'maker_id' IS NOT NULL THEN
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      VALUES (e.business_date, (p->>'maker_id')::uuid, src, currencies[array_position(acct_ids, debit_accounts[1])],
              maker_daily_debits_slot(debit_accounts[1]), debit_amounts[1])
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
  ELSIF cardinality(debit_accounts) > 1 THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    SELECT e.business_date, u.id, src, sum(u.amount) FROM unnest(debit_accounts, debit_amounts) AS u(id, amount)
     GROUP BY u.id ORDER BY u.id
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF p->>'maker_id' IS NOT NULL THEN
      -- In (slot, currency) order, as every other writer takes them: two entries take the maker's
      -- rows in one global order.
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      SELECT e.business_date, (p->>'maker_id')::uuid, src, c.currency, maker_daily_debits_slot(u.id), sum(u.amount)
        FROM unnest(debit_accounts, debit_amounts) AS u(id, amount)
        JOIN unnest(acct_ids, currencies) AS c(id, currency) ON c.id = u.id
       GROUP BY maker_daily_debits_slot(u.id), c.currency ORDER BY maker_daily_debits_slot(u.id), c.currency
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
  END IF;

  -- What the entry moves on the dashboard, account by account: an active loan crossing zero; a
  -- deposit account's balance above zero (an account that took a line is not Closed).
  FOR i IN 1 .. cardinality(acct_ids) LOOP
    IF types[i] = 'Loan' THEN
      IF statuses[i] = 'Active' AND (balances_then[i] < 0) <> (balances[i] < 0) THEN
        loans := loans + CASE WHEN balances[i] < 0 THEN 1 ELSE -1 END;
      END IF;
    ELSIF balances[i] <> balances_then[i] THEN
      k := array_position(dep_currencies, currencies[i]);
      IF k IS NULL THEN
        dep_currencies := dep_currencies || currencies[i];
        dep_deltas := dep_deltas || 0::numeric;
        k := cardinality(dep_currencies);
      END IF;
      dep_deltas[k] := dep_deltas[k] + greatest(balances[i], 0) - greatest(balances_then[i], 0);
    END IF;
  END LOOP;
  IF cardinality(acct_ids) > 0 THEN
    -- The entry's net move, in one slot of its own (a transfer between two funded deposit accounts
    -- nets to nothing and writes nothing); rows in (metric, currency) order, so two entries that
    -- share a slot take them in one order.
    IF loans <> 0 OR 0 <> ANY (dep_deltas) THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      SELECT metric, currency, banking_stats_slot(e.id), delta
        FROM (SELECT 'active_loans' AS metric, '' AS currency, loans::numeric AS delta WHERE loans <> 0
              UNION ALL
              SELECT 'total_deposits', c, d FROM unnest(dep_currencies, dep_deltas) u(c, d) WHERE d <> 0) m
       ORDER BY metric, currency
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
    -- The registered users' balances: each subscriber's pay account as it stands after the entry.
    UPDATE registered_user_balances b SET balance = balances[array_position(acct_ids, s.pay_account_id)]
      FROM mobile_banking_subscriptions s
     WHERE s.pay_account_id = ANY (acct_ids) AND b.cust_id = s.cust_id;
  END IF;

  -- An assignment, not PERFORM: PERFORM runs its call as a query through the executor.
  ignored := set_config('bankmanager.audit_key', pads, true);
  INSERT INTO audit_log (id, action, outcome, actor_id, actor_email, target_type, target_id, ip, details)
  VALUES (0, p->'audit'->>'action', 'success', (p->>'maker_id')::uuid, p->>'maker_email',
          p->'audit'->>'target_type', p->'audit'->>'target_id', (p->'audit'->>'ip')::inet,
          coalesce(p->'audit'->'details', '{}')
            || CASE WHEN audit_lines IS NULL THEN jsonb_build_object('entryId', e.id, 'reference', e.reference)
                    ELSE jsonb_build_object('lines', audit_lines, 'entryId', e.id, 'reference', e.reference) END
            || coalesce(p->'audit'->'more', '{}'));

  ignored := set_config('ledger.writer', '', true);
  RETURN json_build_object(
    'entry', json_build_object('id', e.id::text, 'reference', e.reference, 'business_date', e.business_date::text,
                               'value_date', e.value_date::text, 'fx_rate', e.fx_rate::text, 'posted_at', e.posted_at),
    'gl_lines', gl_ids, 'customer_lines', array_to_json(cust), 'accounts', accts, 'gl', gls);
END;
$$;

--
-- Name: ledger_post_transfer(jsonb, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_post_transfer(p jsonb, pads text) RETURNS json
    LANGUAGE plpgsql
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
DECLARE
  pair record;
BEGIN
  -- Both accounts in one read.
  SELECT fa.id AS from_id, fa.currency AS from_currency, ta.id AS to_id, ta.currency AS to_currency INTO pair
    FROM (SELECT) x LEFT JOIN accounts fa ON fa.account_number = p->>'from_account'
                    LEFT JOIN accounts ta ON ta.account_number = p->>'to_account';
  IF pair.from_id IS NULL OR pair.to_id IS NULL OR pair.from_currency <> pair.to_currency THEN
    RETURN json_build_object('refused', true, 'accounts', '[]'::json);
  END IF;
  -- The lines go beside the argument rather than into it: rebuilding the argument rewrote all of it.
  -- The audit row names them as postEntry does: {accountId, side, amount}.
  RETURN ledger_post_entry(p, pads,
    jsonb_build_array(
      jsonb_build_object('account_id', pair.from_id, 'side', 'debit', 'amount', p->'amount'),
      jsonb_build_object('account_id', pair.to_id, 'side', 'credit', 'amount', p->'amount')),
    jsonb_build_array(
      jsonb_build_object('accountId', pair.from_id, 'side', 'debit', 'amount', p->'amount'),
      jsonb_build_object('accountId', pair.to_id, 'side', 'credit', 'amount', p->'amount')));
END;
$$;

--
-- Name: ledger_violations(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_violations() RETURNS TABLE(account_id bigint, transaction_id bigint, problem text)
    LANGUAGE sql STABLE
    AS $$
  WITH sums AS (
    SELECT t.account_id, sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END) AS total
    FROM transactions t GROUP BY t.account_id
  ),
  entry_sums AS (
    SELECT entry_id, currency, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net, count(*) AS n
    FROM journal_lines GROUP BY entry_id, currency
  ),
  control AS (
    SELECT a.ledger_code, a.currency, sum(a.balance) AS sub_ledger,
           coalesce(sum(s.total), 0) AS lines
    FROM accounts a LEFT JOIN sums s ON s.account_id = a.id GROUP BY a.ledger_code, a.currency
  )
  SELECT a.id, NULL::bigint, 'balance ' || a.balance || ' <> sum of postings ' || coalesce(s.total, 0)
  FROM accounts a LEFT JOIN sums s ON s.account_id = a.id
  WHERE a.balance <> coalesce(s.total, 0)
  UNION ALL
  SELECT x.account_id, x.id, 'balance_after ' || x.balance_after || ' <> running total ' || x.running
  FROM (
    SELECT t.account_id, t.id, t.balance_after,
           sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END)
             OVER (PARTITION BY t.account_id ORDER BY t.posted_at, t.id) AS running
    FROM transactions t
  ) x
  WHERE x.balance_after <> x.running
  UNION ALL
  SELECT NULL, NULL, 'entry ' || entry_id || ' does not balance in ' || currency || ' (debits - credits = ' || net || ')'
  FROM entry_sums WHERE net <> 0
  UNION ALL
  SELECT NULL, NULL, 'entry ' || e.id || ' has fewer than two lines'
  FROM journal_entries e LEFT JOIN (SELECT entry_id, sum(n) AS n FROM entry_sums GROUP BY entry_id) c ON c.entry_id = e.id
  WHERE coalesce(c.n, 0) < 2
  UNION ALL
  SELECT NULL, NULL, 'control account ' || ledger_code || ' ' || currency || ': sub-ledger ' || sub_ledger || ' <> lines ' || lines
  FROM control WHERE sub_ledger <> lines
  UNION ALL
  SELECT a.id, NULL, 'account uses ' || a.ledger_code || ' but its product maps to ' || p.ledger_code
  FROM accounts a JOIN products p ON p.code = a.product_code WHERE p.ledger_code <> a.ledger_code OR p.currency <> a.currency
  UNION ALL
  SELECT NULL, g.id, 'GL line on ' || g.gl_code || ', which is not a postable non-control account in ' || g.currency
  FROM gl_lines g JOIN gl_accounts c ON c.code = g.gl_code
  WHERE c.kind <> 'account' OR c.is_control OR (c.currency <> 'both' AND c.currency <> g.currency)
  UNION ALL
  SELECT NULL, NULL, 'trial balance does not net to zero in ' || currency || ' (' || sum(balance) || ')'
  FROM gl_balances() GROUP BY currency HAVING sum(balance) <> 0
  UNION ALL
  SELECT a.id, NULL, 'balance ' || a.balance || ' is past the account''s limit'
  FROM accounts a
  WHERE NOT account_within_limit(a.account_type, a.balance, a.overdraft_limit)
  UNION ALL
  -- Two rules the writers keep rather than the row (ADR 0096).
  SELECT a.id, NULL, 'balance band ' || a.balance_band || ' <> ' || balance_band_of(a.balance) || ', the band of its balance'
  FROM accounts a WHERE a.balance_band <> balance_band_of(a.balance)
  UNION ALL
  SELECT a.id, NULL, 'status ' || a.status || ' with block kind ' || coalesce(a.block_kind, 'none')
  FROM accounts a WHERE (a.status = 'Blocked') <> (a.block_kind IS NOT NULL)
  UNION ALL
  SELECT NULL, NULL, 'entry ' || e.id || ' (' || e.source || ') has no audit row'
  FROM journal_entries e
  WHERE e.source NOT IN ('migration', 'seed')
    AND NOT EXISTS (SELECT 1 FROM audit_log l WHERE l.details->>'entryId' = e.id::text AND l.outcome = 'success')
  UNION ALL
  -- Teller (migration teller_guards): a till session's balance is its lines, its opening
  -- allocation is its opening entry, and teller cash moves only with a session of that branch and currency.
  SELECT NULL, NULL, 'till session ' || s.id || ': balance ' || s.balance || ' <> its lines ' || coalesce(l.total, 0)
  FROM till_sessions s
  LEFT JOIN (SELECT till_session_id, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS total
             FROM gl_lines WHERE till_session_id IS NOT NULL GROUP BY till_session_id) l ON l.till_session_id = s.id
  WHERE s.balance <> coalesce(l.total, 0)
  UNION ALL
  SELECT NULL, NULL, 'till session ' || s.id || ': opening allocation ' || s.opening_allocation || ' <> its opening entry ' || coalesce(o.amount, 0)
  FROM till_sessions s
  LEFT JOIN LATERAL (SELECT sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) AS amount FROM gl_lines g
                     WHERE g.entry_id = s.opening_entry_id AND g.till_session_id = s.id) o ON true
  WHERE s.opening_allocation <> coalesce(o.amount, 0)
  UNION ALL
  SELECT NULL, g.id, 'GL line on ' || g.gl_code || ' in ' || g.currency || ' names till session ' || s.id || ' (branch ' || s.branch_code || ', ' || s.currency || ')'
  FROM gl_lines g JOIN till_sessions s ON s.id = g.till_session_id
  WHERE g.gl_code <> '1020-' || s.branch_code OR g.currency <> s.currency
  UNION ALL
  SELECT NULL, g.id, 'teller entry ' || g.entry_id || ' moves teller cash (' || g.gl_code || ') outside a till session'
  FROM gl_lines g JOIN journal_entries e ON e.id = g.entry_id
  WHERE e.source = 'teller' AND g.gl_code LIKE '1020-%' AND g.till_session_id IS NULL
  UNION ALL
  SELECT NULL, NULL, 'closed till session ' || s.id || ' still holds ' || s.balance
  FROM till_sessions s WHERE s.status = 'closed' AND s.balance <> 0
  UNION ALL
  -- The daily limits' totals (migration daily_debit_totals) are the current business date's debit lines.
  SELECT coalesce(x.account_id, l.account_id), NULL, 'daily debits of ' || coalesce(x.source, l.source) || ': kept '
         || coalesce(x.total, 0) || ' <> lines ' || coalesce(l.total, 0)
  FROM (SELECT account_id, source, total FROM account_daily_debits WHERE business_date = current_business_date()) x
  FULL JOIN (SELECT t.account_id, e.source, sum(t.amount) AS total FROM journal_entries e
             JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit'
             WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
             GROUP BY 1, 2) l ON l.account_id = x.account_id AND l.source = x.source
  WHERE x.total IS DISTINCT FROM l.total
  UNION ALL
  SELECT NULL, NULL, 'daily debits of maker ' || coalesce(x.maker_id, l.maker_id) || ' (' || coalesce(x.source, l.source)
         || ', ' || coalesce(x.currency, l.currency) || '): kept ' || coalesce(x.total, 0) || ' <> lines ' || coalesce(l.total, 0)
  FROM (SELECT maker_id, source, currency, sum(total) AS total FROM maker_daily_debits
        WHERE business_date = current_business_date() GROUP BY 1, 2, 3) x
  FULL JOIN (SELECT e.maker_id, e.source, a.currency, sum(t.amount) AS total FROM journal_entries e
             JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit' JOIN accounts a ON a.id = t.account_id
             WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
               AND e.maker_id IS NOT NULL
             GROUP BY 1, 2, 3) l ON l.maker_id = x.maker_id AND l.source = x.source AND l.currency = x.currency
  WHERE x.total IS DISTINCT FROM l.total
$$;

--
-- Name: ledger_writer_here(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.ledger_writer_here() RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
  IF current_setting('ledger.writer', true) IS DISTINCT FROM 'on' THEN
    RETURN false;
  END IF;
  -- Inside a SECURITY DEFINER function current_user is its owner, not the role that logged in (the
  -- production split of ADR 0013); a superuser session (development, tests) is the owner already.
  IF CURRENT_USER <> SESSION_USER OR current_setting('is_superuser') = 'on' THEN
    RETURN true;
  END IF;
  -- A session that logged in as the tables' owner itself (one role for everything, without the split).
  RETURN EXISTS (SELECT 1 FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
                  WHERE c.oid = 'transactions'::regclass AND r.rolname = CURRENT_USER);
END;
$$;

--
-- Name: loan_book_violations(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_book_violations() RETURNS TABLE(loan_id integer, problem text)
    LANGUAGE sql STABLE
    AS $$
  WITH owed AS (
    -- What the schedule still asks of principal. A prepayment lowers the later instalments' principal
    -- rather than marking them paid, so the schedule's unpaid principal (not financed − Σ paid) is what
    -- the loan account must hold.
    SELECT i.loan_id, sum(i.principal_due - i.principal_paid) AS owed FROM loan_instalments i GROUP BY i.loan_id
  ),
  repaid AS (
    -- The principal every repayment not reversed took, prepayments included (recoveries take none).
    SELECT r.loan_id, sum(r.principal) AS principal FROM loan_repayments r
     WHERE r.reversal_entry_id IS NULL GROUP BY r.loan_id
  ),
  book AS (
    SELECT l.id, l.account_id, l.branch_code, l.currency, a.balance, a.ledger_code, p.portfolio_gl, l.status,
           l.provision_held, l.written_off_principal,
           coalesce(o.owed, 0) - l.written_off_principal AS principal,
           l.amount_financed - coalesce(rp.principal, 0) - l.written_off_principal AS financed_less_repaid
      FROM loans l JOIN accounts a ON a.id = l.account_id JOIN loan_products p ON p.code = l.product_code
      LEFT JOIN owed o ON o.loan_id = l.id LEFT JOIN repaid rp ON rp.loan_id = l.id
  ),
  lines AS (
    SELECT t.account_id, sum(CASE t.direction WHEN 'debit' THEN t.amount ELSE -t.amount END) AS net
      FROM transactions t WHERE t.account_id IN (SELECT account_id FROM book) GROUP BY t.account_id
  ),
  portfolio AS (
    -- The portfolio GL's lines on the loans' accounts against the loans' own figures, per branch.
    SELECT b.portfolio_gl, b.branch_code, b.currency, sum(b.principal) AS principals, coalesce(sum(x.net), 0) AS gl
      FROM book b LEFT JOIN lines x ON x.account_id = b.account_id GROUP BY 1, 2, 3
  ),
  receivable AS (
    SELECT p.interest_receivable_gl AS gl_code, l.currency, sum(l.interest_receivable) AS loans
      FROM loans l JOIN loan_products p ON p.code = l.product_code GROUP BY 1, 2
  ),
  receivable_gl AS (
    SELECT g.gl_code, g.currency, sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) AS gl
      FROM gl_lines g WHERE g.gl_code IN (SELECT interest_receivable_gl FROM loan_products) GROUP BY 1, 2
  ),
  overdraft AS (
    -- A product left on 1420 shares it with overdraft interest: that part is the accounts' accrual.
    SELECT a.currency, sum(i.debit_booked) AS booked
      FROM account_interest i JOIN accounts a ON a.id = i.account_id GROUP BY a.currency
  ),
  collected AS (
    -- What repayments not reversed took off each loan's receivables.
    SELECT r.loan_id, sum(r.interest_receivable) AS interest, sum(r.penalty_receivable) AS penalty
      FROM loan_repayments r WHERE r.reversal_entry_id IS NULL GROUP BY r.loan_id
  ),
  charged AS (
    SELECT c.loan_id, sum(c.amount) AS penalty FROM loan_penalty_charges c GROUP BY c.loan_id
  ),
  held AS (
    SELECT l.currency, sum(l.interest_in_suspense + l.penalty_in_suspense) AS suspense,
           sum(l.penalty_receivable) AS penalty
      FROM loans l GROUP BY l.currency
  ),
  held_gl AS (
    SELECT g.currency,
           coalesce(sum(CASE g.side WHEN 'credit' THEN g.amount ELSE -g.amount END) FILTER (WHERE g.gl_code = '1428'), 0) AS suspense,
           coalesce(sum(CASE g.side WHEN 'debit' THEN g.amount ELSE -g.amount END) FILTER (WHERE g.gl_code = '1422'), 0) AS penalty
      FROM gl_lines g WHERE g.gl_code IN ('1422', '1428') GROUP BY g.currency
  ),
  provision AS (
    SELECT currency, sum(provision_held) AS held FROM loans GROUP BY currency
  ),
  provision_gl AS (
    SELECT currency, sum(CASE side WHEN 'credit' THEN amount ELSE -amount END) AS gl
      FROM gl_lines WHERE gl_code = '1490' GROUP BY currency
  )
  SELECT b.id, 'loan ' || b.id || ': principal outstanding ' || (-b.balance) || ' <> the schedule''s unpaid principal less written off ' || b.principal
    FROM book b WHERE -b.balance <> b.principal
  UNION ALL
  SELECT b.id, 'loan ' || b.id || ': principal outstanding ' || (-b.balance) || ' <> financed less principal repaid less written off ' || b.financed_less_repaid
    FROM book b WHERE -b.balance <> b.financed_less_repaid
  UNION ALL
  SELECT b.id, 'loan ' || b.id || ': its account is on GL ' || b.ledger_code || ', its product''s portfolio GL is ' || b.portfolio_gl
    FROM book b WHERE b.ledger_code <> b.portfolio_gl
  UNION ALL
  SELECT NULL, 'loan portfolio ' || portfolio_gl || ' branch ' || branch_code || ' ' || currency || ': GL ' || gl || ' <> loans ' || principals
    FROM portfolio WHERE gl <> principals
  UNION ALL
  SELECT NULL, 'interest receivable ' || coalesce(g.gl_code, r.gl_code) || ' ' || coalesce(g.currency, r.currency)
               || ': GL ' || (coalesce(g.gl, 0) - coalesce(o.booked, 0)) || ' <> loans ' || coalesce(r.loans, 0)
    FROM receivable_gl g FULL JOIN receivable r ON r.gl_code = g.gl_code AND r.currency = g.currency
    LEFT JOIN overdraft o ON o.currency = coalesce(g.currency, r.currency) AND coalesce(g.gl_code, r.gl_code) = '1420'
   WHERE coalesce(g.gl, 0) - coalesce(o.booked, 0) <> coalesce(r.loans, 0)
  UNION ALL
  SELECT b.id, 'loan ' || b.id || ': provision held ' || b.provision_held || ' > principal outstanding ' || greatest(-b.balance, 0)
    FROM book b WHERE b.provision_held > greatest(-b.balance, 0)
  UNION ALL
  SELECT b.id, 'loan ' || b.id || ': written off ' || b.written_off_principal || ' but status ' || b.status
    FROM book b WHERE (b.status = 'Written off') <> (b.written_off_principal > 0)
  UNION ALL
  SELECT NULL, 'loan loss provision 1490 ' || coalesce(g.currency, p.currency) || ': GL ' || coalesce(g.gl, 0)
               || ' <> loans'' provision held ' || coalesce(p.held, 0)
    FROM provision_gl g FULL JOIN provision p ON p.currency = g.currency
   WHERE coalesce(g.gl, 0) <> coalesce(p.held, 0)
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': suspense negative (interest ' || l.interest_in_suspense || ', penalties ' || l.penalty_in_suspense || ')'
    FROM loans l WHERE l.interest_in_suspense < 0 OR l.penalty_in_suspense < 0
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': interest in suspense ' || l.interest_in_suspense || ' > interest receivable ' || l.interest_receivable
    FROM loans l WHERE l.interest_in_suspense > l.interest_receivable
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': penalties in suspense ' || l.penalty_in_suspense || ' > penalty receivable ' || l.penalty_receivable
    FROM loans l WHERE l.penalty_in_suspense > l.penalty_receivable
  UNION ALL
  -- Accrued (every cent the accrual booked to the receivable) less collected; a written-off loan's
  -- receivable leaves by its write-off, which keeps its own record.
  SELECT l.id, 'loan ' || l.id || ': interest receivable ' || l.interest_receivable || ' <> accrued '
               || l.interest_accrued_total || ' less collected ' || coalesce(c.interest, 0)
    FROM loans l LEFT JOIN collected c ON c.loan_id = l.id
   WHERE l.status <> 'Written off' AND l.interest_receivable <> l.interest_accrued_total - coalesce(c.interest, 0)
  UNION ALL
  SELECT l.id, 'loan ' || l.id || ': penalty receivable ' || l.penalty_receivable || ' <> charged '
               || coalesce(ch.penalty, 0) || ' less collected ' || coalesce(c.penalty, 0)
    FROM loans l LEFT JOIN charged ch ON ch.loan_id = l.id LEFT JOIN collected c ON c.loan_id = l.id
   WHERE l.status <> 'Written off' AND l.penalty_receivable <> coalesce(ch.penalty, 0) - coalesce(c.penalty, 0)
  UNION ALL
  SELECT NULL, 'interest and penalties in suspense 1428 ' || coalesce(g.currency, h.currency) || ': GL '
               || coalesce(g.suspense, 0) || ' <> loans ' || coalesce(h.suspense, 0)
    FROM held_gl g FULL JOIN held h ON h.currency = g.currency
   WHERE coalesce(g.suspense, 0) <> coalesce(h.suspense, 0)
  UNION ALL
  SELECT NULL, 'penalty receivable 1422 ' || coalesce(g.currency, h.currency) || ': GL '
               || coalesce(g.penalty, 0) || ' <> loans ' || coalesce(h.penalty, 0)
    FROM held_gl g FULL JOIN held h ON h.currency = g.currency
   WHERE coalesce(g.penalty, 0) <> coalesce(h.penalty, 0)
$$;

--
-- Name: loan_daily_status_reserves_sync(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_daily_status_reserves_sync() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE loan_daily_status s
     SET interest_in_suspense = NEW.interest_in_suspense,
         penalty_in_suspense = NEW.penalty_in_suspense,
         provision_held = NEW.provision_held
   WHERE s.loan_id = NEW.id AND s.business_date = current_business_date();
  RETURN NULL;
END $$;

--
-- Name: loan_instalments_loan_open(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_instalments_loan_open() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (SELECT status FROM loans WHERE id = NEW.loan_id) <> 'Active' THEN
    RAISE EXCEPTION 'loan % is not Active', NEW.loan_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'loan_instalments_loan_open';
  END IF;
  RETURN NEW;
END $$;

--
-- Name: loan_provision_lines_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_provision_lines_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (SELECT status FROM loan_provision_runs WHERE id = OLD.run_id) = 'posted' THEN
    RAISE EXCEPTION 'provisioning run % is posted', OLD.run_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'loan_provision_posted_frozen';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;

--
-- Name: loan_provision_runs_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_provision_runs_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF OLD.status = 'posted' THEN
    RAISE EXCEPTION 'provisioning run % is posted', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'loan_provision_posted_frozen';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;

--
-- Name: loan_repayments_loan_open(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loan_repayments_loan_open() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF (SELECT status FROM loans WHERE id = NEW.loan_id) <> 'Active' THEN
    RAISE EXCEPTION 'loan % is not Active', NEW.loan_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'loan_repayments_loan_open';
  END IF;
  RETURN NEW;
END $$;

--
-- Name: loans_kept(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.loans_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'loan % is kept with its history: it may not be deleted or renumbered', OLD.id
    USING ERRCODE = 'restrict_violation', CONSTRAINT = 'loans_kept';
END $$;

--
-- Name: make_account_number(text, bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.make_account_number(branch text, serial bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT
    AS $_$
DECLARE
  base text;
BEGIN
  IF branch !~ '^[0-9]{3}$' OR serial < 0 OR serial > 99999999 THEN
    RAISE EXCEPTION 'an account number needs a 3-digit branch code and a serial of at most 8 digits (got %, %)', branch, serial
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  base := branch || lpad(serial::text, 8, '0');
  RETURN base || lpad((98 - (base::bigint * 100) % 97)::text, 2, '0');
END;
$_$;

--
-- Name: maker_daily_debits_slot(bigint); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.maker_daily_debits_slot(account_id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT banking_stats_slot(account_id) / 64 $$;

--
-- Name: next_working_day(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.next_working_day(d date) RETURNS date
    LANGUAGE sql STABLE
    AS $$
  SELECT min(x)::date FROM generate_series(d + 1, d + 60, interval '1 day') AS g(x) WHERE is_working_day(x::date)
$$;

--
-- Name: products_control_mapping(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.products_control_mapping() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.ledger_code IS DISTINCT FROM OLD.ledger_code OR NEW.currency IS DISTINCT FROM OLD.currency) THEN
    RAISE EXCEPTION 'the control account and currency of product % cannot change', OLD.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  -- A currency outside SLE/USD is left to products_currency_check to refuse by name.
  IF NOT EXISTS (SELECT 1 FROM gl_accounts g WHERE g.code = NEW.ledger_code AND g.is_control
                 AND (g.currency IN (NEW.currency, 'both') OR NEW.currency NOT IN ('SLE', 'USD'))) THEN
    RAISE EXCEPTION 'product % must map to a control account in its currency', NEW.code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_control_mapping';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: realtime_notice(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.realtime_notice(t text, op text, key text) RETURNS text
    LANGUAGE sql STABLE
    AS $$
  SELECT json_build_object('k', 'pg', 't', t, 'op', op, 'key', key,
    'ts', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
$$;

--
-- Name: realtime_notify(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.realtime_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    rec := to_jsonb(OLD);
  ELSE
    rec := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('bm_realtime', realtime_notice(
    TG_ARGV[0],
    CASE WHEN TG_TABLE_NAME = 'auth_users' THEN 'UPDATE' ELSE TG_OP END,
    coalesce(TG_ARGV[2], '') || (rec ->> TG_ARGV[1])));
  RETURN NULL;
END $$;

--
-- Name: realtime_notify_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.realtime_notify_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
BEGIN
  -- realtime_notify's notice (arguments: the published table, its key column, a key prefix) for each
  -- row the statement inserted, from one statement: no function call and no JSON copy of each row.
  EXECUTE format(
    $q$SELECT count(pg_notify('bm_realtime', realtime_notice(%L, 'INSERT', %L || n.%I::text))) FROM inserted n$q$,
    TG_ARGV[0], coalesce(TG_ARGV[2], ''), TG_ARGV[1]);
  RETURN NULL;
END $_$;

--
-- Name: realtime_session_ended(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.realtime_session_ended() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('bm_realtime', json_build_object('k', 's', 'sid', OLD.id, 'uid', OLD.user_id)::text);
  RETURN NULL;
END $$;

--
-- Name: refresh_banking_stats(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.refresh_banking_stats() RETURNS void
    LANGUAGE sql
    AS $$
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

--
-- Name: refresh_expired_holds(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.refresh_expired_holds() RETURNS integer
    LANGUAGE sql
    AS $$
  WITH stale AS (
    SELECT DISTINCT account_id FROM account_holds
     WHERE released_at IS NULL AND expires_on < current_business_date()
  ), u AS (
    UPDATE accounts a SET held = account_held(a.id, 1) FROM stale s
     WHERE a.id = s.account_id AND a.held <> account_held(a.id, 1) RETURNING 1
  )
  SELECT count(*)::integer FROM u
$$;

--
-- Name: registered_user_count_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_count_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  delta bigint := (SELECT count(*) FROM changed_rows) * CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF delta <> 0 THEN
    UPDATE registered_user_count SET n = n + delta WHERE id;
  END IF;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_count_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_count_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE registered_user_count SET n = 0 WHERE id;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_keys_from_customer(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_keys_from_customer() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  UPDATE registered_user_keys SET name = NEW.name, branch_code = NEW.branch_code WHERE cust_id = NEW.cust_id;
  UPDATE registered_user_balances SET name = NEW.name, branch_code = NEW.branch_code WHERE cust_id = NEW.cust_id;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_keys_from_subscription(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_keys_from_subscription() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO registered_user_keys (cust_id, name, mobile_no, branch_code, balance_band)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, c.branch_code, a.balance_band
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, branch_code = excluded.branch_code,
        balance_band = excluded.balance_band;
  INSERT INTO registered_user_balances (cust_id, name, mobile_no, balance, branch_code)
  SELECT NEW.cust_id, c.name, NEW.mobile_no, a.balance, c.branch_code
    FROM customers c, accounts a
   WHERE c.cust_id = NEW.cust_id AND a.id = NEW.pay_account_id
  ON CONFLICT (cust_id) DO UPDATE
    SET name = excluded.name, mobile_no = excluded.mobile_no, balance = excluded.balance,
        branch_code = excluded.branch_code;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_keys_violations(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_keys_violations() RETURNS TABLE(cust_id integer, problem text)
    LANGUAGE sql STABLE
    AS $$
  SELECT s.cust_id, 'missing'
    FROM mobile_banking_subscriptions s
   WHERE NOT EXISTS (SELECT 1 FROM registered_user_keys k WHERE k.cust_id = s.cust_id)
      OR NOT EXISTS (SELECT 1 FROM registered_user_balances b WHERE b.cust_id = s.cust_id)
  UNION ALL
  SELECT k.cust_id, 'differs from the customer, subscription or payment account'
    FROM registered_user_keys k
    JOIN registered_user_balances b ON b.cust_id = k.cust_id
    JOIN mobile_banking_subscriptions s ON s.cust_id = k.cust_id
    JOIN customers c ON c.cust_id = s.cust_id
    JOIN accounts a ON a.id = s.pay_account_id
   WHERE (k.name, k.mobile_no, k.branch_code, k.balance_band) IS DISTINCT FROM (c.name, s.mobile_no, c.branch_code, a.balance_band)
      OR (b.name, b.mobile_no, b.balance, b.branch_code) IS DISTINCT FROM (c.name, s.mobile_no, a.balance, c.branch_code)
  UNION ALL
  SELECT NULL, 'registered_user_count is ' || coalesce((SELECT n::text FROM registered_user_count), 'missing')
         || ', registered_user_keys has ' || (SELECT count(*) FROM registered_user_keys)
   WHERE (SELECT n FROM registered_user_count) IS DISTINCT FROM (SELECT count(*) FROM registered_user_keys)
$$;

--
-- Name: registered_user_term_count_violations(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_term_count_violations() RETURNS TABLE(term text, branch_code text, stored bigint, actual bigint)
    LANGUAGE sql STABLE
    AS $$
  WITH actual AS (
    SELECT t.term, k.branch_code, count(*) AS n
      FROM registered_user_keys k, registered_user_terms(k.name, k.cust_id, k.mobile_no) t(term)
     GROUP BY 1, 2)
  SELECT coalesce(s.term, a.term), coalesce(s.branch_code, a.branch_code), coalesce(s.n, 0), coalesce(a.n, 0)
    FROM registered_user_term_counts s
    FULL JOIN actual a ON a.term = s.term AND a.branch_code = s.branch_code
   WHERE coalesce(s.n, 0) <> coalesce(a.n, 0)
$$;

--
-- Name: registered_user_term_counts_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_term_counts_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: registered_user_term_counts_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_term_counts_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  DELETE FROM registered_user_term_counts;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_term_counts_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_term_counts_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO registered_user_term_counts AS c (term, branch_code, n)
  SELECT term, branch_code, sum(d)
    FROM (SELECT t.term, o.branch_code, -1 AS d
            FROM (SELECT cust_id, name, mobile_no, branch_code FROM old_rows
                  EXCEPT ALL
                  SELECT cust_id, name, mobile_no, branch_code FROM new_rows) o,
                 registered_user_terms(o.name, o.cust_id, o.mobile_no) t(term)
          UNION ALL
          SELECT t.term, n.branch_code, 1
            FROM (SELECT cust_id, name, mobile_no, branch_code FROM new_rows
                  EXCEPT ALL
                  SELECT cust_id, name, mobile_no, branch_code FROM old_rows) n,
                 registered_user_terms(n.name, n.cust_id, n.mobile_no) t(term)) x
   GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (term, branch_code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;

--
-- Name: registered_user_terms(text, integer, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.registered_user_terms(name text, cust_id integer, mobile_no text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT DISTINCT substr(f, i, l)
    FROM unnest(ARRAY[lower(name), lpad(cust_id::text, 6, '0'), lower(mobile_no)]) f,
         generate_series(1, 2) l,
         generate_series(1, char_length(f) - l + 1) i
$$;

--
-- Name: regulatory_return_filings_frozen(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.regulatory_return_filings_frozen() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'a filed return is never changed: % is not allowed; file a new version instead', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

--
-- Name: sanctions_norm(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.sanctions_norm(raw text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
  SELECT coalesce(string_agg(w, ' ' ORDER BY w COLLATE "C"), '')
  FROM (
    SELECT CASE WHEN w ~ '^m[ou]h?a?m[ae]d$' THEN 'mohamed' ELSE w END AS w
    FROM (
      SELECT replace(replace(replace(regexp_replace(w, '(.)\1+', '\1', 'g'), 'ou', 'u'), 'ph', 'f'), 'kh', 'k') AS w
      FROM unnest(regexp_split_to_array(
        translate(lower(raw), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźžż',
                              'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz'),
        '[^a-z]+')) AS w
      WHERE w <> ''
        AND w NOT IN ('alhaji', 'alhaja', 'alhajji', 'alhajj', 'alhadji', 'hajji', 'haji', 'hadji', 'hajia', 'haja',
                      'hadja', 'hajja', 'al', 'el', 'mr', 'mrs', 'ms', 'dr')
    ) a
  ) b
$_$;

--
-- Name: staff_permissions_of(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.staff_permissions_of(uid uuid) RETURNS text[]
    LANGUAGE sql STABLE
    AS $$
  SELECT coalesce(array_agg(DISTINCT rp.permission ORDER BY rp.permission), '{}')
  FROM staff_roles sr
  JOIN roles r ON r.id = sr.role_id AND r.retired_at IS NULL
  JOIN role_permissions rp ON rp.role_id = sr.role_id
  WHERE sr.user_id = uid
$$;

--
-- Name: staff_permissions_refresh_holders(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.staff_permissions_refresh_holders(rid uuid) RETURNS void
    LANGUAGE sql
    AS $$
  UPDATE staff s SET permissions = staff_permissions_of(s.user_id)
  WHERE s.user_id IN (SELECT user_id FROM staff_roles WHERE role_id = rid)
$$;

--
-- Name: staff_permissions_refresh_role(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.staff_permissions_refresh_role() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM staff_permissions_refresh_holders(NEW.id);
  RETURN NULL;
END $$;

--
-- Name: staff_permissions_refresh_role_permission(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.staff_permissions_refresh_role_permission() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM staff_permissions_refresh_holders(CASE WHEN TG_OP = 'DELETE' THEN OLD.role_id ELSE NEW.role_id END);
  RETURN NULL;
END $$;

--
-- Name: staff_permissions_refresh_user(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.staff_permissions_refresh_user() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE staff SET permissions = staff_permissions_of(NEW.user_id) WHERE user_id = NEW.user_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE staff SET permissions = staff_permissions_of(OLD.user_id) WHERE user_id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;

--
-- Name: standing_order_date(date, text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.standing_order_date(anchor date, frequency text, n integer) RETURNS date
    LANGUAGE sql IMMUTABLE STRICT
    AS $$
  SELECT (anchor + n * CASE frequency
    WHEN 'weekly' THEN interval '7 days'
    WHEN 'monthly' THEN interval '1 month'
    WHEN 'quarterly' THEN interval '3 months'
    ELSE interval '1 year' END)::date
$$;

--
-- Name: till_sessions_balance_guard(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.till_sessions_balance_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a till session''s balance changes only by posting to its till'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'till_sessions_balance_by_lines';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: till_sessions_start_empty(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.till_sessions_start_empty() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a till session starts empty; its allocation is posted from the vault'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'till_sessions_balance_by_lines';
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: transactions_append_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.transactions_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  RAISE EXCEPTION 'transactions are append-only: % is not allowed; post a reversal instead', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

--
-- Name: transactions_post(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.transactions_post() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  a accounts%ROWTYPE;
  e record;
  last_at timestamptz;
  last_id bigint;
  expected numeric(18,2);
  eff_limit numeric(18,2);
  overdrawn date;
  new_band integer;
  dep_delta numeric;
  signed numeric;
BEGIN
  -- The entry (this transaction's, still open), then the account, moved and locked: serialises
  -- postings per account (a no-op when postEntry already holds this lock). Refusals keep their order:
  -- a Dormant account's debit, then the entry, then the account's lifecycle and funds.
  SELECT posted_at, source, business_date, maker_id INTO e FROM journal_entries WHERE id = NEW.entry_id;
  -- The account moved and locked in one statement; every refusal below raises and so undoes it.
  -- `expected` is the balance after the line; `a` is the row as it was before it (its balance put
  -- back here, its band where the band is compared).
  signed := CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END;
  UPDATE accounts SET balance = balance + signed, balance_band = balance_band_of(balance + signed)
   WHERE id = NEW.account_id RETURNING * INTO a;
  expected := a.balance;
  a.balance := expected - signed;
  -- One test for the usual case (an Active account, the entry open); the refusals, in order, only
  -- when it fails.
  IF a.status IS DISTINCT FROM 'Active' OR e.posted_at IS DISTINCT FROM now() THEN
    IF NEW.direction = 'debit' AND a.status = 'Dormant'
       AND (e.source IS NULL OR e.source NOT IN ('end_of_day', 'system', 'migration', 'seed')) THEN
      RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
    END IF;
    IF e.posted_at IS NULL THEN
      RAISE EXCEPTION 'journal entry % does not exist', NEW.entry_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF e.posted_at <> now() THEN
      RAISE EXCEPTION 'journal entry % is already posted; lines cannot be added to it', NEW.entry_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_entry_open';
    END IF;
    IF a.id IS NULL THEN
      RAISE EXCEPTION 'account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF a.status = 'Closed' THEN
      RAISE EXCEPTION 'account % is closed', a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_open';
    END IF;
    IF a.status IN ('Submitted', 'Approved', 'Rejected') THEN
      RAISE EXCEPTION 'account % is % and takes no postings', a.account_number, a.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_active';
    END IF;
    IF a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN
      RAISE EXCEPTION 'account % is blocked: nothing may be posted', a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_account_blocked';
    END IF;
    IF a.status = 'Blocked' AND NEW.direction = 'debit' THEN
      RAISE EXCEPTION 'account % is blocked for debits', a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_debit_blocked';
    END IF;
  END IF;
  SELECT posted_at, id INTO last_at, last_id FROM transactions
   WHERE account_id = NEW.account_id ORDER BY posted_at DESC, id DESC LIMIT 1;
  IF FOUND AND (NEW.posted_at, NEW.id) <= (last_at, last_id) THEN
    RAISE EXCEPTION 'posting at % would precede the latest posting (% / id %) of account %; back-date with value_date instead',
      NEW.posted_at, last_at, last_id, NEW.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_posting_order';
  END IF;
  IF NEW.balance_after IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'balance_after % does not continue the running balance of account % (expected %)',
      NEW.balance_after, NEW.account_id, expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
  END IF;
  -- The funds rule that was accounts' CHECK (ADR 0096): a loan is money owed, anything else stays
  -- within its overdraft limit.
  IF NOT account_within_limit(a.account_type, expected, a.overdraft_limit) THEN
    RAISE EXCEPTION 'account % would leave its limit: balance % (%)', a.account_number, expected,
      CASE WHEN a.account_type = 'Loan' THEN 'a loan is never in credit' ELSE 'overdraft limit ' || a.overdraft_limit END
      USING ERRCODE = 'check_violation', CONSTRAINT = 'accounts_balance_check';
  END IF;
  IF NEW.direction = 'debit' AND a.account_type <> 'Loan' AND expected >= -a.overdraft_limit THEN
    eff_limit := CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= current_business_date() THEN a.overdraft_limit ELSE 0 END;
    IF expected < account_held(a.id, a.held) - eff_limit THEN
      RAISE EXCEPTION 'a debit of % would leave account % below its available balance', NEW.amount, a.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_available';
    END IF;
  END IF;
  -- overdrawn_since is set only when it changes (a deposit account crossing zero): an UPDATE that
  -- names it fires the accounts list's search trigger, whose WHEN is prepared for every statement.
  -- The business date is read only when a rule needs it: an expiring overdraft (above), or a deposit
  -- account going overdrawn today (coalesce evaluates it only then).
  overdrawn := CASE WHEN expected < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, current_business_date()) END;
  new_band := a.balance_band;
  a.balance_band := balance_band_of(a.balance);
  IF overdrawn IS DISTINCT FROM a.overdrawn_since THEN
    UPDATE accounts SET overdrawn_since = overdrawn WHERE id = NEW.account_id;
  END IF;
  -- The dashboard's totals and the registered-users balance follow the balance here, from the row
  -- this trigger already holds, rather than in row triggers on accounts (ADR 0043). ledger_post_entry's
  -- lines do not come here: it writes them once for its whole entry (ADR 0100).
  -- The upserts are banking_stats_bump's, written out: a SQL function that writes is not inlined,
  -- and its call cost more than the upsert.
  IF a.account_type = 'Loan' THEN
    IF a.status = 'Active' AND (a.balance < 0) <> (expected < 0) THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      VALUES ('active_loans', '', banking_stats_slot(a.id), CASE WHEN expected < 0 THEN 1 ELSE -1 END)
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
  ELSIF a.status <> 'Closed' THEN
    dep_delta := greatest(expected, 0) - greatest(a.balance, 0);
    IF dep_delta <> 0 THEN
      INSERT INTO banking_stats AS s (metric, currency, slot, value)
      VALUES ('total_deposits', a.currency, banking_stats_slot(a.id), dep_delta)
      ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value;
    END IF;
  END IF;
  UPDATE registered_user_balances b SET balance = expected
    FROM mobile_banking_subscriptions s
   WHERE s.pay_account_id = a.id AND b.cust_id = s.cust_id;
  IF new_band IS DISTINCT FROM a.balance_band THEN
    UPDATE registered_user_keys k SET balance_band = new_band
      FROM mobile_banking_subscriptions s
     WHERE s.pay_account_id = a.id AND k.cust_id = s.cust_id;
    -- The accounts list's search row, ordered by band (account_search_changed no longer fires on a
    -- balance: migration 0116).
    UPDATE account_search SET balance_band = new_band WHERE id = a.id;
  END IF;
  -- The daily limits' totals (ADR 0040): a debit of a teller, transfer or posting entry.
  IF NEW.direction = 'debit' AND e.source IN ('teller', 'transfer', 'posting') THEN
    INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
    VALUES (e.business_date, a.id, e.source, NEW.amount)
    ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
    IF e.maker_id IS NOT NULL THEN
      INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
      VALUES (e.business_date, e.maker_id, e.source, a.currency, maker_daily_debits_slot(a.id), NEW.amount)
      ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

--
-- Name: transactions_post_bulk(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.transactions_post_bulk() RETURNS trigger
    LANGUAGE plpgsql
    SET enable_hashjoin TO 'off'
    AS $$
DECLARE
  bulk bigint := nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
  bd date;
  lines bigint;
  applied bigint;
  bad record;
  src text;
BEGIN
  IF bulk IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO lines FROM inserted WHERE entry_id = bulk;
  IF lines = 0 THEN
    RETURN NULL;
  END IF;
  -- The dormancy rule first, as the row path refuses it before anything else: a Dormant account's
  -- debit, unless end of day or the system posts it (the entry's source).
  SELECT source INTO src FROM journal_entries WHERE id = bulk;
  IF src IS NULL OR src NOT IN ('end_of_day', 'system', 'migration', 'seed') THEN
    SELECT a.account_number INTO bad FROM inserted n JOIN accounts a ON a.id = n.account_id
     WHERE n.entry_id = bulk AND n.direction = 'debit' AND a.status = 'Dormant'
     ORDER BY n.id LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'account % is Dormant: debits are refused until it is reactivated', bad.account_number
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_dormant_debit';
    END IF;
  END IF;
  bd := current_business_date();
  -- What transactions_entry_guard skipped for these lines: the entry is this transaction's, open.
  PERFORM journal_entry_is_open(bulk);
  PERFORM set_config('ledger.bulk_applying', 'on', true);
  -- The update takes the row trigger's lock itself, in id order (as postEntry does, so no deadlock
  -- with it): the lines are read sorted by account, and with no hash join to plan (the function's
  -- SET enable_hashjoin = off) each account is reached in that order (ADR 0088). A separate
  -- SELECT … FOR NO KEY UPDATE first wrote a lock into every row the update then rewrote.
  WITH moved AS (
    UPDATE accounts a SET balance = n.balance_after, balance_band = balance_band_of(n.balance_after),
           overdrawn_since = CASE WHEN n.balance_after < 0 AND a.account_type <> 'Loan' THEN coalesce(a.overdrawn_since, bd) END
      FROM (SELECT * FROM inserted WHERE entry_id = bulk ORDER BY account_id) n
     WHERE a.id = n.account_id
       AND a.status IN ('Active', 'Dormant', 'Blocked')
       AND NOT (a.status = 'Blocked' AND (a.block_kind IS DISTINCT FROM 'debit' OR n.direction = 'debit'))
       AND n.balance_after = a.balance + CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END
       AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = n.account_id AND t.id <> n.id
                          AND (t.posted_at, t.id) >= (n.posted_at, n.id))
       AND NOT (n.direction = 'debit' AND a.account_type <> 'Loan' AND n.balance_after >= -a.overdraft_limit
                AND n.balance_after < account_held(a.id, a.held)
                  - CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END)
       -- The funds rule (accounts_balance_check, kept by the writers: ADR 0096), so that a refusal
       -- is diagnosed below in rule order.
       AND account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
    RETURNING a.id, a.currency, a.account_type, a.status, a.balance_band, n.balance_after AS after,
              n.balance_after - CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END AS before),
  -- What accounts_stats and registered_user_keys_from_account skip while bulk_applying is on, from the
  -- rows the update returned: the dashboard's totals, and the registered users' balance and band.
  deltas AS (
    SELECT 'total_deposits' AS metric, currency, banking_stats_slot(id) AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, banking_stats_slot(id)
    UNION ALL
    SELECT 'active_loans', '', banking_stats_slot(id), sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY banking_stats_slot(id)),
  stats AS (
    INSERT INTO banking_stats AS s (metric, currency, slot, value)
    SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
    ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value),
  subscribed AS (
    SELECT s.cust_id, m.after, m.balance_band FROM moved m JOIN mobile_banking_subscriptions s ON s.pay_account_id = m.id),
  balances AS (
    UPDATE registered_user_balances b SET balance = u.after FROM subscribed u WHERE b.cust_id = u.cust_id),
  bands AS (
    UPDATE registered_user_keys k SET balance_band = u.balance_band
      FROM subscribed u WHERE k.cust_id = u.cust_id AND k.balance_band <> u.balance_band),
  -- The accounts list's search row, ordered by band, once per account whose band moved.
  searched AS (
    UPDATE account_search s SET balance_band = m.balance_band
      FROM moved m WHERE s.id = m.id AND s.balance_band <> m.balance_band)
  SELECT count(*) INTO applied FROM moved;
  PERFORM set_config('ledger.bulk_applying', 'off', true);
  IF applied <> lines THEN
    SELECT account_id INTO bad FROM inserted WHERE entry_id = bulk GROUP BY account_id HAVING count(*) > 1 LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'a bulk posting names account % more than once', bad.account_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'transactions_running_balance';
    END IF;
    -- The first refused line by the row trigger's order of rules (the lifecycle before the funds).
    SELECT * INTO bad FROM (
      SELECT n.account_id, a.account_number, a.status, n.direction,
             CASE
               WHEN a.id IS NULL THEN 'missing'
               WHEN a.status = 'Closed' THEN 'transactions_account_open'
               WHEN a.status IN ('Submitted', 'Approved', 'Rejected') THEN 'transactions_account_active'
               WHEN a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN 'transactions_account_blocked'
               WHEN a.status = 'Blocked' AND n.direction = 'debit' THEN 'transactions_debit_blocked'
               WHEN EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = n.account_id AND t.id <> n.id
                               AND (t.posted_at, t.id) >= (n.posted_at, n.id))
                 THEN 'transactions_posting_order'
               WHEN n.balance_after IS DISTINCT FROM a.balance + CASE n.direction WHEN 'credit' THEN n.amount ELSE -n.amount END
                 THEN 'transactions_running_balance'
               WHEN NOT account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
                 THEN 'accounts_balance_check'
               ELSE 'transactions_available'
             END AS why
        FROM inserted n LEFT JOIN accounts a ON a.id = n.account_id
       WHERE n.entry_id = bulk AND (a.id IS NULL OR a.balance IS DISTINCT FROM n.balance_after)
    ) r
    ORDER BY array_position(ARRAY['missing', 'transactions_account_open', 'transactions_account_active',
               'transactions_account_blocked', 'transactions_debit_blocked', 'transactions_posting_order',
               'transactions_running_balance', 'accounts_balance_check', 'transactions_available'], r.why), r.account_id
    LIMIT 1;
    IF FOUND AND bad.why = 'missing' THEN
      RAISE EXCEPTION 'account % does not exist', bad.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'account % refuses this bulk line (%: status %, %)',
      coalesce(bad.account_number, '?'), coalesce(bad.why, 'transactions_running_balance'), bad.status, bad.direction
      USING ERRCODE = 'check_violation', CONSTRAINT = coalesce(bad.why, 'transactions_running_balance');
  END IF;
  RETURN NULL;
END;
$$;

--
-- Name: transactions_post_many(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.transactions_post_many() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  lo bigint := nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint;
  hi bigint := nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint;
  bd date;
  lines bigint;
  bad record;
  applied bigint;
BEGIN
  IF lo IS NULL OR hi IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO lines FROM inserted WHERE entry_id BETWEEN lo AND hi;
  IF lines = 0 THEN
    RETURN NULL;
  END IF;
  bd := current_business_date();
  -- What transactions_entry_guard skipped: every entry exists and is this transaction's, still open.
  SELECT n.entry_id INTO bad
    FROM (SELECT DISTINCT entry_id FROM inserted WHERE entry_id BETWEEN lo AND hi) n
    LEFT JOIN journal_entries je ON je.id = n.entry_id
   WHERE je.posted_at IS DISTINCT FROM now()
   LIMIT 1;
  IF FOUND THEN
    PERFORM journal_entry_is_open(bad.entry_id); -- raises its own refusal
  END IF;
  -- The row trigger's lock, taken in id order (as postEntry does), so no deadlock with it.
  PERFORM 1 FROM accounts WHERE id IN (SELECT account_id FROM inserted WHERE entry_id BETWEEN lo AND hi)
    ORDER BY id FOR NO KEY UPDATE;
  -- Every line by transactions_post's rules (and transactions_dormant_debit's), in their order; an
  -- account named by several lines has its balance continued across them in posting order.
  SELECT * INTO bad FROM (
    SELECT n.account_id, a.account_number, a.status, n.direction,
           CASE
             WHEN a.id IS NULL THEN 'missing'
             WHEN a.status = 'Closed' THEN 'transactions_account_open'
             WHEN a.status IN ('Submitted', 'Approved', 'Rejected') THEN 'transactions_account_active'
             WHEN a.status = 'Blocked' AND a.block_kind IS DISTINCT FROM 'debit' THEN 'transactions_account_blocked'
             WHEN a.status = 'Blocked' AND n.direction = 'debit' THEN 'transactions_debit_blocked'
             WHEN a.status = 'Dormant' AND n.direction = 'debit'
                  AND (SELECT je.source FROM journal_entries je WHERE je.id = n.entry_id)
                      NOT IN ('end_of_day', 'system', 'migration', 'seed')
               THEN 'transactions_dormant_debit'
             WHEN n.first_of_account AND EXISTS (
                    SELECT 1 FROM transactions t WHERE t.account_id = n.account_id
                       AND (t.posted_at, t.id) >= (n.posted_at, n.id) AND t.id <> ALL (n.statement_ids))
               THEN 'transactions_posting_order'
             WHEN n.balance_after IS DISTINCT FROM a.balance + n.moved THEN 'transactions_running_balance'
             WHEN NOT account_within_limit(a.account_type, n.balance_after, a.overdraft_limit)
               THEN 'accounts_balance_check'
             WHEN n.direction = 'debit' AND a.account_type <> 'Loan'
                  AND n.balance_after < account_held(a.id, a.held)
                    - CASE WHEN a.overdraft_expires_on IS NULL OR a.overdraft_expires_on >= bd THEN a.overdraft_limit ELSE 0 END
               THEN 'transactions_available'
           END AS why
      FROM (SELECT i.*,
                   sum(CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END)
                     OVER (PARTITION BY i.account_id ORDER BY i.posted_at, i.id) AS moved,
                   row_number() OVER (PARTITION BY i.account_id ORDER BY i.posted_at, i.id) = 1 AS first_of_account,
                   array_agg(i.id) OVER (PARTITION BY i.account_id) AS statement_ids
              FROM inserted i WHERE i.entry_id BETWEEN lo AND hi) n
      LEFT JOIN accounts a ON a.id = n.account_id
  ) r
  WHERE r.why IS NOT NULL
  ORDER BY array_position(ARRAY['missing', 'transactions_account_open', 'transactions_account_active',
             'transactions_account_blocked', 'transactions_debit_blocked', 'transactions_dormant_debit',
             'transactions_posting_order', 'transactions_running_balance', 'accounts_balance_check',
             'transactions_available'], r.why), r.account_id
  LIMIT 1;
  IF FOUND THEN
    IF bad.why = 'missing' THEN
      RAISE EXCEPTION 'account % does not exist', bad.account_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'account % refuses this bulk line (%: status %, %)', bad.account_number, bad.why, bad.status, bad.direction
      USING ERRCODE = 'check_violation', CONSTRAINT = bad.why;
  END IF;
  -- Each account once, from its lines: its balance before the statement, after its last line, and
  -- whether a line left it at or above zero (where the row path would have cleared overdrawn_since).
  -- The balances were checked above, so every account named moves.
  PERFORM set_config('ledger.bulk_applying', 'on', true);
  WITH m AS (
    SELECT i.account_id,
           (array_agg(i.balance_after - CASE i.direction WHEN 'credit' THEN i.amount ELSE -i.amount END
                      ORDER BY i.posted_at, i.id))[1] AS before,
           (array_agg(i.balance_after ORDER BY i.posted_at DESC, i.id DESC))[1] AS after,
           bool_or(i.balance_after >= 0) AS touched_zero
      FROM inserted i WHERE i.entry_id BETWEEN lo AND hi GROUP BY i.account_id
  ), moved AS (
    UPDATE accounts a SET balance = m.after, balance_band = balance_band_of(m.after),
           overdrawn_since = CASE WHEN m.after < 0 AND a.account_type <> 'Loan'
                                  THEN CASE WHEN m.touched_zero THEN bd ELSE coalesce(a.overdrawn_since, bd) END END
      FROM m WHERE a.id = m.account_id
    RETURNING a.id, a.currency, a.account_type, a.status, a.balance_band, m.before, m.after
  ), deltas AS (
    -- The dashboard's totals (what transactions_post bumps per line), once per account.
    SELECT 'total_deposits' AS metric, currency, banking_stats_slot(id) AS slot,
           sum(greatest(after, 0) - greatest(before, 0)) AS d
      FROM moved WHERE account_type <> 'Loan' AND status <> 'Closed' GROUP BY currency, banking_stats_slot(id)
    UNION ALL
    SELECT 'active_loans', '', banking_stats_slot(id), sum((after < 0)::int - (before < 0)::int)
      FROM moved WHERE account_type = 'Loan' AND status = 'Active' GROUP BY banking_stats_slot(id)
  ), stats AS (
    INSERT INTO banking_stats AS s (metric, currency, slot, value)
    SELECT metric, currency, slot, d FROM deltas WHERE d <> 0
    ON CONFLICT (metric, currency, slot) DO UPDATE SET value = s.value + excluded.value
  ), subscribed AS (
    -- The registered users' balance and band, from the accounts as the statement left them.
    SELECT s.cust_id, mv.after, mv.balance_band FROM moved mv JOIN mobile_banking_subscriptions s ON s.pay_account_id = mv.id
  ), balances AS (
    UPDATE registered_user_balances b SET balance = u.after FROM subscribed u WHERE b.cust_id = u.cust_id
  ), bands AS (
    UPDATE registered_user_keys k SET balance_band = u.balance_band
      FROM subscribed u WHERE k.cust_id = u.cust_id AND k.balance_band <> u.balance_band
  ), searched AS (
    -- The accounts list's search row, ordered by band, once per account whose band moved.
    UPDATE account_search s SET balance_band = mv.balance_band
      FROM moved mv WHERE s.id = mv.id AND s.balance_band <> mv.balance_band
  )
  SELECT count(*) INTO applied FROM moved;
  PERFORM set_config('ledger.bulk_applying', 'off', true);
  -- What transactions_daily_debits skipped: the day's debits per account and per maker.
  INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
  SELECT je.business_date, i.account_id, je.source, sum(i.amount)
    FROM inserted i JOIN journal_entries je ON je.id = i.entry_id
   WHERE i.entry_id BETWEEN lo AND hi AND i.direction = 'debit' AND je.source IN ('teller', 'transfer', 'posting')
   GROUP BY je.business_date, i.account_id, je.source
  ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
  INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
  SELECT je.business_date, je.maker_id, je.source, a.currency, maker_daily_debits_slot(a.id), sum(i.amount)
    FROM inserted i JOIN journal_entries je ON je.id = i.entry_id JOIN accounts a ON a.id = i.account_id
   WHERE i.entry_id BETWEEN lo AND hi AND i.direction = 'debit' AND je.source IN ('teller', 'transfer', 'posting')
     AND je.maker_id IS NOT NULL
   GROUP BY je.business_date, je.maker_id, je.source, a.currency, maker_daily_debits_slot(a.id)
  ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
  RETURN NULL;
END;
$$;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);

--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;

--
-- Name: account_activity; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_activity (
    account_id bigint NOT NULL,
    last_customer_activity date,
    reactivated_on date
);

--
-- Name: account_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_counts (
    account_type text NOT NULL,
    status text NOT NULL,
    branch_code text NOT NULL,
    n bigint DEFAULT 0 NOT NULL,
    product_code text NOT NULL
);

--
-- Name: account_daily_debits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_daily_debits (
    business_date date NOT NULL,
    account_id bigint NOT NULL,
    source text NOT NULL,
    total numeric(18,2) NOT NULL
);

--
-- Name: account_holds; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_holds (
    id bigint NOT NULL,
    account_id bigint NOT NULL,
    amount numeric(18,2) NOT NULL,
    reason text NOT NULL,
    expires_on date,
    placed_by text NOT NULL,
    placed_at timestamp with time zone DEFAULT now() NOT NULL,
    released_by text,
    released_at timestamp with time zone,
    release_reason text,
    CONSTRAINT account_holds_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT account_holds_release_check CHECK (((released_at IS NULL) = (released_by IS NULL)))
);

--
-- Name: account_holds_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.account_holds ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.account_holds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: account_interest; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_interest (
    account_id bigint NOT NULL,
    credit_accrued numeric(30,10) DEFAULT '0'::numeric NOT NULL,
    credit_booked numeric(18,2) DEFAULT 0.00 NOT NULL,
    credit_through date,
    debit_accrued numeric(30,10) DEFAULT '0'::numeric NOT NULL,
    debit_booked numeric(18,2) DEFAULT 0.00 NOT NULL,
    debit_through date
)
WITH (fillfactor='70');

--
-- Name: account_search; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_search (
    id bigint NOT NULL,
    account_number text NOT NULL,
    cust_id integer NOT NULL,
    account_type text NOT NULL,
    status text NOT NULL,
    branch_code text NOT NULL,
    product_code text NOT NULL,
    overdrawn_since date,
    opened_on date NOT NULL,
    maturity_date date,
    balance_band smallint NOT NULL,
    name text NOT NULL
);

--
-- Name: account_serial_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.account_serial_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: accounting_periods; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounting_periods (
    period text NOT NULL,
    kind text NOT NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    closed_by text,
    closed_at timestamp with time zone,
    CONSTRAINT accounting_periods_kind_check CHECK ((kind = ANY (ARRAY['month'::text, 'year'::text]))),
    CONSTRAINT accounting_periods_status_check CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text])))
);

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id bigint NOT NULL,
    account_number public.account_number NOT NULL,
    cust_id integer NOT NULL,
    product_code text NOT NULL,
    account_type public.account_type NOT NULL,
    currency public.currency_code NOT NULL,
    status public.account_status DEFAULT 'Active'::text NOT NULL,
    opened_on date NOT NULL,
    branch_code text NOT NULL,
    ledger_code text NOT NULL,
    balance numeric(18,2) DEFAULT 0.00 NOT NULL,
    overdraft_limit public.non_negative_money DEFAULT 0.00 NOT NULL,
    block_kind text,
    closed_on date,
    overdraft_expires_on date,
    overdrawn_since date,
    held public.non_negative_money DEFAULT 0.00 NOT NULL,
    tenor_months integer,
    maturity_date date,
    rollover text,
    payout_account_id bigint,
    opening_reference text,
    balance_band smallint DEFAULT 0 NOT NULL
)
WITH (fillfactor='45');

--
-- Name: accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.accounts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.accounts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: aml_alerts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_alerts (
    id bigint NOT NULL,
    scenario text NOT NULL,
    rule_version integer NOT NULL,
    customer_id integer NOT NULL,
    business_date date NOT NULL,
    score integer NOT NULL,
    amount numeric(18,2) NOT NULL,
    currency text NOT NULL,
    entry_ids bigint[] NOT NULL,
    facts jsonb DEFAULT '{}'::jsonb NOT NULL,
    case_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: aml_alerts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.aml_alerts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.aml_alerts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: aml_case_attachments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_case_attachments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    case_id uuid NOT NULL,
    object_path text NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    size bigint NOT NULL,
    uploaded_by uuid NOT NULL,
    uploaded_by_email text NOT NULL,
    uploaded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT aml_case_attachments_name_check CHECK (((length(file_name) >= 1) AND (length(file_name) <= 200)))
);

--
-- Name: aml_case_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_case_events (
    id bigint NOT NULL,
    case_id uuid NOT NULL,
    kind text NOT NULL,
    actor_id uuid,
    actor_email text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    from_status text,
    to_status text,
    text text
);

--
-- Name: aml_case_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.aml_case_events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.aml_case_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: aml_cases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_cases (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    customer_id integer NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    assignee_id uuid,
    assignee_email text,
    opened_at timestamp with time zone DEFAULT now() NOT NULL,
    opened_by text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_reason text,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT aml_cases_closed_reason_check CHECK (((status <> 'closed_no_action'::text) OR (closed_reason IS NOT NULL))),
    CONSTRAINT aml_cases_status_check CHECK ((status = ANY (ARRAY['open'::text, 'under_investigation'::text, 'escalated'::text, 'closed_no_action'::text, 'str_filed'::text])))
);

--
-- Name: aml_ctr_filed_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_ctr_filed_days (
    business_date date NOT NULL,
    filing_id uuid NOT NULL
);

--
-- Name: aml_ctr_filing_rows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_ctr_filing_rows (
    filing_id uuid NOT NULL,
    business_date date NOT NULL,
    cust_id integer NOT NULL,
    currency text NOT NULL,
    direction text NOT NULL,
    total numeric(18,2) NOT NULL,
    count integer NOT NULL,
    transactions jsonb NOT NULL,
    CONSTRAINT aml_ctr_filing_rows_direction_check CHECK ((direction = ANY (ARRAY['in'::text, 'out'::text])))
);

--
-- Name: aml_ctr_filings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_ctr_filings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reference text NOT NULL,
    period text NOT NULL,
    period_from date NOT NULL,
    period_to date NOT NULL,
    reports integer NOT NULL,
    xml text NOT NULL,
    csv text NOT NULL,
    content_hash text NOT NULL,
    prepared_by_id uuid NOT NULL,
    prepared_by text NOT NULL,
    prepared_at timestamp with time zone DEFAULT now() NOT NULL,
    fiu_submitted_on date,
    fiu_reference text,
    submitted_by text,
    submitted_at timestamp with time zone,
    CONSTRAINT aml_ctr_filings_period_check CHECK ((period = ANY (ARRAY['day'::text, 'month'::text]))),
    CONSTRAINT aml_ctr_filings_range CHECK ((period_from <= period_to)),
    CONSTRAINT aml_ctr_filings_submission CHECK ((((fiu_submitted_on IS NULL) = (fiu_reference IS NULL)) AND ((fiu_reference IS NULL) = (submitted_by IS NULL))))
);

--
-- Name: aml_rules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_rules (
    scenario text NOT NULL,
    description text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    score integer NOT NULL,
    params jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by text,
    CONSTRAINT aml_rules_scenario_check CHECK ((scenario = ANY (ARRAY['structuring'::text, 'cash_aggregation'::text, 'rapid_movement'::text, 'dormant_awakening'::text, 'profile_mismatch'::text, 'high_risk_activity'::text, 'many_counterparties'::text]))),
    CONSTRAINT aml_rules_score_check CHECK (((score >= 1) AND (score <= 100)))
);

--
-- Name: aml_str_reference_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.aml_str_reference_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: aml_str_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.aml_str_reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reference text NOT NULL,
    case_id uuid NOT NULL,
    cust_id integer NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    accounts jsonb NOT NULL,
    transactions jsonb NOT NULL,
    grounds jsonb NOT NULL,
    narrative text NOT NULL,
    action text NOT NULL,
    prepared_by_id uuid NOT NULL,
    prepared_by text NOT NULL,
    prepared_at timestamp with time zone DEFAULT now() NOT NULL,
    approval_id uuid,
    approved_by text,
    approved_at timestamp with time zone,
    xml text,
    content_hash text,
    fiu_submitted_on date,
    fiu_reference text,
    submitted_by text,
    submitted_at timestamp with time zone,
    CONSTRAINT aml_str_reports_frozen CHECK (((status = ANY (ARRAY['approved'::text, 'submitted'::text])) = ((xml IS NOT NULL) AND (content_hash IS NOT NULL) AND (approved_by IS NOT NULL)))),
    CONSTRAINT aml_str_reports_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'pending_approval'::text, 'approved'::text, 'submitted'::text]))),
    CONSTRAINT aml_str_reports_submitted CHECK (((status = 'submitted'::text) = (fiu_reference IS NOT NULL)))
);

--
-- Name: announcements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.announcements (
    id integer NOT NULL,
    title text NOT NULL,
    date date NOT NULL,
    content text NOT NULL,
    priority text NOT NULL,
    is_new boolean DEFAULT true NOT NULL,
    CONSTRAINT announcements_priority_check CHECK ((priority = ANY (ARRAY['high'::text, 'medium'::text, 'low'::text])))
);

--
-- Name: announcements_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.announcements ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.announcements_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: app_meta; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.app_meta (
    key text NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: approval_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.approval_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    type text NOT NULL,
    subject_type text NOT NULL,
    subject_id text NOT NULL,
    command jsonb NOT NULL,
    before jsonb,
    after jsonb,
    maker_id uuid NOT NULL,
    maker_email text NOT NULL,
    branch text,
    amount numeric(18,2),
    currency text,
    status text DEFAULT 'pending'::text NOT NULL,
    subject_version text,
    business_date date NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    expires_at timestamp(6) with time zone,
    decided_by uuid,
    decided_by_email text,
    decided_at timestamp(6) with time zone,
    reason text,
    reference text,
    CONSTRAINT approval_requests_amount_check CHECK (((amount IS NULL) OR (amount > (0)::numeric))),
    CONSTRAINT approval_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'withdrawn'::text, 'expired'::text])))
);

--
-- Name: audit_chain_meta; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_chain_meta (
    id integer NOT NULL,
    chain_id uuid DEFAULT gen_random_uuid() NOT NULL,
    legacy_until_id bigint NOT NULL,
    keyed_since timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT audit_chain_meta_id_check CHECK ((id = 1))
);

--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: auth_mfa_challenges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_mfa_challenges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    factor_id uuid NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    verified_at timestamp(6) with time zone,
    ip text
);

--
-- Name: auth_mfa_factors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_mfa_factors (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    friendly_name text,
    factor_type text DEFAULT 'totp'::text NOT NULL,
    status text DEFAULT 'unverified'::text NOT NULL,
    secret text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    last_totp_step bigint
);

--
-- Name: auth_one_time_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_one_time_tokens (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    type text NOT NULL,
    token_hash text NOT NULL,
    email text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: auth_one_time_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.auth_one_time_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: auth_one_time_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.auth_one_time_tokens_id_seq OWNED BY public.auth_one_time_tokens.id;

--
-- Name: auth_rate_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_rate_limits (
    key text NOT NULL,
    hits integer DEFAULT 0 NOT NULL,
    window_start timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: auth_refresh_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_refresh_tokens (
    id bigint NOT NULL,
    token_hash text NOT NULL,
    session_id uuid NOT NULL,
    revoked_at timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: auth_refresh_tokens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.auth_refresh_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: auth_refresh_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.auth_refresh_tokens_id_seq OWNED BY public.auth_refresh_tokens.id;

--
-- Name: auth_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    aal text DEFAULT 'aal1'::text NOT NULL,
    amr jsonb DEFAULT '[]'::jsonb NOT NULL,
    user_agent text,
    ip text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: auth_signing_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_signing_keys (
    kid text NOT NULL,
    private_jwk jsonb NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: auth_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auth_users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text,
    phone text,
    password_hash text,
    email_confirmed_at timestamp(6) with time zone,
    invited_at timestamp(6) with time zone,
    confirmation_sent_at timestamp(6) with time zone,
    recovery_sent_at timestamp(6) with time zone,
    email_change text,
    last_sign_in_at timestamp(6) with time zone,
    app_metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    user_metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    banned_until timestamp(6) with time zone,
    is_anonymous boolean DEFAULT false NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: bank_business_date; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bank_business_date (
    id boolean DEFAULT true NOT NULL,
    business_date date,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    closing_run_id bigint,
    CONSTRAINT bank_business_date_one_row CHECK (id)
);

--
-- Name: bank_capital; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bank_capital (
    month text NOT NULL,
    amount numeric(20,2) NOT NULL,
    entered_by uuid NOT NULL,
    entered_by_email text NOT NULL,
    entered_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT bank_capital_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT bank_capital_month_check CHECK ((month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'::text))
);

--
-- Name: banking_stats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.banking_stats (
    metric text NOT NULL,
    currency text DEFAULT ''::text NOT NULL,
    slot integer NOT NULL,
    value numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

--
-- Name: branches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.branches (
    code text NOT NULL,
    name text NOT NULL,
    town text NOT NULL
);

--
-- Name: customer_contacts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_contacts (
    id bigint NOT NULL,
    cust_id integer NOT NULL,
    channel text NOT NULL,
    summary text NOT NULL,
    at timestamp with time zone NOT NULL,
    logged_by text NOT NULL,
    logged_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customer_contacts_channel_check CHECK ((channel = ANY (ARRAY['call'::text, 'visit'::text, 'letter'::text, 'sms'::text, 'email'::text])))
);

--
-- Name: customer_contacts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.customer_contacts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.customer_contacts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: customer_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_counts (
    type text NOT NULL,
    status text NOT NULL,
    branch_code text NOT NULL,
    risk text NOT NULL,
    kyc_complete boolean NOT NULL,
    n bigint DEFAULT 0 NOT NULL
);

--
-- Name: customer_documents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_documents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    cust_id integer NOT NULL,
    kind text NOT NULL,
    object_path text NOT NULL,
    content_type text NOT NULL,
    current boolean DEFAULT false NOT NULL,
    uploaded_by text NOT NULL,
    uploaded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customer_documents_kind_check CHECK ((kind = ANY (ARRAY['photo'::text, 'id_scan'::text, 'signature'::text, 'proof_of_address'::text, 'other'::text])))
);

--
-- Name: customer_relations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customer_relations (
    cust_id integer NOT NULL,
    related_id integer NOT NULL,
    role text NOT NULL,
    CONSTRAINT customer_relations_role_check CHECK ((role = ANY (ARRAY['director'::text, 'signatory'::text, 'joint_holder'::text, 'guardian'::text]))),
    CONSTRAINT customer_relations_self_check CHECK ((cust_id <> related_id))
);

--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    cust_id integer NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    mobile_no text NOT NULL,
    status text DEFAULT 'Pending'::text NOT NULL,
    branch_code text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    id_type text,
    id_number text,
    date_of_birth date,
    address text,
    kyc_verified_at timestamp with time zone,
    kyc_complete boolean GENERATED ALWAYS AS (((id_number IS NOT NULL) AND (address IS NOT NULL) AND (kyc_verified_at IS NOT NULL) AND ((date_of_birth IS NOT NULL) OR (type = ANY (ARRAY['corporate'::text, 'government'::text, 'organisation'::text]))))) STORED NOT NULL,
    profile jsonb DEFAULT '{}'::jsonb NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    district text,
    id_expires_on date,
    pep boolean DEFAULT false NOT NULL,
    mandate text,
    risk_rating text DEFAULT 'low'::text NOT NULL,
    risk_reasons jsonb DEFAULT '[]'::jsonb NOT NULL,
    risk_override text,
    risk_override_reason text,
    edd_notes text,
    review_on date,
    preferred_channel text,
    merged_into integer,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    screen_name text GENERATED ALWAYS AS (public.sanctions_norm(name)) STORED,
    CONSTRAINT customers_channel_check CHECK (((preferred_channel IS NULL) OR (preferred_channel = ANY (ARRAY['call'::text, 'visit'::text, 'letter'::text, 'sms'::text, 'email'::text])))),
    CONSTRAINT customers_district_check CHECK (((district IS NULL) OR (district = ANY (ARRAY['Bo'::text, 'Bombali'::text, 'Bonthe'::text, 'Falaba'::text, 'Kailahun'::text, 'Kambia'::text, 'Karene'::text, 'Kenema'::text, 'Koinadugu'::text, 'Kono'::text, 'Moyamba'::text, 'Port Loko'::text, 'Pujehun'::text, 'Tonkolili'::text, 'Western Area Rural'::text, 'Western Area Urban'::text])))),
    CONSTRAINT customers_edd_check CHECK (((COALESCE(risk_override, risk_rating) <> 'high'::text) OR (kyc_verified_at IS NULL) OR ((edd_notes IS NOT NULL) AND (review_on IS NOT NULL)))),
    CONSTRAINT customers_id_type_check CHECK (((id_type IS NULL) OR (id_type = ANY (ARRAY['national_id'::text, 'passport'::text, 'voter_card'::text, 'business_registration'::text])))),
    CONSTRAINT customers_merged_check CHECK (((merged_into IS NULL) OR (merged_into <> cust_id))),
    CONSTRAINT customers_mobile_e164_check CHECK ((mobile_no ~ '^\+[1-9][0-9]{7,14}$'::text)),
    CONSTRAINT customers_risk_check CHECK ((risk_rating = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text]))),
    CONSTRAINT customers_risk_override_check CHECK (((risk_override IS NULL) OR (risk_override = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text])))),
    CONSTRAINT customers_status_check CHECK ((status = ANY (ARRAY['Active'::text, 'Blocked'::text, 'Pending'::text, 'Dormant'::text, 'Closed'::text]))),
    CONSTRAINT customers_type_check CHECK ((type = ANY (ARRAY['private'::text, 'corporate'::text, 'joint'::text, 'employee'::text, 'government'::text, 'organisation'::text])))
);

--
-- Name: customers_cust_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.customers ALTER COLUMN cust_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.customers_cust_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: eod_dormancy_marks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_dormancy_marks (
    business_date date NOT NULL,
    account_id bigint NOT NULL,
    last_activity date NOT NULL,
    dormancy_days integer NOT NULL
);

--
-- Name: eod_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_failures (
    id bigint NOT NULL,
    run_id bigint NOT NULL,
    business_date date NOT NULL,
    step text NOT NULL,
    account_id bigint,
    error text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: eod_failures_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.eod_failures ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.eod_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: eod_fd_maturities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_fd_maturities (
    business_date date NOT NULL,
    account_id bigint NOT NULL,
    action text NOT NULL,
    maturity_date date NOT NULL,
    new_maturity_date date,
    paid_out numeric(18,2) NOT NULL,
    payout_account_id bigint,
    entry_id bigint
);

--
-- Name: eod_fee_charges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_fee_charges (
    business_date date NOT NULL,
    fee text NOT NULL,
    account_id bigint NOT NULL,
    amount numeric(18,2) NOT NULL,
    entry_id bigint
);

--
-- Name: eod_interest_daily; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_interest_daily (
    business_date date NOT NULL,
    kind text NOT NULL,
    product_code text NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    accrued numeric(20,2) NOT NULL,
    accounts integer NOT NULL
);

--
-- Name: eod_run_steps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_run_steps (
    id bigint NOT NULL,
    run_id bigint NOT NULL,
    step text NOT NULL,
    "position" integer NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    rows_total bigint DEFAULT 0 NOT NULL,
    rows_done bigint DEFAULT 0 NOT NULL,
    rows_failed integer DEFAULT 0 NOT NULL,
    cursor bigint DEFAULT 0 NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    note text,
    error text,
    totals jsonb DEFAULT '{}'::jsonb NOT NULL,
    lane_cursors bigint[],
    CONSTRAINT eod_run_steps_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'running'::text, 'done'::text, 'failed'::text, 'skipped'::text])))
);

--
-- Name: eod_run_steps_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.eod_run_steps ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.eod_run_steps_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: eod_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.eod_runs (
    id bigint NOT NULL,
    business_date date NOT NULL,
    next_business_date date NOT NULL,
    month_end boolean NOT NULL,
    quarter_end boolean NOT NULL,
    status text NOT NULL,
    approval_id uuid,
    requested_by uuid NOT NULL,
    requested_email text NOT NULL,
    approved_email text,
    carry_over jsonb DEFAULT '[]'::jsonb NOT NULL,
    suspense_acknowledged boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    worker_id text,
    lease_until timestamp with time zone,
    error text,
    CONSTRAINT eod_runs_status_check CHECK ((status = ANY (ARRAY['awaiting_approval'::text, 'queued'::text, 'running'::text, 'failed'::text, 'completed'::text, 'cancelled'::text])))
);

--
-- Name: eod_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.eod_runs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.eod_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: fx_rates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fx_rates (
    currency text NOT NULL,
    business_date date NOT NULL,
    buy numeric(16,6) NOT NULL,
    sell numeric(16,6) NOT NULL,
    mid numeric(16,6) NOT NULL,
    entered_by uuid,
    entered_by_email text,
    entered_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT fx_rates_currency_check CHECK ((currency = 'USD'::text)),
    CONSTRAINT fx_rates_order_check CHECK (((buy > (0)::numeric) AND (buy <= mid) AND (mid <= sell)))
);

--
-- Name: gl_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.gl_accounts (
    code text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    parent_code text,
    class text NOT NULL,
    currency text NOT NULL,
    normal_side text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    manual_posting boolean DEFAULT false NOT NULL,
    is_control boolean DEFAULT false NOT NULL,
    branch_code text,
    counter_posting boolean DEFAULT false NOT NULL,
    CONSTRAINT gl_accounts_class_check CHECK ((class = ANY (ARRAY['asset'::text, 'liability'::text, 'equity'::text, 'income'::text, 'expense'::text]))),
    CONSTRAINT gl_accounts_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text, 'both'::text]))),
    CONSTRAINT gl_accounts_kind_check CHECK ((kind = ANY (ARRAY['class'::text, 'group'::text, 'account'::text]))),
    CONSTRAINT gl_accounts_parent_check CHECK (((kind = 'class'::text) = (parent_code IS NULL))),
    CONSTRAINT gl_accounts_side_check CHECK ((normal_side = ANY (ARRAY['debit'::text, 'credit'::text]))),
    CONSTRAINT gl_accounts_status_check CHECK ((status = ANY (ARRAY['active'::text, 'closed'::text])))
)
WITH (fillfactor='10');

--
-- Name: gl_daily_balances; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.gl_daily_balances (
    business_date date NOT NULL,
    gl_code text NOT NULL,
    currency text NOT NULL,
    balance numeric(20,2) NOT NULL
);

--
-- Name: gl_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.gl_lines (
    id bigint DEFAULT nextval((pg_get_serial_sequence('transactions'::text, 'id'::text))::regclass) NOT NULL,
    entry_id bigint NOT NULL,
    gl_code text NOT NULL,
    currency text NOT NULL,
    side text NOT NULL,
    amount numeric(18,2) NOT NULL,
    till_session_id uuid,
    CONSTRAINT gl_lines_amount_positive_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT gl_lines_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT gl_lines_side_check CHECK ((side = ANY (ARRAY['debit'::text, 'credit'::text])))
);
ALTER TABLE ONLY public.gl_lines ALTER COLUMN entry_id SET (n_distinct=-0.4);

--
-- Name: holidays; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.holidays (
    id bigint NOT NULL,
    kind text NOT NULL,
    month integer,
    day integer,
    on_date date,
    name text NOT NULL,
    created_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT holidays_kind_check CHECK ((kind = ANY (ARRAY['fixed'::text, 'movable'::text]))),
    CONSTRAINT holidays_shape_check CHECK ((((kind = 'fixed'::text) AND ((month >= 1) AND (month <= 12)) AND ((day >= 1) AND (day <= 31)) AND (on_date IS NULL)) OR ((kind = 'movable'::text) AND (on_date IS NOT NULL) AND (month IS NULL) AND (day IS NULL))))
);

--
-- Name: holidays_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.holidays ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.holidays_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: interest_postings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.interest_postings (
    business_date date NOT NULL,
    kind text NOT NULL,
    account_id bigint NOT NULL,
    product_code text NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    gross numeric(18,2) NOT NULL,
    wht numeric(18,2) NOT NULL,
    net numeric(18,2) NOT NULL,
    entry_id bigint,
    reason text NOT NULL
);

--
-- Name: journal_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entries (
    id bigint NOT NULL,
    business_date date NOT NULL,
    value_date date NOT NULL,
    narration text NOT NULL,
    source public.journal_source NOT NULL,
    maker_id uuid,
    maker_email text,
    reference text NOT NULL,
    reversal_of bigint,
    fx_rate public.exchange_rate,
    posted_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT journal_entries_not_self_reversal CHECK (((reversal_of IS NULL) OR (reversal_of <> id)))
);

--
-- Name: journal_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.journal_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.journal_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: journal_entry_ranges_to_check; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.journal_entry_ranges_to_check (
    lo bigint NOT NULL,
    hi bigint NOT NULL
);

--
-- Name: TABLE journal_entry_ranges_to_check; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.journal_entry_ranges_to_check IS 'The ranges of journal entry ids made by a many-entries statement, each checked for balance by a deferred trigger and then deleted; empty outside a transaction.';

--
-- Name: transactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.transactions (
    id bigint NOT NULL,
    account_id bigint NOT NULL,
    posted_at timestamp with time zone NOT NULL,
    value_date date NOT NULL,
    description text NOT NULL,
    amount public.positive_money NOT NULL,
    direction public.posting_side NOT NULL,
    balance_after numeric(18,2) NOT NULL,
    reference text NOT NULL,
    entry_id bigint NOT NULL
);
ALTER TABLE ONLY public.transactions ALTER COLUMN entry_id SET (n_distinct=-0.4);

--
-- Name: journal_lines; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.journal_lines AS
 SELECT g.id,
    g.entry_id,
    'gl'::text AS kind,
    g.gl_code,
    NULL::bigint AS account_id,
    g.currency,
    g.side,
    g.amount
   FROM public.gl_lines g
UNION ALL
 SELECT t.id,
    t.entry_id,
    'customer'::text AS kind,
    a.ledger_code AS gl_code,
    t.account_id,
    a.currency,
    t.direction AS side,
    t.amount
   FROM (public.transactions t
     JOIN public.accounts a ON ((a.id = t.account_id)));

--
-- Name: loan_accrual_daily; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_accrual_daily (
    business_date date NOT NULL,
    product_code text NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    booked numeric(20,2) NOT NULL,
    true_up numeric(20,2) NOT NULL,
    loans integer NOT NULL,
    suspended numeric(20,2) DEFAULT '0'::numeric NOT NULL
);

--
-- Name: loan_application_collateral; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_application_collateral (
    application_id integer NOT NULL,
    "position" integer NOT NULL,
    type text NOT NULL,
    description text NOT NULL,
    market_value numeric(18,2) NOT NULL,
    forced_sale_value numeric(18,2) NOT NULL,
    haircut_percent numeric(9,4) NOT NULL,
    CONSTRAINT loan_application_collateral_haircut_check CHECK (((haircut_percent >= (0)::numeric) AND (haircut_percent <= (100)::numeric))),
    CONSTRAINT loan_application_collateral_type_check CHECK ((type = ANY (ARRAY['land_title'::text, 'vehicle'::text, 'cash_deposit'::text, 'gold'::text, 'equipment'::text]))),
    CONSTRAINT loan_application_collateral_value_check CHECK (((forced_sale_value >= (0)::numeric) AND (forced_sale_value <= market_value)))
);

--
-- Name: loan_application_documents; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_application_documents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    application_id integer NOT NULL,
    kind text NOT NULL,
    object_path text NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    size bigint NOT NULL,
    uploaded_by uuid NOT NULL,
    uploaded_by_email text NOT NULL,
    uploaded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_application_documents_kind_check CHECK ((kind = ANY (ARRAY['payslip'::text, 'employer_letter'::text, 'collateral_papers'::text, 'other'::text]))),
    CONSTRAINT loan_application_documents_name_check CHECK (((length(file_name) >= 1) AND (length(file_name) <= 200)))
);

--
-- Name: loan_application_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_application_events (
    id bigint NOT NULL,
    application_id integer NOT NULL,
    action text NOT NULL,
    from_status text,
    to_status text NOT NULL,
    actor_id uuid NOT NULL,
    actor_email text NOT NULL,
    reason text,
    approval_id uuid,
    at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: loan_application_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_application_events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_application_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_application_guarantors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_application_guarantors (
    application_id integer NOT NULL,
    "position" integer NOT NULL,
    cust_id integer NOT NULL,
    amount numeric(18,2) NOT NULL,
    CONSTRAINT loan_application_guarantors_amount_check CHECK ((amount > (0)::numeric))
);

--
-- Name: loan_applications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_applications (
    id integer NOT NULL,
    cust_id integer NOT NULL,
    branch_code text NOT NULL,
    product_code text NOT NULL,
    product_version integer NOT NULL,
    currency text NOT NULL,
    amount numeric(18,2) NOT NULL,
    term integer NOT NULL,
    rate numeric(9,4) NOT NULL,
    sector text NOT NULL,
    purpose text DEFAULT ''::text NOT NULL,
    repayment_account_id bigint NOT NULL,
    employer text,
    net_monthly_salary numeric(18,2),
    monthly_obligations numeric(18,2),
    status text DEFAULT 'Draft'::text NOT NULL,
    officer_id uuid NOT NULL,
    officer_email text NOT NULL,
    recommendation text,
    appraisal_notes text,
    override_reason text,
    appraisal jsonb,
    appraised_by uuid,
    appraised_by_email text,
    appraised_at timestamp with time zone,
    decision_reason text,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_applications_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT loan_applications_appraised_check CHECK (((status = ANY (ARRAY['Draft'::text, 'Submitted'::text, 'Withdrawn'::text, 'Rejected'::text])) OR ((recommendation IS NOT NULL) AND (appraisal IS NOT NULL) AND (appraised_by IS NOT NULL)))),
    CONSTRAINT loan_applications_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT loan_applications_rate_check CHECK (((rate >= (0)::numeric) AND (rate <= (100)::numeric))),
    CONSTRAINT loan_applications_recommendation_check CHECK (((recommendation IS NULL) OR (recommendation = ANY (ARRAY['approve'::text, 'decline'::text])))),
    CONSTRAINT loan_applications_salary_check CHECK ((((employer IS NULL) AND (net_monthly_salary IS NULL) AND (monthly_obligations IS NULL)) OR ((employer IS NOT NULL) AND (net_monthly_salary > (0)::numeric) AND (monthly_obligations >= (0)::numeric)))),
    CONSTRAINT loan_applications_sector_check CHECK ((sector ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT loan_applications_status_check CHECK ((status = ANY (ARRAY['Draft'::text, 'Submitted'::text, 'Appraised'::text, 'Approved'::text, 'Rejected'::text, 'Withdrawn'::text, 'Disbursed'::text, 'Active'::text, 'Closed'::text, 'Written off'::text]))),
    CONSTRAINT loan_applications_term_check CHECK (((term >= 1) AND (term <= 520))),
    CONSTRAINT loan_applications_version_check CHECK ((version >= 1))
);

--
-- Name: loan_applications_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_applications ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_applications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_cash_disbursements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_cash_disbursements (
    application_id integer NOT NULL,
    approval_id uuid NOT NULL,
    first_due_date date,
    approved_by uuid NOT NULL,
    approved_by_email text NOT NULL,
    approved_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: loan_classes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_classes (
    code text NOT NULL,
    "position" integer NOT NULL,
    min_dpd integer NOT NULL,
    max_dpd integer,
    performing boolean NOT NULL,
    CONSTRAINT loan_classes_code_check CHECK ((code = ANY (ARRAY['current'::text, 'olem'::text, 'substandard'::text, 'doubtful'::text, 'loss'::text]))),
    CONSTRAINT loan_classes_range_check CHECK (((min_dpd >= 0) AND ((max_dpd IS NULL) OR (max_dpd >= min_dpd))))
);

--
-- Name: loan_cure_watch; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_cure_watch (
    loan_id integer NOT NULL,
    since date NOT NULL,
    counted_through date NOT NULL
);

--
-- Name: loan_daily_status; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_daily_status (
    business_date date NOT NULL,
    loan_id integer NOT NULL,
    dpd integer NOT NULL,
    loan_class text NOT NULL,
    principal_outstanding numeric(20,2) NOT NULL,
    interest_receivable numeric(20,2) NOT NULL,
    overdue_amount numeric(20,2) NOT NULL,
    interest_in_suspense numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    penalty_in_suspense numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    provision_held numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    CONSTRAINT loan_daily_status_amounts_check CHECK (((dpd >= 0) AND (principal_outstanding >= (0)::numeric) AND (interest_receivable >= (0)::numeric) AND (overdue_amount >= (0)::numeric))),
    CONSTRAINT loan_daily_status_class_check CHECK ((loan_class = ANY (ARRAY['current'::text, 'olem'::text, 'substandard'::text, 'doubtful'::text, 'loss'::text])))
);

--
-- Name: loan_grading_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_grading_settings (
    id boolean DEFAULT true NOT NULL,
    cure_payments integer DEFAULT 3 NOT NULL,
    CONSTRAINT loan_grading_settings_cure_check CHECK (((cure_payments >= 1) AND (cure_payments <= 24))),
    CONSTRAINT loan_grading_settings_one_row CHECK (id)
);

--
-- Name: loan_instalments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_instalments (
    loan_id integer NOT NULL,
    instalment_number integer NOT NULL,
    due_date date NOT NULL,
    principal_due numeric(20,2) NOT NULL,
    interest_due numeric(20,2) NOT NULL,
    fee_due numeric(20,2) NOT NULL,
    penalty_due numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    principal_paid numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    interest_paid numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    fee_paid numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    penalty_paid numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    CONSTRAINT loan_instalments_due_check CHECK (((principal_due >= (0)::numeric) AND (interest_due >= (0)::numeric) AND (fee_due >= (0)::numeric) AND (penalty_due >= (0)::numeric))),
    CONSTRAINT loan_instalments_number_check CHECK ((instalment_number >= 1)),
    CONSTRAINT loan_instalments_paid_check CHECK ((((principal_paid >= (0)::numeric) AND (principal_paid <= principal_due)) AND ((interest_paid >= (0)::numeric) AND (interest_paid <= interest_due)) AND ((fee_paid >= (0)::numeric) AND (fee_paid <= fee_due)) AND ((penalty_paid >= (0)::numeric) AND (penalty_paid <= penalty_due))))
);

--
-- Name: loan_penalty_charges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_penalty_charges (
    loan_id integer NOT NULL,
    instalment_number integer NOT NULL,
    business_date date NOT NULL,
    currency text NOT NULL,
    amount numeric(20,2) NOT NULL,
    suspended boolean NOT NULL,
    CONSTRAINT loan_penalty_charges_amount_check CHECK ((amount > (0)::numeric))
);

--
-- Name: loan_product_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_product_versions (
    product_code text NOT NULL,
    version integer NOT NULL,
    interest_method text NOT NULL,
    repayment_frequency text NOT NULL,
    min_amount numeric(18,2) NOT NULL,
    max_amount numeric(18,2) NOT NULL,
    min_term integer NOT NULL,
    max_term integer NOT NULL,
    min_rate numeric(9,4) NOT NULL,
    max_rate numeric(9,4) NOT NULL,
    default_rate numeric(9,4) NOT NULL,
    max_principal_grace integer DEFAULT 0 NOT NULL,
    max_full_grace integer DEFAULT 0 NOT NULL,
    fee_kind text NOT NULL,
    fee_value numeric(18,4) NOT NULL,
    fee_treatment text NOT NULL,
    insurance_rate numeric(9,4),
    penalty_kind text NOT NULL,
    penalty_value numeric(18,4) NOT NULL,
    penalty_tolerance_days integer NOT NULL,
    allocation_order text[] NOT NULL,
    prepayment text NOT NULL,
    max_debt_service_ratio numeric(9,4),
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    approved_by text,
    approved_at timestamp with time zone,
    CONSTRAINT loan_product_versions_allocation_check CHECK (((cardinality(allocation_order) = 4) AND (allocation_order @> ARRAY['penalties'::text, 'fees'::text, 'interest'::text, 'principal'::text]))),
    CONSTRAINT loan_product_versions_amount_check CHECK (((min_amount > (0)::numeric) AND (min_amount <= max_amount))),
    CONSTRAINT loan_product_versions_fee_check CHECK (((fee_kind = ANY (ARRAY['percent'::text, 'fixed'::text])) AND (fee_treatment = ANY (ARRAY['deducted'::text, 'capitalised'::text])) AND (fee_value >= (0)::numeric) AND ((fee_kind <> 'percent'::text) OR (fee_value <= (100)::numeric)))),
    CONSTRAINT loan_product_versions_frequency_check CHECK ((repayment_frequency = ANY (ARRAY['monthly'::text, 'fortnightly'::text, 'weekly'::text]))),
    CONSTRAINT loan_product_versions_grace_check CHECK ((((max_principal_grace >= 0) AND (max_principal_grace <= 24)) AND ((max_full_grace >= 0) AND (max_full_grace <= 24)) AND ((max_principal_grace + max_full_grace) < min_term))),
    CONSTRAINT loan_product_versions_method_check CHECK ((interest_method = ANY (ARRAY['emi'::text, 'equal_principal'::text, 'flat'::text]))),
    CONSTRAINT loan_product_versions_penalty_check CHECK (((penalty_kind = ANY (ARRAY['fixed'::text, 'percent'::text])) AND (penalty_value >= (0)::numeric) AND ((penalty_kind <> 'percent'::text) OR (penalty_value <= (100)::numeric)) AND ((penalty_tolerance_days >= 0) AND (penalty_tolerance_days <= 365)))),
    CONSTRAINT loan_product_versions_prepayment_check CHECK ((prepayment = ANY (ARRAY['reduce_term'::text, 'reduce_instalment'::text]))),
    CONSTRAINT loan_product_versions_rate_check CHECK (((min_rate >= (0)::numeric) AND (min_rate <= default_rate) AND (default_rate <= max_rate) AND (max_rate <= (100)::numeric))),
    CONSTRAINT loan_product_versions_ratios_check CHECK ((((COALESCE(insurance_rate, (0)::numeric) >= (0)::numeric) AND (COALESCE(insurance_rate, (0)::numeric) <= (100)::numeric)) AND ((max_debt_service_ratio IS NULL) OR ((max_debt_service_ratio > (0)::numeric) AND (max_debt_service_ratio <= (100)::numeric))))),
    CONSTRAINT loan_product_versions_term_check CHECK (((min_term >= 1) AND (min_term <= max_term) AND (max_term <= 520))),
    CONSTRAINT loan_product_versions_version_check CHECK ((version >= 1))
);

--
-- Name: loan_products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_products (
    code text NOT NULL,
    name text NOT NULL,
    currency text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    portfolio_gl text NOT NULL,
    interest_receivable_gl text NOT NULL,
    interest_income_gl text NOT NULL,
    fee_income_gl text NOT NULL,
    penalty_income_gl text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_products_code_check CHECK ((code ~ '^[A-Z0-9-]{2,12}$'::text)),
    CONSTRAINT loan_products_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT loan_products_status_check CHECK ((status = ANY (ARRAY['active'::text, 'retired'::text])))
);

--
-- Name: loan_provision_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_provision_lines (
    run_id integer NOT NULL,
    loan_id integer NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    loan_class text NOT NULL,
    principal numeric(20,2) NOT NULL,
    collateral numeric(20,2) NOT NULL,
    rate_percent numeric(9,4) NOT NULL,
    required numeric(20,2) NOT NULL,
    held_before numeric(20,2) NOT NULL,
    posted numeric(20,2),
    CONSTRAINT loan_provision_lines_amounts_check CHECK (((principal >= (0)::numeric) AND (collateral >= (0)::numeric) AND (required >= (0)::numeric) AND (required <= principal) AND (held_before >= (0)::numeric)))
);

--
-- Name: loan_provision_rates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_provision_rates (
    loan_class text NOT NULL,
    rate_percent numeric(9,4) NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    approval_id uuid,
    CONSTRAINT loan_provision_rates_rate_check CHECK (((rate_percent >= (0)::numeric) AND (rate_percent <= (100)::numeric)))
);

--
-- Name: loan_provision_releases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_provision_releases (
    entry_id bigint NOT NULL,
    loan_id integer NOT NULL,
    amount numeric(20,2) NOT NULL,
    CONSTRAINT loan_provision_releases_amount_check CHECK ((amount > (0)::numeric))
);

--
-- Name: loan_provision_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_provision_runs (
    id integer NOT NULL,
    as_of date NOT NULL,
    month_end boolean DEFAULT false NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    prepared_by uuid NOT NULL,
    prepared_by_email text NOT NULL,
    prepared_at timestamp with time zone DEFAULT now() NOT NULL,
    approval_id uuid,
    posted_by uuid,
    posted_by_email text,
    posted_at timestamp with time zone,
    posted_on date,
    CONSTRAINT loan_provision_runs_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'pending'::text, 'posted'::text])))
);

--
-- Name: loan_provision_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_provision_runs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_provision_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_recoveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_recoveries (
    id bigint NOT NULL,
    loan_id integer NOT NULL,
    reference text NOT NULL,
    channel text NOT NULL,
    amount numeric(20,2) NOT NULL,
    entry_id bigint NOT NULL,
    reversal_entry_id bigint,
    value_date date NOT NULL,
    actor_id uuid,
    actor_email text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_recoveries_amount_check CHECK ((amount > (0)::numeric))
);

--
-- Name: loan_recoveries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_recoveries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_recoveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_repayments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_repayments (
    id bigint NOT NULL,
    loan_id integer NOT NULL,
    reference text NOT NULL,
    channel text NOT NULL,
    amount numeric(18,2) NOT NULL,
    principal numeric(18,2) NOT NULL,
    interest numeric(18,2) NOT NULL,
    interest_receivable numeric(18,2) NOT NULL,
    fee numeric(18,2) NOT NULL,
    penalty numeric(18,2) NOT NULL,
    prepayment numeric(18,2) NOT NULL,
    overpayment text NOT NULL,
    allocations jsonb NOT NULL,
    replaced jsonb,
    from_account_id bigint,
    till_session_id uuid,
    entry_id bigint NOT NULL,
    value_date date NOT NULL,
    actor_id uuid,
    actor_email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reversal_entry_id bigint,
    interest_from_suspense numeric(18,2) DEFAULT '0'::numeric NOT NULL,
    penalty_receivable numeric(18,2) DEFAULT '0'::numeric NOT NULL,
    penalty_from_suspense numeric(18,2) DEFAULT '0'::numeric NOT NULL,
    CONSTRAINT loan_repayments_channel_check CHECK ((channel = ANY (ARRAY['transfer'::text, 'cash'::text, 'settlement'::text, 'auto_debit'::text, 'check_off'::text]))),
    CONSTRAINT loan_repayments_overpayment_check CHECK ((overpayment = ANY (ARRAY['prepay'::text, 'refuse'::text]))),
    CONSTRAINT loan_repayments_parts_check CHECK (((amount > (0)::numeric) AND (principal >= (0)::numeric) AND (interest >= (0)::numeric) AND (fee >= (0)::numeric) AND (penalty >= (0)::numeric) AND ((prepayment >= (0)::numeric) AND (prepayment <= principal)) AND ((interest_receivable >= (0)::numeric) AND (interest_receivable <= interest)) AND (amount = (((principal + interest) + fee) + penalty)))),
    CONSTRAINT loan_repayments_suspense_check CHECK ((((interest_from_suspense >= (0)::numeric) AND (interest_from_suspense <= interest_receivable)) AND ((penalty_receivable >= (0)::numeric) AND (penalty_receivable <= penalty)) AND ((penalty_from_suspense >= (0)::numeric) AND (penalty_from_suspense <= penalty_receivable))))
);

--
-- Name: loan_repayments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_repayments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_repayments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_restructurings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_restructurings (
    id bigint NOT NULL,
    loan_id integer NOT NULL,
    approval_id uuid NOT NULL,
    business_date date NOT NULL,
    effective_date date NOT NULL,
    old_rate numeric(9,4) NOT NULL,
    new_rate numeric(9,4) NOT NULL,
    old_term integer NOT NULL,
    new_term integer NOT NULL,
    principal numeric(20,2) NOT NULL,
    capitalised_arrears numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    replaced jsonb NOT NULL,
    last_repayment_id bigint,
    reason text NOT NULL,
    requested_by text NOT NULL,
    approved_by text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_restructurings_amounts_check CHECK (((principal > (0)::numeric) AND (capitalised_arrears >= (0)::numeric) AND (new_term >= 1)))
);

--
-- Name: loan_restructurings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loan_restructurings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loan_restructurings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loan_suspense_moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_suspense_moves (
    business_date date NOT NULL,
    loan_id integer NOT NULL,
    currency text NOT NULL,
    interest numeric(20,2) NOT NULL,
    penalty numeric(20,2) NOT NULL,
    CONSTRAINT loan_suspense_moves_amounts_check CHECK (((interest >= (0)::numeric) AND (penalty >= (0)::numeric)))
);

--
-- Name: loan_write_off_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_write_off_limits (
    currency text NOT NULL,
    second_level_above numeric(18,2) NOT NULL,
    CONSTRAINT loan_write_off_limits_amount_check CHECK ((second_level_above >= (0)::numeric)),
    CONSTRAINT loan_write_off_limits_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text])))
);

--
-- Name: loan_write_offs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loan_write_offs (
    loan_id integer NOT NULL,
    principal numeric(20,2) NOT NULL,
    from_provision numeric(20,2) NOT NULL,
    from_expense numeric(20,2) NOT NULL,
    interest_suspense numeric(20,2) NOT NULL,
    penalty_suspense numeric(20,2) NOT NULL,
    receivable_charged numeric(20,2) NOT NULL,
    entry_id bigint NOT NULL,
    approval_id uuid NOT NULL,
    written_off_on date NOT NULL,
    reason text NOT NULL,
    requested_by uuid NOT NULL,
    approved_by uuid NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT loan_write_offs_amounts_check CHECK (((principal = (from_provision + from_expense)) AND (from_provision >= (0)::numeric) AND (from_expense >= (0)::numeric)))
);

--
-- Name: loans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loans (
    id integer NOT NULL,
    application_id integer NOT NULL,
    account_id bigint NOT NULL,
    cust_id integer NOT NULL,
    branch_code text NOT NULL,
    product_code text NOT NULL,
    product_version integer NOT NULL,
    currency text NOT NULL,
    amount numeric(18,2) NOT NULL,
    amount_financed numeric(18,2) NOT NULL,
    processing_fee numeric(18,2) NOT NULL,
    net_disbursed numeric(18,2) NOT NULL,
    rate numeric(9,4) NOT NULL,
    term integer NOT NULL,
    interest_method text NOT NULL,
    frequency text NOT NULL,
    disbursement_date date NOT NULL,
    first_due_date date NOT NULL,
    repayment_account_id bigint NOT NULL,
    status text DEFAULT 'Active'::text NOT NULL,
    entry_id bigint NOT NULL,
    approval_id uuid NOT NULL,
    disbursed_by uuid NOT NULL,
    disbursed_by_email text NOT NULL,
    approved_by uuid NOT NULL,
    approved_by_email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    interest_receivable numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    closed_on date,
    loan_class text DEFAULT 'current'::text NOT NULL,
    days_past_due integer DEFAULT 0 NOT NULL,
    penalty_receivable numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    interest_in_suspense numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    penalty_in_suspense numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    provision_held numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    written_off_principal numeric(20,2) DEFAULT '0'::numeric NOT NULL,
    written_off_on date,
    restructured boolean DEFAULT false NOT NULL,
    manual_class text,
    cured_payments integer DEFAULT 0 NOT NULL,
    accrued_through date,
    period_accrued numeric(24,10) DEFAULT 0 NOT NULL,
    period_booked numeric(20,2) DEFAULT 0 NOT NULL,
    interest_accrued_total numeric(20,2) DEFAULT 0 NOT NULL,
    CONSTRAINT loans_amounts_check CHECK (((amount > (0)::numeric) AND (processing_fee >= (0)::numeric) AND (net_disbursed > (0)::numeric) AND (amount_financed = (net_disbursed + processing_fee)) AND (amount_financed >= amount))),
    CONSTRAINT loans_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT loans_days_past_due_check CHECK ((days_past_due >= 0)),
    CONSTRAINT loans_first_due_check CHECK ((first_due_date > disbursement_date)),
    CONSTRAINT loans_frequency_check CHECK ((frequency = ANY (ARRAY['monthly'::text, 'fortnightly'::text, 'weekly'::text]))),
    CONSTRAINT loans_interest_receivable_check CHECK ((interest_receivable >= (0)::numeric)),
    CONSTRAINT loans_method_check CHECK ((interest_method = ANY (ARRAY['emi'::text, 'equal_principal'::text, 'flat'::text]))),
    CONSTRAINT loans_part_two_amounts_check CHECK (((penalty_receivable >= (0)::numeric) AND (interest_in_suspense >= (0)::numeric) AND (penalty_in_suspense >= (0)::numeric) AND (provision_held >= (0)::numeric) AND (written_off_principal >= (0)::numeric) AND (cured_payments >= 0))),
    CONSTRAINT loans_period_accrual_check CHECK (((period_booked >= (0)::numeric) AND (period_accrued >= (0)::numeric))),
    CONSTRAINT loans_rate_check CHECK (((rate >= (0)::numeric) AND (rate <= (100)::numeric))),
    CONSTRAINT loans_status_check CHECK ((status = ANY (ARRAY['Active'::text, 'Closed'::text, 'Written off'::text]))),
    CONSTRAINT loans_term_check CHECK (((term >= 1) AND (term <= 520)))
)
WITH (fillfactor='50');

--
-- Name: loans_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.loans ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: mail_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_outbox (
    id bigint NOT NULL,
    recipient text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    kind text NOT NULL,
    sent_at timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: mail_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: mail_outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_outbox_id_seq OWNED BY public.mail_outbox.id;

--
-- Name: maker_daily_debits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.maker_daily_debits (
    business_date date NOT NULL,
    maker_id uuid NOT NULL,
    source text NOT NULL,
    currency text NOT NULL,
    slot integer NOT NULL,
    total numeric(18,2) NOT NULL
);

--
-- Name: mobile_banking_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mobile_banking_subscriptions (
    cust_id integer NOT NULL,
    mobile_no text NOT NULL,
    pay_account_id bigint NOT NULL,
    subscribed boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by text NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT mbs_mobile_e164_check CHECK ((mobile_no ~ '^\+[1-9][0-9]{7,14}$'::text)),
    CONSTRAINT mbs_version_check CHECK ((version >= 1))
);

--
-- Name: news; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.news (
    id integer NOT NULL,
    title text NOT NULL,
    date date NOT NULL
);

--
-- Name: news_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.news ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.news_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: product_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product_versions (
    product_code text NOT NULL,
    version integer NOT NULL,
    effective_from date NOT NULL,
    credit_rate numeric(9,4) NOT NULL,
    credit_tiers jsonb DEFAULT '[]'::jsonb NOT NULL,
    debit_rate numeric(9,4),
    min_opening_balance numeric(18,2) DEFAULT 0.00 NOT NULL,
    min_operating_balance numeric(18,2) DEFAULT 0.00 NOT NULL,
    monthly_fee numeric(18,2) DEFAULT 0.00 NOT NULL,
    below_minimum_fee numeric(18,2) DEFAULT 0.00 NOT NULL,
    closure_fee numeric(18,2) DEFAULT 0.00 NOT NULL,
    dormancy_days integer NOT NULL,
    posting_frequency text NOT NULL,
    day_count text DEFAULT 'actual/365'::text NOT NULL,
    fixed_deposit jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    approved_by text,
    approved_at timestamp with time zone,
    CONSTRAINT product_versions_dormancy_check CHECK (((dormancy_days >= 30) AND (dormancy_days <= 3650))),
    CONSTRAINT product_versions_fees_check CHECK (((min_opening_balance >= (0)::numeric) AND (min_operating_balance >= (0)::numeric) AND (monthly_fee >= (0)::numeric) AND (below_minimum_fee >= (0)::numeric) AND (closure_fee >= (0)::numeric))),
    CONSTRAINT product_versions_frequency_check CHECK ((posting_frequency = ANY (ARRAY['monthly'::text, 'quarterly'::text]))),
    CONSTRAINT product_versions_rates_check CHECK ((((credit_rate >= (0)::numeric) AND (credit_rate <= (100)::numeric)) AND ((COALESCE(debit_rate, (0)::numeric) >= (0)::numeric) AND (COALESCE(debit_rate, (0)::numeric) <= (100)::numeric))))
);

--
-- Name: products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.products (
    code text NOT NULL,
    name text NOT NULL,
    account_type text NOT NULL,
    currency text NOT NULL,
    ledger_code text NOT NULL,
    interest_expense_gl text DEFAULT '5010'::text NOT NULL,
    interest_payable_gl text DEFAULT '2510'::text NOT NULL,
    fee_income_gl text DEFAULT '4020'::text NOT NULL,
    wht_payable_gl text DEFAULT '2520'::text NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT products_account_type_check CHECK ((account_type = ANY (ARRAY['Current'::text, 'Savings'::text, 'Fixed Deposit'::text, 'Loan'::text, 'Mobile Wallet'::text]))),
    CONSTRAINT products_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT products_status_check CHECK ((status = ANY (ARRAY['active'::text, 'retired'::text])))
);

--
-- Name: profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    full_name text DEFAULT ''::text NOT NULL,
    mobile_no text,
    bank_code text DEFAULT 'CB'::text NOT NULL,
    theme text,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT profiles_mobile_no_digits CHECK ((mobile_no ~ '^[0-9]{10,12}$'::text)),
    CONSTRAINT profiles_theme_check CHECK ((theme = ANY (ARRAY['light'::text, 'dark'::text])))
);

--
-- Name: registered_user_balances; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.registered_user_balances (
    cust_id integer NOT NULL,
    name text NOT NULL,
    mobile_no text NOT NULL,
    balance numeric(18,2) NOT NULL,
    branch_code text NOT NULL,
    name_folded text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL
);

--
-- Name: registered_user_count; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.registered_user_count (
    id boolean DEFAULT true NOT NULL,
    n bigint NOT NULL,
    CONSTRAINT registered_user_count_one_row CHECK (id)
);

--
-- Name: registered_user_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.registered_user_keys (
    cust_id integer NOT NULL,
    name text NOT NULL,
    mobile_no text NOT NULL,
    branch_code text NOT NULL,
    name_folded text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
    balance_band smallint DEFAULT 0 NOT NULL
);

--
-- Name: registered_user_term_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.registered_user_term_counts (
    term text NOT NULL,
    branch_code text NOT NULL,
    n bigint NOT NULL
);

--
-- Name: regulatory_return_filings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.regulatory_return_filings (
    id bigint NOT NULL,
    month_end date NOT NULL,
    version integer NOT NULL,
    snapshot text NOT NULL,
    sha256 text NOT NULL,
    xlsx bytea NOT NULL,
    pdf bytea NOT NULL,
    csv bytea NOT NULL,
    prepared_by text NOT NULL,
    approved_by text NOT NULL,
    approval_id uuid NOT NULL,
    filed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT regulatory_return_filings_month_end_check CHECK ((month_end = (((date_trunc('month'::text, (month_end)::timestamp with time zone) + '1 mon'::interval) - '1 day'::interval))::date)),
    CONSTRAINT regulatory_return_filings_sha256_check CHECK ((sha256 = encode(sha256(convert_to(snapshot, 'UTF8'::name)), 'hex'::text)))
);

--
-- Name: regulatory_return_filings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.regulatory_return_filings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.regulatory_return_filings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: report_daily_cash; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_daily_cash (
    business_date date NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    vault numeric(18,2) NOT NULL
);

--
-- Name: report_daily_loan_classes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_daily_loan_classes (
    business_date date NOT NULL,
    branch_code text NOT NULL,
    currency text NOT NULL,
    loan_class text NOT NULL,
    principal numeric(18,2) NOT NULL,
    loans integer NOT NULL,
    CONSTRAINT report_daily_loan_classes_class_check CHECK ((loan_class = ANY (ARRAY['current'::text, 'olem'::text, 'substandard'::text, 'doubtful'::text, 'loss'::text])))
);

--
-- Name: report_daily_loans_outside_book; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_daily_loans_outside_book (
    business_date date NOT NULL,
    currency text NOT NULL,
    accounts integer NOT NULL,
    principal numeric(18,2) NOT NULL
);

--
-- Name: report_daily_positions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_daily_positions (
    business_date date NOT NULL,
    branch_code text NOT NULL,
    product_code text NOT NULL,
    account_type text NOT NULL,
    currency text NOT NULL,
    balance numeric(18,2) NOT NULL,
    accounts integer NOT NULL,
    opened integer NOT NULL
);

--
-- Name: report_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_days (
    business_date date NOT NULL,
    through_entry_id bigint,
    source text NOT NULL,
    taken_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: report_inbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_inbox (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    run_id bigint NOT NULL,
    delivered_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    read_at timestamp(6) with time zone
);

--
-- Name: report_inbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.report_inbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: report_inbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.report_inbox_id_seq OWNED BY public.report_inbox.id;

--
-- Name: report_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_runs (
    id bigint NOT NULL,
    report_id text NOT NULL,
    params jsonb DEFAULT '{}'::jsonb NOT NULL,
    format text NOT NULL,
    branch_scope text,
    status text DEFAULT 'queued'::text NOT NULL,
    progress integer DEFAULT 0 NOT NULL,
    error text,
    attempts integer DEFAULT 0 NOT NULL,
    requested_by uuid,
    requested_by_email text NOT NULL,
    schedule_id bigint,
    business_date date,
    worker_id text,
    lease_until timestamp(6) with time zone,
    rows integer,
    result jsonb,
    file bytea,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    started_at timestamp(6) with time zone,
    finished_at timestamp(6) with time zone,
    CONSTRAINT report_runs_format_check CHECK ((format = ANY (ARRAY['screen'::text, 'csv'::text, 'xlsx'::text, 'pdf'::text]))),
    CONSTRAINT report_runs_progress_check CHECK (((progress >= 0) AND (progress <= 100))),
    CONSTRAINT report_runs_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

--
-- Name: report_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.report_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: report_runs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.report_runs_id_seq OWNED BY public.report_runs.id;

--
-- Name: report_schedules; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.report_schedules (
    id bigint NOT NULL,
    report_id text NOT NULL,
    params jsonb DEFAULT '{}'::jsonb NOT NULL,
    format text NOT NULL,
    frequency text NOT NULL,
    role_id uuid NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_by uuid,
    created_by_email text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT report_schedules_format_check CHECK ((format = ANY (ARRAY['screen'::text, 'csv'::text, 'xlsx'::text, 'pdf'::text]))),
    CONSTRAINT report_schedules_frequency_check CHECK ((frequency = ANY (ARRAY['daily'::text, 'month_end'::text])))
);

--
-- Name: report_schedules_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.report_schedules_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: report_schedules_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.report_schedules_id_seq OWNED BY public.report_schedules.id;

--
-- Name: return_gl_mappings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.return_gl_mappings (
    template_code text NOT NULL,
    line_code text NOT NULL,
    gl_pattern text NOT NULL,
    sign smallint DEFAULT 1 NOT NULL,
    CONSTRAINT return_gl_mappings_sign_check CHECK ((sign = ANY (ARRAY[1, '-1'::integer])))
);

--
-- Name: return_template_checks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.return_template_checks (
    template_code text NOT NULL,
    line_code text NOT NULL,
    gl_patterns text[] NOT NULL
);

--
-- Name: return_template_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.return_template_lines (
    template_code text NOT NULL,
    line_code text NOT NULL,
    "position" integer NOT NULL,
    label text NOT NULL,
    kind text NOT NULL,
    side text DEFAULT 'debit'::text NOT NULL,
    attribute text,
    attribute_values text[],
    terms text[],
    measure text,
    threshold_percent numeric(7,4),
    loan_figure text,
    CONSTRAINT return_template_lines_attribute_check CHECK (((attribute IS NULL) OR ((kind = 'breakdown'::text) AND (attribute = ANY (ARRAY['account_type'::text, 'customer_type'::text]))) OR ((kind = 'loan'::text) AND (attribute = ANY (ARRAY['loan_class'::text, 'loan_sector'::text, 'customer_type'::text]))))),
    CONSTRAINT return_template_lines_breakdown_check CHECK (((kind = ANY (ARRAY['breakdown'::text, 'loan'::text])) = ((attribute IS NOT NULL) AND (attribute_values IS NOT NULL)))),
    CONSTRAINT return_template_lines_exposure_check CHECK (((kind = 'exposure'::text) = ((measure IS NOT NULL) AND (threshold_percent IS NOT NULL)))),
    CONSTRAINT return_template_lines_kind_check CHECK ((kind = ANY (ARRAY['heading'::text, 'gl'::text, 'breakdown'::text, 'exposure'::text, 'total'::text, 'ratio'::text, 'unavailable'::text, 'loan'::text]))),
    CONSTRAINT return_template_lines_loan_figure_check CHECK ((((kind = 'loan'::text) = (loan_figure IS NOT NULL)) AND ((loan_figure IS NULL) OR (loan_figure = ANY (ARRAY['principal'::text, 'suspense'::text, 'provision'::text]))))),
    CONSTRAINT return_template_lines_measure_check CHECK (((measure IS NULL) OR (measure = ANY (ARRAY['count'::text, 'sum'::text, 'largest'::text])))),
    CONSTRAINT return_template_lines_ratio_check CHECK (((kind <> 'ratio'::text) OR (cardinality(terms) = 2))),
    CONSTRAINT return_template_lines_side_check CHECK ((side = ANY (ARRAY['debit'::text, 'credit'::text]))),
    CONSTRAINT return_template_lines_terms_check CHECK (((kind = ANY (ARRAY['total'::text, 'ratio'::text])) = (terms IS NOT NULL)))
);

--
-- Name: return_templates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.return_templates (
    code text NOT NULL,
    name text NOT NULL,
    "position" integer NOT NULL,
    note text DEFAULT ''::text NOT NULL
);

--
-- Name: role_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.role_limits (
    role_id uuid NOT NULL,
    currency text NOT NULL,
    max_cash_withdrawal numeric(18,2),
    max_transfer numeric(18,2),
    max_manual_journal numeric(18,2),
    max_approval numeric(18,2),
    daily_cash_withdrawal numeric(18,2),
    daily_transfer numeric(18,2),
    daily_manual_journal numeric(18,2),
    account_daily_cash_withdrawal numeric(18,2),
    account_daily_transfer numeric(18,2),
    account_daily_manual_journal numeric(18,2),
    CONSTRAINT role_limits_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text])))
);

--
-- Name: role_permissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.role_permissions (
    role_id uuid NOT NULL,
    permission text NOT NULL
);

--
-- Name: roles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    key text,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    retired_at timestamp(6) with time zone,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: salary_batch_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.salary_batch_lines (
    batch_id bigint NOT NULL,
    line_no integer NOT NULL,
    account_number text NOT NULL,
    amount_text text NOT NULL,
    narration text NOT NULL,
    account_id bigint,
    amount numeric(18,2),
    problem text,
    first_line integer,
    loan_account_number text,
    loan_id integer,
    check_off numeric(18,2),
    check_off_refusal text
);

--
-- Name: salary_batches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.salary_batches (
    id bigint NOT NULL,
    reference text NOT NULL,
    employer_account_id bigint NOT NULL,
    currency text NOT NULL,
    branch_code text NOT NULL,
    narration text NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    maker_id uuid NOT NULL,
    maker_email text NOT NULL,
    approval_id uuid,
    entry_id bigint,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    submitted_at timestamp(6) with time zone,
    posted_at timestamp(6) with time zone,
    CONSTRAINT salary_batches_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'submitted'::text, 'posted'::text])))
);

--
-- Name: salary_batches_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.salary_batches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.salary_batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sanctions_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sanctions_entries (
    id bigint NOT NULL,
    version_id bigint NOT NULL,
    ref text NOT NULL,
    kind text NOT NULL,
    name text NOT NULL,
    aliases text[] DEFAULT '{}'::text[] NOT NULL,
    reference_number text,
    list_type text,
    dates_of_birth text[] DEFAULT '{}'::text[] NOT NULL,
    nationalities text[] DEFAULT '{}'::text[] NOT NULL,
    listed_on text,
    comments text,
    fingerprint text NOT NULL,
    CONSTRAINT sanctions_entries_kind_check CHECK ((kind = ANY (ARRAY['individual'::text, 'entity'::text])))
);

--
-- Name: sanctions_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sanctions_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sanctions_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sanctions_hits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sanctions_hits (
    id bigint NOT NULL,
    cust_id integer NOT NULL,
    entry_id bigint NOT NULL,
    entry_key text NOT NULL,
    screened_name text NOT NULL,
    matched_name text NOT NULL,
    matched_fields text[] NOT NULL,
    score numeric(4,3) NOT NULL,
    trigger text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    reason text,
    decided_by text,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sanctions_hits_decided_check CHECK (((status = 'open'::text) OR ((reason IS NOT NULL) AND (decided_by IS NOT NULL)))),
    CONSTRAINT sanctions_hits_score_check CHECK (((score >= (0)::numeric) AND (score <= (1)::numeric))),
    CONSTRAINT sanctions_hits_status_check CHECK ((status = ANY (ARRAY['open'::text, 'cleared'::text, 'confirmed'::text]))),
    CONSTRAINT sanctions_hits_trigger_check CHECK ((trigger = ANY (ARRAY['creation'::text, 'kyc_edit'::text, 'rescreen'::text])))
);

--
-- Name: sanctions_hits_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sanctions_hits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sanctions_hits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sanctions_list_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sanctions_list_versions (
    id bigint NOT NULL,
    source text NOT NULL,
    version integer NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    file_name text NOT NULL,
    generated_at text,
    entries integer DEFAULT 0 NOT NULL,
    added integer DEFAULT 0 NOT NULL,
    changed integer DEFAULT 0 NOT NULL,
    removed integer DEFAULT 0 NOT NULL,
    uploaded_by text NOT NULL,
    uploaded_at timestamp with time zone DEFAULT now() NOT NULL,
    approval_id uuid,
    decided_by text,
    decided_at timestamp with time zone,
    CONSTRAINT sanctions_list_versions_source_check CHECK ((source = ANY (ARRAY['un'::text, 'local'::text]))),
    CONSTRAINT sanctions_list_versions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'superseded'::text, 'rejected'::text])))
);

--
-- Name: sanctions_list_versions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sanctions_list_versions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sanctions_list_versions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sanctions_names; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sanctions_names (
    id bigint NOT NULL,
    entry_id bigint NOT NULL,
    version_id bigint NOT NULL,
    name text NOT NULL,
    field text NOT NULL,
    norm text NOT NULL,
    CONSTRAINT sanctions_names_field_check CHECK ((field = ANY (ARRAY['name'::text, 'alias'::text])))
);

--
-- Name: sanctions_names_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.sanctions_names ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sanctions_names_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: sanctions_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sanctions_settings (
    id boolean DEFAULT true NOT NULL,
    threshold numeric(4,3) NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sanctions_settings_one_row CHECK (id),
    CONSTRAINT sanctions_settings_threshold_check CHECK (((threshold > (0)::numeric) AND (threshold <= (1)::numeric)))
);

--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    user_id uuid NOT NULL,
    approved boolean DEFAULT false NOT NULL,
    is_superuser boolean DEFAULT false NOT NULL,
    approved_by uuid,
    approved_at timestamp(6) with time zone,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    home_branch text,
    permissions text[] DEFAULT '{}'::text[] NOT NULL
);

--
-- Name: staff_roles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_roles (
    user_id uuid NOT NULL,
    role_id uuid NOT NULL,
    assigned_at timestamp(6) with time zone DEFAULT now() NOT NULL
);

--
-- Name: standing_order_options; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.standing_order_options (
    id boolean DEFAULT true NOT NULL,
    retry_days integer DEFAULT 0 NOT NULL,
    failure_fee_sle numeric(18,2),
    failure_fee_usd numeric(18,2),
    version integer DEFAULT 1 NOT NULL,
    updated_by_email text,
    updated_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT standing_order_options_fee_check CHECK (((COALESCE(failure_fee_sle, (1)::numeric) > (0)::numeric) AND (COALESCE(failure_fee_usd, (1)::numeric) > (0)::numeric))),
    CONSTRAINT standing_order_options_one_row CHECK (id),
    CONSTRAINT standing_order_options_retry_check CHECK (((retry_days >= 0) AND (retry_days <= 5)))
);

--
-- Name: standing_order_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.standing_order_runs (
    order_id bigint NOT NULL,
    due_date date NOT NULL,
    status text NOT NULL,
    code text,
    message text,
    entry_id bigint,
    fee_entry_id bigint,
    attempts integer DEFAULT 1 NOT NULL,
    run_date date NOT NULL,
    run_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    CONSTRAINT standing_order_runs_status_check CHECK ((status = ANY (ARRAY['posted'::text, 'failed'::text, 'missed'::text])))
);

--
-- Name: standing_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.standing_orders (
    id bigint NOT NULL,
    reference text NOT NULL,
    from_account_id bigint NOT NULL,
    to_account_id bigint NOT NULL,
    amount numeric(18,2) NOT NULL,
    narration text NOT NULL,
    frequency text NOT NULL,
    start_date date NOT NULL,
    end_date date,
    next_date date,
    anchor_date date NOT NULL,
    seq integer DEFAULT 0 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    branch_code text NOT NULL,
    created_by uuid NOT NULL,
    created_by_email text NOT NULL,
    created_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    cancel_reason text,
    CONSTRAINT standing_orders_accounts_check CHECK ((from_account_id <> to_account_id)),
    CONSTRAINT standing_orders_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT standing_orders_dates_check CHECK (((end_date IS NULL) OR (end_date >= start_date))),
    CONSTRAINT standing_orders_frequency_check CHECK ((frequency = ANY (ARRAY['weekly'::text, 'monthly'::text, 'quarterly'::text, 'yearly'::text]))),
    CONSTRAINT standing_orders_status_check CHECK ((status = ANY (ARRAY['active'::text, 'cancelled'::text, 'completed'::text])))
);

--
-- Name: standing_orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.standing_orders ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.standing_orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: statement_batches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.statement_batches (
    id bigint NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    period_from date NOT NULL,
    period_to date NOT NULL,
    scope text NOT NULL,
    branch_code text,
    format text NOT NULL,
    accounts_total integer,
    accounts_done integer DEFAULT 0 NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    error text,
    worker_id text,
    lease_until timestamp(6) with time zone,
    requested_by uuid NOT NULL,
    requested_email text NOT NULL,
    requested_at timestamp(6) with time zone DEFAULT now() NOT NULL,
    started_at timestamp(6) with time zone,
    finished_at timestamp(6) with time zone,
    object_path text,
    file_name text,
    size bigint,
    CONSTRAINT statement_batches_done_check CHECK (((status = 'done'::text) = (object_path IS NOT NULL))),
    CONSTRAINT statement_batches_format_check CHECK ((format = ANY (ARRAY['zip'::text, 'merged'::text]))),
    CONSTRAINT statement_batches_period_check CHECK ((period_from <= period_to)),
    CONSTRAINT statement_batches_scope_check CHECK ((scope = ANY (ARRAY['branch'::text, 'activity'::text]))),
    CONSTRAINT statement_batches_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])))
);

--
-- Name: statement_batches_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.statement_batches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.statement_batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: storage_buckets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.storage_buckets (
    id text NOT NULL,
    name text NOT NULL,
    public boolean DEFAULT false NOT NULL,
    file_size_limit bigint,
    allowed_mime_types text[],
    read_permission text,
    write_permission text,
    delete_permission text,
    owner uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT storage_buckets_size_limit_check CHECK (((file_size_limit IS NULL) OR (file_size_limit > 0)))
);

--
-- Name: storage_objects; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.storage_objects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bucket_id text NOT NULL,
    name text NOT NULL,
    size bigint NOT NULL,
    mime_type text NOT NULL,
    sha256 text NOT NULL,
    cache_control text,
    owner uuid,
    version uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT storage_objects_sha256_check CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT storage_objects_size_check CHECK ((size >= 0))
);

--
-- Name: tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tasks (
    id integer NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    due_date date NOT NULL,
    priority text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    CONSTRAINT tasks_priority_check CHECK ((priority = ANY (ARRAY['high'::text, 'medium'::text, 'low'::text]))),
    CONSTRAINT tasks_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'in-progress'::text, 'completed'::text])))
);

--
-- Name: tasks_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.tasks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tasks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: teller_transactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.teller_transactions (
    id bigint NOT NULL,
    reference text NOT NULL,
    kind text NOT NULL,
    status text NOT NULL,
    session_id uuid NOT NULL,
    branch_code text NOT NULL,
    teller_id uuid NOT NULL,
    teller_email text NOT NULL,
    account_id bigint NOT NULL,
    account_number text NOT NULL,
    account_name text NOT NULL,
    currency text NOT NULL,
    amount numeric(18,2) NOT NULL,
    party_name text NOT NULL,
    party_id_number text NOT NULL,
    narration text NOT NULL,
    signature_confirmed boolean DEFAULT false NOT NULL,
    ctr_flag boolean DEFAULT false NOT NULL,
    approval_id uuid,
    entry_id bigint,
    business_date date NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    posted_at timestamp with time zone,
    CONSTRAINT teller_transactions_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT teller_transactions_kind_check CHECK ((kind = ANY (ARRAY['deposit'::text, 'withdrawal'::text, 'loan_repayment'::text, 'loan_disbursement'::text]))),
    CONSTRAINT teller_transactions_posted_entry CHECK (((status = 'posted'::text) = (entry_id IS NOT NULL))),
    CONSTRAINT teller_transactions_signature CHECK (((kind <> ALL (ARRAY['withdrawal'::text, 'loan_disbursement'::text])) OR signature_confirmed)),
    CONSTRAINT teller_transactions_status_check CHECK ((status = ANY (ARRAY['pending_approval'::text, 'approved'::text, 'rejected'::text, 'posted'::text])))
);

--
-- Name: teller_transactions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.teller_transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: teller_transactions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.teller_transactions_id_seq OWNED BY public.teller_transactions.id;

--
-- Name: till_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.till_sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reference text NOT NULL,
    branch_code text NOT NULL,
    till_code text NOT NULL,
    currency text NOT NULL,
    teller_id uuid NOT NULL,
    teller_email text NOT NULL,
    business_date date NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    opening_allocation numeric(18,2) NOT NULL,
    opening_denominations jsonb NOT NULL,
    opening_entry_id bigint,
    balance numeric(18,2) DEFAULT '0'::numeric NOT NULL,
    expected numeric(18,2),
    counted numeric(18,2),
    counted_denominations jsonb,
    close_reference text,
    close_approval_id uuid,
    close_entry_id bigint,
    signed_off_by text,
    opened_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT till_sessions_allocation_check CHECK ((opening_allocation >= (0)::numeric)),
    CONSTRAINT till_sessions_cash_check CHECK ((balance >= (0)::numeric)),
    CONSTRAINT till_sessions_closed_empty CHECK (((status <> 'closed'::text) OR (balance = (0)::numeric))),
    CONSTRAINT till_sessions_currency_check CHECK ((currency = ANY (ARRAY['SLE'::text, 'USD'::text]))),
    CONSTRAINT till_sessions_status_check CHECK ((status = ANY (ARRAY['open'::text, 'closing'::text, 'closed'::text])))
);

--
-- Name: till_vault_transfers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.till_vault_transfers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reference text NOT NULL,
    session_id uuid NOT NULL,
    direction text NOT NULL,
    currency text NOT NULL,
    amount numeric(18,2) NOT NULL,
    denominations jsonb NOT NULL,
    status text DEFAULT 'pending_approval'::text NOT NULL,
    approval_id uuid,
    entry_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT till_vault_transfers_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT till_vault_transfers_direction_check CHECK ((direction = ANY (ARRAY['buy'::text, 'sell'::text]))),
    CONSTRAINT till_vault_transfers_status_check CHECK ((status = ANY (ARRAY['pending_approval'::text, 'posted'::text, 'rejected'::text])))
);

--
-- Name: tills; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tills (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    branch_code text NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    assigned_teller_id uuid,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tills_code_check CHECK ((code ~ '^[A-Z0-9-]{1,12}$'::text))
);

--
-- Name: transactions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.transactions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);

--
-- Name: auth_one_time_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_one_time_tokens ALTER COLUMN id SET DEFAULT nextval('public.auth_one_time_tokens_id_seq'::regclass);

--
-- Name: auth_refresh_tokens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_refresh_tokens ALTER COLUMN id SET DEFAULT nextval('public.auth_refresh_tokens_id_seq'::regclass);

--
-- Name: mail_outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox ALTER COLUMN id SET DEFAULT nextval('public.mail_outbox_id_seq'::regclass);

--
-- Name: report_inbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_inbox ALTER COLUMN id SET DEFAULT nextval('public.report_inbox_id_seq'::regclass);

--
-- Name: report_runs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_runs ALTER COLUMN id SET DEFAULT nextval('public.report_runs_id_seq'::regclass);

--
-- Name: report_schedules id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_schedules ALTER COLUMN id SET DEFAULT nextval('public.report_schedules_id_seq'::regclass);

--
-- Name: teller_transactions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions ALTER COLUMN id SET DEFAULT nextval('public.teller_transactions_id_seq'::regclass);

--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);

--
-- Name: account_activity account_activity_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_activity
    ADD CONSTRAINT account_activity_pkey PRIMARY KEY (account_id);

--
-- Name: account_counts account_counts_account_type_status_branch_code_product_code_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_counts
    ADD CONSTRAINT account_counts_account_type_status_branch_code_product_code_pk PRIMARY KEY (account_type, status, branch_code, product_code);

--
-- Name: account_daily_debits account_daily_debits_business_date_account_id_source_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_daily_debits
    ADD CONSTRAINT account_daily_debits_business_date_account_id_source_pk PRIMARY KEY (business_date, account_id, source);

--
-- Name: account_holds account_holds_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_holds
    ADD CONSTRAINT account_holds_pkey PRIMARY KEY (id);

--
-- Name: account_interest account_interest_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_interest
    ADD CONSTRAINT account_interest_pkey PRIMARY KEY (account_id);

--
-- Name: account_search account_search_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_search
    ADD CONSTRAINT account_search_pkey PRIMARY KEY (id);

--
-- Name: accounting_periods accounting_periods_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounting_periods
    ADD CONSTRAINT accounting_periods_pkey PRIMARY KEY (period);

--
-- Name: accounts accounts_account_number_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_account_number_unique UNIQUE (account_number);

--
-- Name: accounts accounts_id_cust_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_id_cust_unique UNIQUE (id, cust_id);

--
-- Name: accounts accounts_opening_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_opening_reference_unique UNIQUE (opening_reference);

--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);

--
-- Name: aml_alerts aml_alerts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_alerts
    ADD CONSTRAINT aml_alerts_pkey PRIMARY KEY (id);

--
-- Name: aml_case_attachments aml_case_attachments_object_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_case_attachments
    ADD CONSTRAINT aml_case_attachments_object_unique UNIQUE (object_path);

--
-- Name: aml_case_attachments aml_case_attachments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_case_attachments
    ADD CONSTRAINT aml_case_attachments_pkey PRIMARY KEY (id);

--
-- Name: aml_case_events aml_case_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_case_events
    ADD CONSTRAINT aml_case_events_pkey PRIMARY KEY (id);

--
-- Name: aml_cases aml_cases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_cases
    ADD CONSTRAINT aml_cases_pkey PRIMARY KEY (id);

--
-- Name: aml_ctr_filed_days aml_ctr_filed_days_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filed_days
    ADD CONSTRAINT aml_ctr_filed_days_pkey PRIMARY KEY (business_date);

--
-- Name: aml_ctr_filing_rows aml_ctr_filing_rows_filing_id_business_date_cust_id_currency_di; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filing_rows
    ADD CONSTRAINT aml_ctr_filing_rows_filing_id_business_date_cust_id_currency_di PRIMARY KEY (filing_id, business_date, cust_id, currency, direction);

--
-- Name: aml_ctr_filings aml_ctr_filings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filings
    ADD CONSTRAINT aml_ctr_filings_pkey PRIMARY KEY (id);

--
-- Name: aml_ctr_filings aml_ctr_filings_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filings
    ADD CONSTRAINT aml_ctr_filings_reference_unique UNIQUE (reference);

--
-- Name: aml_rules aml_rules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_rules
    ADD CONSTRAINT aml_rules_pkey PRIMARY KEY (scenario);

--
-- Name: aml_str_reports aml_str_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_str_reports
    ADD CONSTRAINT aml_str_reports_pkey PRIMARY KEY (id);

--
-- Name: aml_str_reports aml_str_reports_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_str_reports
    ADD CONSTRAINT aml_str_reports_reference_unique UNIQUE (reference);

--
-- Name: announcements announcements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.announcements
    ADD CONSTRAINT announcements_pkey PRIMARY KEY (id);

--
-- Name: app_meta app_meta_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.app_meta
    ADD CONSTRAINT app_meta_pkey PRIMARY KEY (key);

--
-- Name: approval_requests approval_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.approval_requests
    ADD CONSTRAINT approval_requests_pkey PRIMARY KEY (id);

--
-- Name: audit_chain_meta audit_chain_meta_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_chain_meta
    ADD CONSTRAINT audit_chain_meta_pkey PRIMARY KEY (id);

--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

--
-- Name: auth_mfa_challenges auth_mfa_challenges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_mfa_challenges
    ADD CONSTRAINT auth_mfa_challenges_pkey PRIMARY KEY (id);

--
-- Name: auth_mfa_factors auth_mfa_factors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_mfa_factors
    ADD CONSTRAINT auth_mfa_factors_pkey PRIMARY KEY (id);

--
-- Name: auth_one_time_tokens auth_one_time_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_one_time_tokens
    ADD CONSTRAINT auth_one_time_tokens_pkey PRIMARY KEY (id);

--
-- Name: auth_rate_limits auth_rate_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_rate_limits
    ADD CONSTRAINT auth_rate_limits_pkey PRIMARY KEY (key);

--
-- Name: auth_refresh_tokens auth_refresh_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_refresh_tokens
    ADD CONSTRAINT auth_refresh_tokens_pkey PRIMARY KEY (id);

--
-- Name: auth_sessions auth_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_sessions
    ADD CONSTRAINT auth_sessions_pkey PRIMARY KEY (id);

--
-- Name: auth_signing_keys auth_signing_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_signing_keys
    ADD CONSTRAINT auth_signing_keys_pkey PRIMARY KEY (kid);

--
-- Name: auth_users auth_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_users
    ADD CONSTRAINT auth_users_pkey PRIMARY KEY (id);

--
-- Name: bank_business_date bank_business_date_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_business_date
    ADD CONSTRAINT bank_business_date_pkey PRIMARY KEY (id);

--
-- Name: bank_capital bank_capital_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_capital
    ADD CONSTRAINT bank_capital_pkey PRIMARY KEY (month);

--
-- Name: banking_stats banking_stats_metric_currency_slot_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.banking_stats
    ADD CONSTRAINT banking_stats_metric_currency_slot_pk PRIMARY KEY (metric, currency, slot);

--
-- Name: branches branches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.branches
    ADD CONSTRAINT branches_pkey PRIMARY KEY (code);

--
-- Name: customer_contacts customer_contacts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_contacts
    ADD CONSTRAINT customer_contacts_pkey PRIMARY KEY (id);

--
-- Name: customer_counts customer_counts_type_status_branch_code_risk_kyc_complete_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_counts
    ADD CONSTRAINT customer_counts_type_status_branch_code_risk_kyc_complete_pk PRIMARY KEY (type, status, branch_code, risk, kyc_complete);

--
-- Name: customer_documents customer_documents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_documents
    ADD CONSTRAINT customer_documents_pkey PRIMARY KEY (id);

--
-- Name: customer_relations customer_relations_cust_id_related_id_role_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_relations
    ADD CONSTRAINT customer_relations_cust_id_related_id_role_pk PRIMARY KEY (cust_id, related_id, role);

--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (cust_id);

--
-- Name: eod_dormancy_marks eod_dormancy_marks_business_date_account_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_dormancy_marks
    ADD CONSTRAINT eod_dormancy_marks_business_date_account_id_pk PRIMARY KEY (business_date, account_id);

--
-- Name: eod_failures eod_failures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_failures
    ADD CONSTRAINT eod_failures_pkey PRIMARY KEY (id);

--
-- Name: eod_fd_maturities eod_fd_maturities_business_date_account_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_fd_maturities
    ADD CONSTRAINT eod_fd_maturities_business_date_account_id_pk PRIMARY KEY (business_date, account_id);

--
-- Name: eod_fee_charges eod_fee_charges_business_date_fee_account_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_fee_charges
    ADD CONSTRAINT eod_fee_charges_business_date_fee_account_id_pk PRIMARY KEY (business_date, fee, account_id);

--
-- Name: eod_interest_daily eod_interest_daily_business_date_kind_product_code_branch_code_; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_interest_daily
    ADD CONSTRAINT eod_interest_daily_business_date_kind_product_code_branch_code_ PRIMARY KEY (business_date, kind, product_code, branch_code, currency);

--
-- Name: eod_run_steps eod_run_steps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_run_steps
    ADD CONSTRAINT eod_run_steps_pkey PRIMARY KEY (id);

--
-- Name: eod_runs eod_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_runs
    ADD CONSTRAINT eod_runs_pkey PRIMARY KEY (id);

--
-- Name: exchange_rate exchange_rate_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER DOMAIN public.exchange_rate
    ADD CONSTRAINT exchange_rate_check CHECK ((VALUE > (0)::numeric)) NOT VALID;

--
-- Name: fx_rates fx_rates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fx_rates
    ADD CONSTRAINT fx_rates_pkey PRIMARY KEY (currency, business_date);

--
-- Name: gl_accounts gl_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_accounts
    ADD CONSTRAINT gl_accounts_pkey PRIMARY KEY (code);

ALTER TABLE public.gl_accounts CLUSTER ON gl_accounts_pkey;

--
-- Name: gl_daily_balances gl_daily_balances_business_date_gl_code_currency_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_daily_balances
    ADD CONSTRAINT gl_daily_balances_business_date_gl_code_currency_pk PRIMARY KEY (business_date, gl_code, currency);

--
-- Name: gl_lines gl_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_lines
    ADD CONSTRAINT gl_lines_pkey PRIMARY KEY (id);

--
-- Name: holidays holidays_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.holidays
    ADD CONSTRAINT holidays_pkey PRIMARY KEY (id);

--
-- Name: interest_postings interest_postings_business_date_kind_account_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.interest_postings
    ADD CONSTRAINT interest_postings_business_date_kind_account_id_pk PRIMARY KEY (business_date, kind, account_id);

--
-- Name: journal_entries journal_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_pkey PRIMARY KEY (id);

--
-- Name: journal_entries journal_entries_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_reference_unique UNIQUE (reference);

--
-- Name: journal_entries journal_entries_reversal_of_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_reversal_of_unique UNIQUE (reversal_of);

--
-- Name: journal_source journal_source_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER DOMAIN public.journal_source
    ADD CONSTRAINT journal_source_check CHECK ((VALUE = ANY (ARRAY['teller'::text, 'transfer'::text, 'manual'::text, 'posting'::text, 'reversal'::text, 'system'::text, 'end_of_day'::text, 'migration'::text, 'seed'::text]))) NOT VALID;

--
-- Name: loan_accrual_daily loan_accrual_daily_business_date_product_code_branch_code_curre; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_accrual_daily
    ADD CONSTRAINT loan_accrual_daily_business_date_product_code_branch_code_curre PRIMARY KEY (business_date, product_code, branch_code, currency);

--
-- Name: loan_application_collateral loan_application_collateral_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_collateral
    ADD CONSTRAINT loan_application_collateral_pk PRIMARY KEY (application_id, "position");

--
-- Name: loan_application_documents loan_application_documents_object_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_documents
    ADD CONSTRAINT loan_application_documents_object_unique UNIQUE (object_path);

--
-- Name: loan_application_documents loan_application_documents_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_documents
    ADD CONSTRAINT loan_application_documents_pkey PRIMARY KEY (id);

--
-- Name: loan_application_events loan_application_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_events
    ADD CONSTRAINT loan_application_events_pkey PRIMARY KEY (id);

--
-- Name: loan_application_guarantors loan_application_guarantors_once; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_guarantors
    ADD CONSTRAINT loan_application_guarantors_once UNIQUE (application_id, cust_id);

--
-- Name: loan_application_guarantors loan_application_guarantors_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_guarantors
    ADD CONSTRAINT loan_application_guarantors_pk PRIMARY KEY (application_id, "position");

--
-- Name: loan_applications loan_applications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_pkey PRIMARY KEY (id);

--
-- Name: loan_cash_disbursements loan_cash_disbursements_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_cash_disbursements
    ADD CONSTRAINT loan_cash_disbursements_pkey PRIMARY KEY (application_id);

--
-- Name: loan_classes loan_classes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_classes
    ADD CONSTRAINT loan_classes_pkey PRIMARY KEY (code);

--
-- Name: loan_classes loan_classes_position_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_classes
    ADD CONSTRAINT loan_classes_position_unique UNIQUE ("position");

--
-- Name: loan_cure_watch loan_cure_watch_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_cure_watch
    ADD CONSTRAINT loan_cure_watch_pkey PRIMARY KEY (loan_id);

--
-- Name: loan_daily_status loan_daily_status_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_daily_status
    ADD CONSTRAINT loan_daily_status_pk PRIMARY KEY (business_date, loan_id);

--
-- Name: loan_grading_settings loan_grading_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_grading_settings
    ADD CONSTRAINT loan_grading_settings_pkey PRIMARY KEY (id);

--
-- Name: loan_instalments loan_instalments_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_instalments
    ADD CONSTRAINT loan_instalments_pk PRIMARY KEY (loan_id, instalment_number);

--
-- Name: loan_penalty_charges loan_penalty_charges_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_penalty_charges
    ADD CONSTRAINT loan_penalty_charges_pk PRIMARY KEY (loan_id, instalment_number);

--
-- Name: loan_product_versions loan_product_versions_product_code_version_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_product_versions
    ADD CONSTRAINT loan_product_versions_product_code_version_pk PRIMARY KEY (product_code, version);

--
-- Name: loan_products loan_products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_pkey PRIMARY KEY (code);

--
-- Name: loan_provision_lines loan_provision_lines_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_lines
    ADD CONSTRAINT loan_provision_lines_pk PRIMARY KEY (run_id, loan_id);

--
-- Name: loan_provision_rates loan_provision_rates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_rates
    ADD CONSTRAINT loan_provision_rates_pkey PRIMARY KEY (loan_class);

--
-- Name: loan_provision_releases loan_provision_releases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_releases
    ADD CONSTRAINT loan_provision_releases_pkey PRIMARY KEY (entry_id);

--
-- Name: loan_provision_runs loan_provision_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_runs
    ADD CONSTRAINT loan_provision_runs_pkey PRIMARY KEY (id);

--
-- Name: loan_recoveries loan_recoveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_recoveries
    ADD CONSTRAINT loan_recoveries_pkey PRIMARY KEY (id);

--
-- Name: loan_recoveries loan_recoveries_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_recoveries
    ADD CONSTRAINT loan_recoveries_reference_unique UNIQUE (reference);

--
-- Name: loan_repayments loan_repayments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_pkey PRIMARY KEY (id);

--
-- Name: loan_repayments loan_repayments_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_reference_unique UNIQUE (reference);

--
-- Name: loan_repayments loan_repayments_reversal_entry_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_reversal_entry_unique UNIQUE (reversal_entry_id);

--
-- Name: loan_restructurings loan_restructurings_approval_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_restructurings
    ADD CONSTRAINT loan_restructurings_approval_unique UNIQUE (approval_id);

--
-- Name: loan_restructurings loan_restructurings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_restructurings
    ADD CONSTRAINT loan_restructurings_pkey PRIMARY KEY (id);

--
-- Name: loan_suspense_moves loan_suspense_moves_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_suspense_moves
    ADD CONSTRAINT loan_suspense_moves_pk PRIMARY KEY (business_date, loan_id);

--
-- Name: loan_write_off_limits loan_write_off_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_write_off_limits
    ADD CONSTRAINT loan_write_off_limits_pkey PRIMARY KEY (currency);

--
-- Name: loan_write_offs loan_write_offs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_write_offs
    ADD CONSTRAINT loan_write_offs_pkey PRIMARY KEY (loan_id);

--
-- Name: loans loans_account_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_account_unique UNIQUE (account_id);

--
-- Name: loans loans_application_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_application_unique UNIQUE (application_id);

--
-- Name: loans loans_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_pkey PRIMARY KEY (id);

--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

--
-- Name: maker_daily_debits maker_daily_debits_business_date_maker_id_source_currency_slot_; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.maker_daily_debits
    ADD CONSTRAINT maker_daily_debits_business_date_maker_id_source_currency_slot_ PRIMARY KEY (business_date, maker_id, source, currency, slot);

--
-- Name: mobile_banking_subscriptions mobile_banking_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mobile_banking_subscriptions
    ADD CONSTRAINT mobile_banking_subscriptions_pkey PRIMARY KEY (cust_id);

--
-- Name: news news_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.news
    ADD CONSTRAINT news_pkey PRIMARY KEY (id);

--
-- Name: positive_money positive_money_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER DOMAIN public.positive_money
    ADD CONSTRAINT positive_money_check CHECK ((VALUE > (0)::numeric)) NOT VALID;

--
-- Name: posting_side posting_side_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER DOMAIN public.posting_side
    ADD CONSTRAINT posting_side_check CHECK ((VALUE = ANY (ARRAY['credit'::text, 'debit'::text]))) NOT VALID;

--
-- Name: product_versions product_versions_effective_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_versions
    ADD CONSTRAINT product_versions_effective_unique UNIQUE (product_code, effective_from);

--
-- Name: product_versions product_versions_product_code_version_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_versions
    ADD CONSTRAINT product_versions_product_code_version_pk PRIMARY KEY (product_code, version);

--
-- Name: products products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_pkey PRIMARY KEY (code);

--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

--
-- Name: registered_user_balances registered_user_balances_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_balances
    ADD CONSTRAINT registered_user_balances_pkey PRIMARY KEY (cust_id);

--
-- Name: registered_user_count registered_user_count_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_count
    ADD CONSTRAINT registered_user_count_pkey PRIMARY KEY (id);

--
-- Name: registered_user_keys registered_user_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_keys
    ADD CONSTRAINT registered_user_keys_pkey PRIMARY KEY (cust_id);

--
-- Name: registered_user_term_counts registered_user_term_counts_term_branch_code_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_term_counts
    ADD CONSTRAINT registered_user_term_counts_term_branch_code_pk PRIMARY KEY (term, branch_code);

--
-- Name: regulatory_return_filings regulatory_return_filings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.regulatory_return_filings
    ADD CONSTRAINT regulatory_return_filings_pkey PRIMARY KEY (id);

--
-- Name: regulatory_return_filings regulatory_return_filings_version_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.regulatory_return_filings
    ADD CONSTRAINT regulatory_return_filings_version_unique UNIQUE (month_end, version);

--
-- Name: report_daily_cash report_daily_cash_business_date_branch_code_currency_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_cash
    ADD CONSTRAINT report_daily_cash_business_date_branch_code_currency_pk PRIMARY KEY (business_date, branch_code, currency);

--
-- Name: report_daily_loan_classes report_daily_loan_classes_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_loan_classes
    ADD CONSTRAINT report_daily_loan_classes_pk PRIMARY KEY (business_date, branch_code, currency, loan_class);

--
-- Name: report_daily_loans_outside_book report_daily_loans_outside_book_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_loans_outside_book
    ADD CONSTRAINT report_daily_loans_outside_book_pk PRIMARY KEY (business_date, currency);

--
-- Name: report_daily_positions report_daily_positions_business_date_branch_code_product_code_c; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_positions
    ADD CONSTRAINT report_daily_positions_business_date_branch_code_product_code_c PRIMARY KEY (business_date, branch_code, product_code, currency);

--
-- Name: report_days report_days_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_days
    ADD CONSTRAINT report_days_pkey PRIMARY KEY (business_date);

--
-- Name: report_inbox report_inbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_inbox
    ADD CONSTRAINT report_inbox_pkey PRIMARY KEY (id);

--
-- Name: report_runs report_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_runs
    ADD CONSTRAINT report_runs_pkey PRIMARY KEY (id);

--
-- Name: report_schedules report_schedules_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_schedules
    ADD CONSTRAINT report_schedules_pkey PRIMARY KEY (id);

--
-- Name: return_gl_mappings return_gl_mappings_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_gl_mappings
    ADD CONSTRAINT return_gl_mappings_pk PRIMARY KEY (template_code, line_code, gl_pattern);

--
-- Name: return_template_checks return_template_checks_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_template_checks
    ADD CONSTRAINT return_template_checks_pk PRIMARY KEY (template_code, line_code);

--
-- Name: return_template_lines return_template_lines_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_template_lines
    ADD CONSTRAINT return_template_lines_pk PRIMARY KEY (template_code, line_code);

--
-- Name: return_template_lines return_template_lines_position_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_template_lines
    ADD CONSTRAINT return_template_lines_position_unique UNIQUE (template_code, "position");

--
-- Name: return_templates return_templates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_templates
    ADD CONSTRAINT return_templates_pkey PRIMARY KEY (code);

--
-- Name: return_templates return_templates_position_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_templates
    ADD CONSTRAINT return_templates_position_unique UNIQUE ("position");

--
-- Name: role_limits role_limits_role_id_currency_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_limits
    ADD CONSTRAINT role_limits_role_id_currency_pk PRIMARY KEY (role_id, currency);

--
-- Name: role_permissions role_permissions_role_id_permission_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_permission_pk PRIMARY KEY (role_id, permission);

--
-- Name: roles roles_key_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_key_unique UNIQUE (key);

--
-- Name: roles roles_name_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_name_unique UNIQUE (name);

--
-- Name: roles roles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_pkey PRIMARY KEY (id);

--
-- Name: salary_batch_lines salary_batch_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batch_lines
    ADD CONSTRAINT salary_batch_lines_pkey PRIMARY KEY (batch_id, line_no);

--
-- Name: salary_batches salary_batches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batches
    ADD CONSTRAINT salary_batches_pkey PRIMARY KEY (id);

--
-- Name: salary_batches salary_batches_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batches
    ADD CONSTRAINT salary_batches_reference_unique UNIQUE (reference);

--
-- Name: sanctions_entries sanctions_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_entries
    ADD CONSTRAINT sanctions_entries_pkey PRIMARY KEY (id);

--
-- Name: sanctions_entries sanctions_entries_version_ref_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_entries
    ADD CONSTRAINT sanctions_entries_version_ref_unique UNIQUE (version_id, ref);

--
-- Name: sanctions_hits sanctions_hits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_hits
    ADD CONSTRAINT sanctions_hits_pkey PRIMARY KEY (id);

--
-- Name: sanctions_list_versions sanctions_list_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_list_versions
    ADD CONSTRAINT sanctions_list_versions_pkey PRIMARY KEY (id);

--
-- Name: sanctions_list_versions sanctions_list_versions_source_version_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_list_versions
    ADD CONSTRAINT sanctions_list_versions_source_version_unique UNIQUE (source, version);

--
-- Name: sanctions_names sanctions_names_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_names
    ADD CONSTRAINT sanctions_names_pkey PRIMARY KEY (id);

--
-- Name: sanctions_settings sanctions_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_settings
    ADD CONSTRAINT sanctions_settings_pkey PRIMARY KEY (id);

--
-- Name: staff staff_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (user_id);

--
-- Name: staff_roles staff_roles_user_id_role_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_user_id_role_id_pk PRIMARY KEY (user_id, role_id);

--
-- Name: standing_order_options standing_order_options_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_order_options
    ADD CONSTRAINT standing_order_options_pkey PRIMARY KEY (id);

--
-- Name: standing_order_runs standing_order_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_order_runs
    ADD CONSTRAINT standing_order_runs_pkey PRIMARY KEY (order_id, due_date);

--
-- Name: standing_orders standing_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_orders
    ADD CONSTRAINT standing_orders_pkey PRIMARY KEY (id);

--
-- Name: standing_orders standing_orders_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_orders
    ADD CONSTRAINT standing_orders_reference_unique UNIQUE (reference);

--
-- Name: statement_batches statement_batches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.statement_batches
    ADD CONSTRAINT statement_batches_pkey PRIMARY KEY (id);

--
-- Name: storage_buckets storage_buckets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.storage_buckets
    ADD CONSTRAINT storage_buckets_pkey PRIMARY KEY (id);

--
-- Name: storage_objects storage_objects_bucket_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.storage_objects
    ADD CONSTRAINT storage_objects_bucket_name_key UNIQUE (bucket_id, name);

--
-- Name: storage_objects storage_objects_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.storage_objects
    ADD CONSTRAINT storage_objects_pkey PRIMARY KEY (id);

--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (id);

--
-- Name: teller_transactions teller_transactions_entry_id_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_entry_id_unique UNIQUE (entry_id);

--
-- Name: teller_transactions teller_transactions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_pkey PRIMARY KEY (id);

--
-- Name: teller_transactions teller_transactions_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_reference_unique UNIQUE (reference);

--
-- Name: till_sessions till_sessions_close_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_close_reference_unique UNIQUE (close_reference);

--
-- Name: till_sessions till_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_pkey PRIMARY KEY (id);

--
-- Name: till_sessions till_sessions_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_reference_unique UNIQUE (reference);

--
-- Name: till_vault_transfers till_vault_transfers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_vault_transfers
    ADD CONSTRAINT till_vault_transfers_pkey PRIMARY KEY (id);

--
-- Name: till_vault_transfers till_vault_transfers_reference_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_vault_transfers
    ADD CONSTRAINT till_vault_transfers_reference_unique UNIQUE (reference);

--
-- Name: tills tills_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tills
    ADD CONSTRAINT tills_pkey PRIMARY KEY (id);

--
-- Name: transactions transactions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);

--
-- Name: account_activity_last_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_activity_last_idx ON public.account_activity USING btree (last_customer_activity);

--
-- Name: account_holds_active_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_holds_active_idx ON public.account_holds USING btree (account_id) WHERE (released_at IS NULL);

--
-- Name: account_search_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_search_name_trgm_idx ON public.account_search USING gin (name public.gin_trgm_ops);

--
-- Name: accounting_periods_closed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounting_periods_closed_idx ON public.accounting_periods USING btree (starts_on, ends_on) WHERE (status = 'closed'::text);

--
-- Name: accounts_branch_number_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_branch_number_idx ON public.accounts USING btree (branch_code, account_number);

--
-- Name: accounts_branch_type_number_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_branch_type_number_idx ON public.accounts USING btree (branch_code, account_type, account_number);

--
-- Name: accounts_branch_type_status_number_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_branch_type_status_number_idx ON public.accounts USING btree (branch_code, account_type, status, account_number);

--
-- Name: accounts_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_cust_idx ON public.accounts USING btree (cust_id);

--
-- Name: accounts_maturity_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_maturity_idx ON public.accounts USING btree (maturity_date) WHERE (maturity_date IS NOT NULL);

--
-- Name: accounts_opened_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_opened_idx ON public.accounts USING btree (opened_on, branch_code);

--
-- Name: accounts_overdrawn_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_overdrawn_idx ON public.accounts USING btree (overdrawn_since) WHERE (overdrawn_since IS NOT NULL);

--
-- Name: accounts_product_band_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_product_band_idx ON public.accounts USING btree (product_code, balance_band);

--
-- Name: accounts_product_number_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_product_number_idx ON public.accounts USING btree (product_code, account_number);

--
-- Name: accounts_type_band_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_type_band_idx ON public.accounts USING btree (account_type, balance_band);

--
-- Name: accounts_type_status_number_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_type_status_number_idx ON public.accounts USING btree (account_type, status, account_number);

--
-- Name: aml_alerts_case; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_alerts_case ON public.aml_alerts USING btree (case_id);

--
-- Name: aml_alerts_customer; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_alerts_customer ON public.aml_alerts USING btree (customer_id);

--
-- Name: aml_alerts_queue; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_alerts_queue ON public.aml_alerts USING btree (business_date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: aml_alerts_rule_customer_day; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX aml_alerts_rule_customer_day ON public.aml_alerts USING btree (scenario, customer_id, business_date);

--
-- Name: aml_alerts_score; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_alerts_score ON public.aml_alerts USING btree (score DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: aml_case_attachments_case_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_case_attachments_case_idx ON public.aml_case_attachments USING btree (case_id, uploaded_at, id);

--
-- Name: aml_case_events_case; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_case_events_case ON public.aml_case_events USING btree (case_id, id);

--
-- Name: aml_cases_customer; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_cases_customer ON public.aml_cases USING btree (customer_id);

--
-- Name: aml_cases_one_active; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX aml_cases_one_active ON public.aml_cases USING btree (customer_id) WHERE (status = ANY (ARRAY['open'::text, 'under_investigation'::text, 'escalated'::text]));

--
-- Name: aml_cases_queue; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_cases_queue ON public.aml_cases USING btree (status, updated_at DESC NULLS LAST, id);

--
-- Name: aml_ctr_filing_rows_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX aml_ctr_filing_rows_key ON public.aml_ctr_filing_rows USING btree (business_date, cust_id, currency, direction);

--
-- Name: aml_ctr_filings_prepared_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_ctr_filings_prepared_idx ON public.aml_ctr_filings USING btree (prepared_at, id);

--
-- Name: aml_str_reports_one_open_per_case; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX aml_str_reports_one_open_per_case ON public.aml_str_reports USING btree (case_id) WHERE (status = ANY (ARRAY['draft'::text, 'pending_approval'::text]));

--
-- Name: aml_str_reports_prepared_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_str_reports_prepared_idx ON public.aml_str_reports USING btree (prepared_at, id);

--
-- Name: aml_str_reports_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX aml_str_reports_status_idx ON public.aml_str_reports USING btree (status, prepared_at, id);

--
-- Name: announcements_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX announcements_date_idx ON public.announcements USING btree (date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: approval_requests_maker_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX approval_requests_maker_idx ON public.approval_requests USING btree (maker_id, created_at);

--
-- Name: approval_requests_reference_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX approval_requests_reference_unique ON public.approval_requests USING btree (type, reference) WHERE (reference IS NOT NULL);

--
-- Name: approval_requests_status_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX approval_requests_status_created_idx ON public.approval_requests USING btree (status, created_at, id);

--
-- Name: approval_requests_subject_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX approval_requests_subject_idx ON public.approval_requests USING btree (type, subject_id, status);

--
-- Name: audit_log_action_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_action_idx ON public.audit_log USING btree (action, id);

--
-- Name: audit_log_actor_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_actor_idx ON public.audit_log USING btree (actor_id, id);

--
-- Name: audit_log_chain_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_chain_idx ON public.audit_log USING btree (chain, id);

--
-- Name: audit_log_occurred_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_occurred_at_idx ON public.audit_log USING btree (occurred_at);

--
-- Name: audit_log_target_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_target_idx ON public.audit_log USING btree (target_type, target_id, id);

--
-- Name: auth_mfa_factors_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_mfa_factors_user_idx ON public.auth_mfa_factors USING btree (user_id);

--
-- Name: auth_one_time_tokens_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_one_time_tokens_hash_idx ON public.auth_one_time_tokens USING btree (token_hash);

--
-- Name: auth_one_time_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_one_time_tokens_user_idx ON public.auth_one_time_tokens USING btree (user_id, type);

--
-- Name: auth_rate_limits_window_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_rate_limits_window_idx ON public.auth_rate_limits USING btree (window_start);

--
-- Name: auth_refresh_tokens_hash_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX auth_refresh_tokens_hash_key ON public.auth_refresh_tokens USING btree (token_hash);

--
-- Name: auth_refresh_tokens_session_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_refresh_tokens_session_idx ON public.auth_refresh_tokens USING btree (session_id);

--
-- Name: auth_sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auth_sessions_user_idx ON public.auth_sessions USING btree (user_id);

--
-- Name: auth_users_email_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX auth_users_email_key ON public.auth_users USING btree (email);

--
-- Name: customer_contacts_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_contacts_cust_idx ON public.customer_contacts USING btree (cust_id, at, id);

--
-- Name: customer_documents_current_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX customer_documents_current_unique ON public.customer_documents USING btree (cust_id, kind) WHERE current;

--
-- Name: customer_documents_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_documents_cust_idx ON public.customer_documents USING btree (cust_id, uploaded_at);

--
-- Name: customer_relations_related_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customer_relations_related_idx ON public.customer_relations USING btree (related_id);

--
-- Name: customers_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_branch_idx ON public.customers USING btree (branch_code);

--
-- Name: customers_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_created_idx ON public.customers USING btree (created_at, cust_id);

--
-- Name: customers_dob_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_dob_idx ON public.customers USING btree (date_of_birth);

--
-- Name: customers_id_number_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_id_number_trgm_idx ON public.customers USING gin (id_number public.gin_trgm_ops);

--
-- Name: customers_id_text_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_id_text_trgm_idx ON public.customers USING gin (lpad((cust_id)::text, 6, '0'::text) public.gin_trgm_ops);

--
-- Name: customers_id_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX customers_id_unique ON public.customers USING btree (id_type, id_number) WHERE (id_number IS NOT NULL);

--
-- Name: customers_merged_into_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_merged_into_idx ON public.customers USING btree (merged_into);

--
-- Name: customers_mobile_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_mobile_idx ON public.customers USING btree (mobile_no);

--
-- Name: customers_mobile_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_mobile_trgm_idx ON public.customers USING gin (mobile_no public.gin_trgm_ops);

--
-- Name: customers_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_name_idx ON public.customers USING btree (name, cust_id);

--
-- Name: customers_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_name_trgm_idx ON public.customers USING gin (name public.gin_trgm_ops);

--
-- Name: customers_risk_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_risk_idx ON public.customers USING btree (COALESCE(risk_override, risk_rating), cust_id);

--
-- Name: customers_screen_name_trgm; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX customers_screen_name_trgm ON public.customers USING gin (screen_name public.gin_trgm_ops);

--
-- Name: eod_failures_run_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX eod_failures_run_idx ON public.eod_failures USING btree (run_id, id);

--
-- Name: eod_run_steps_run_step; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX eod_run_steps_run_step ON public.eod_run_steps USING btree (run_id, step);

--
-- Name: eod_runs_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX eod_runs_created_idx ON public.eod_runs USING btree (created_at, id);

--
-- Name: eod_runs_date_completed; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX eod_runs_date_completed ON public.eod_runs USING btree (business_date) WHERE (status = 'completed'::text);

--
-- Name: eod_runs_one_active; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX eod_runs_one_active ON public.eod_runs USING btree ((true)) WHERE (status = ANY (ARRAY['awaiting_approval'::text, 'queued'::text, 'running'::text, 'failed'::text]));

--
-- Name: fx_rates_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX fx_rates_date_idx ON public.fx_rates USING btree (business_date, currency);

--
-- Name: gl_accounts_parent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX gl_accounts_parent_idx ON public.gl_accounts USING btree (parent_code, code);

--
-- Name: gl_lines_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX gl_lines_account_idx ON public.gl_lines USING btree (gl_code, currency, entry_id, id);

--
-- Name: gl_lines_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX gl_lines_entry_idx ON public.gl_lines USING btree (entry_id);

--
-- Name: gl_lines_till_session_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX gl_lines_till_session_idx ON public.gl_lines USING btree (till_session_id, entry_id) WHERE (till_session_id IS NOT NULL);

--
-- Name: holidays_fixed_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX holidays_fixed_unique ON public.holidays USING btree (month, day) WHERE (kind = 'fixed'::text);

--
-- Name: holidays_movable_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX holidays_movable_unique ON public.holidays USING btree (on_date) WHERE (kind = 'movable'::text);

--
-- Name: journal_entries_business_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_business_date_idx ON public.journal_entries USING btree (business_date, id);

--
-- Name: journal_entries_maker_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_maker_idx ON public.journal_entries USING btree (maker_email, id);

--
-- Name: journal_entries_source_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX journal_entries_source_idx ON public.journal_entries USING btree (source, id);

--
-- Name: loan_application_documents_application_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_application_documents_application_idx ON public.loan_application_documents USING btree (application_id, uploaded_at, id);

--
-- Name: loan_application_events_application_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_application_events_application_idx ON public.loan_application_events USING btree (application_id, id);

--
-- Name: loan_application_guarantors_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_application_guarantors_cust_idx ON public.loan_application_guarantors USING btree (cust_id);

--
-- Name: loan_applications_branch_status_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_branch_status_created_idx ON public.loan_applications USING btree (branch_code, status, created_at DESC, id DESC);

--
-- Name: loan_applications_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_created_idx ON public.loan_applications USING btree (created_at DESC, id DESC);

--
-- Name: loan_applications_cust_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_cust_status_idx ON public.loan_applications USING btree (cust_id, status);

--
-- Name: loan_applications_officer_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_officer_created_idx ON public.loan_applications USING btree (officer_id, created_at DESC, id DESC);

--
-- Name: loan_applications_product_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_product_created_idx ON public.loan_applications USING btree (product_code, created_at DESC, id DESC);

--
-- Name: loan_applications_repayment_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_repayment_account_idx ON public.loan_applications USING btree (repayment_account_id);

--
-- Name: loan_applications_status_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_applications_status_created_idx ON public.loan_applications USING btree (status, created_at DESC, id DESC);

--
-- Name: loan_daily_status_arrears_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_daily_status_arrears_idx ON public.loan_daily_status USING btree (business_date, dpd DESC, loan_id) WHERE (dpd > 0);

--
-- Name: loan_daily_status_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_daily_status_loan_idx ON public.loan_daily_status USING btree (loan_id, business_date DESC NULLS LAST);

--
-- Name: loan_instalments_due_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_instalments_due_date_idx ON public.loan_instalments USING btree (due_date);

--
-- Name: loan_instalments_loan_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_instalments_loan_due_idx ON public.loan_instalments USING btree (loan_id, due_date) INCLUDE (interest_due);

--
-- Name: loan_penalty_charges_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_penalty_charges_date_idx ON public.loan_penalty_charges USING btree (business_date);

--
-- Name: loan_provision_lines_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_provision_lines_loan_idx ON public.loan_provision_lines USING btree (loan_id);

--
-- Name: loan_provision_runs_as_of_unique; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX loan_provision_runs_as_of_unique ON public.loan_provision_runs USING btree (as_of);

--
-- Name: loan_provision_runs_recent_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_provision_runs_recent_idx ON public.loan_provision_runs USING btree (id DESC NULLS LAST);

--
-- Name: loan_recoveries_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_recoveries_entry_idx ON public.loan_recoveries USING btree (entry_id);

--
-- Name: loan_recoveries_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_recoveries_loan_idx ON public.loan_recoveries USING btree (loan_id, id DESC NULLS LAST);

--
-- Name: loan_repayments_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_repayments_entry_idx ON public.loan_repayments USING btree (entry_id);

--
-- Name: loan_repayments_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_repayments_loan_idx ON public.loan_repayments USING btree (loan_id, id DESC NULLS LAST);

--
-- Name: loan_repayments_value_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_repayments_value_date_idx ON public.loan_repayments USING btree (value_date);

--
-- Name: loan_restructurings_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_restructurings_loan_idx ON public.loan_restructurings USING btree (loan_id, id DESC NULLS LAST);

--
-- Name: loan_suspense_moves_loan_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loan_suspense_moves_loan_idx ON public.loan_suspense_moves USING btree (loan_id);

--
-- Name: loans_branch_status_disbursed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_branch_status_disbursed_idx ON public.loans USING btree (branch_code, status, disbursement_date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: loans_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_cust_idx ON public.loans USING btree (cust_id, status);

--
-- Name: loans_disbursed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_disbursed_idx ON public.loans USING btree (disbursement_date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: loans_product_disbursed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_product_disbursed_idx ON public.loans USING btree (product_code, disbursement_date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: loans_repayment_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_repayment_account_idx ON public.loans USING btree (repayment_account_id);

--
-- Name: loans_status_disbursed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX loans_status_disbursed_idx ON public.loans USING btree (status, disbursement_date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: mail_outbox_recipient_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_recipient_idx ON public.mail_outbox USING btree (recipient, id);

--
-- Name: mbs_mobile_cust_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mbs_mobile_cust_idx ON public.mobile_banking_subscriptions USING btree (mobile_no, cust_id);

--
-- Name: mbs_pay_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mbs_pay_account_idx ON public.mobile_banking_subscriptions USING btree (pay_account_id);

--
-- Name: news_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX news_date_idx ON public.news USING btree (date DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: profiles_mobile_no_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX profiles_mobile_no_key ON public.profiles USING btree (mobile_no) WHERE (mobile_no IS NOT NULL);

--
-- Name: report_daily_loan_classes_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_daily_loan_classes_branch_idx ON public.report_daily_loan_classes USING btree (branch_code, business_date);

--
-- Name: report_daily_positions_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_daily_positions_branch_idx ON public.report_daily_positions USING btree (branch_code, business_date);

--
-- Name: report_inbox_unread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_inbox_unread_idx ON public.report_inbox USING btree (user_id) WHERE (read_at IS NULL);

--
-- Name: report_inbox_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_inbox_user_idx ON public.report_inbox USING btree (user_id, id);

--
-- Name: report_inbox_user_run_uq; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX report_inbox_user_run_uq ON public.report_inbox USING btree (user_id, run_id);

--
-- Name: report_runs_queued_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_runs_queued_idx ON public.report_runs USING btree (id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

--
-- Name: report_runs_requested_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX report_runs_requested_idx ON public.report_runs USING btree (requested_by, id);

--
-- Name: report_runs_schedule_date_uq; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX report_runs_schedule_date_uq ON public.report_runs USING btree (schedule_id, business_date);

--
-- Name: rub_balance_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rub_balance_idx ON public.registered_user_balances USING btree (balance, cust_id, name_folded, mobile_no);

--
-- Name: rub_branch_balance_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rub_branch_balance_idx ON public.registered_user_balances USING btree (branch_code, balance, cust_id, name_folded, mobile_no);

--
-- Name: ruk_branch_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_branch_id_idx ON public.registered_user_keys USING btree (branch_code, cust_id, name_folded, mobile_no);

--
-- Name: ruk_branch_mobile_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_branch_mobile_idx ON public.registered_user_keys USING btree (branch_code, mobile_no, cust_id, name_folded);

--
-- Name: ruk_branch_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_branch_name_idx ON public.registered_user_keys USING btree (branch_code, name, cust_id, name_folded, mobile_no);

--
-- Name: ruk_id_cover_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_id_cover_idx ON public.registered_user_keys USING btree (cust_id, name_folded, mobile_no);

--
-- Name: ruk_id_text_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_id_text_trgm_idx ON public.registered_user_keys USING gin (lpad((cust_id)::text, 6, '0'::text) public.gin_trgm_ops);

--
-- Name: ruk_mobile_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_mobile_idx ON public.registered_user_keys USING btree (mobile_no, cust_id, name_folded);

--
-- Name: ruk_mobile_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_mobile_trgm_idx ON public.registered_user_keys USING gin (mobile_no public.gin_trgm_ops);

--
-- Name: ruk_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_name_idx ON public.registered_user_keys USING btree (name, cust_id, name_folded, mobile_no);

--
-- Name: ruk_name_trgm_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ruk_name_trgm_idx ON public.registered_user_keys USING gin (name_folded public.gin_trgm_ops);

--
-- Name: salary_batch_lines_account_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX salary_batch_lines_account_idx ON public.salary_batch_lines USING btree (batch_id, account_number, line_no);

--
-- Name: salary_batch_lines_problem_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX salary_batch_lines_problem_idx ON public.salary_batch_lines USING btree (batch_id, line_no) WHERE (problem IS NOT NULL);

--
-- Name: salary_batches_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX salary_batches_branch_idx ON public.salary_batches USING btree (branch_code, id);

--
-- Name: salary_batches_status_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX salary_batches_status_idx ON public.salary_batches USING btree (status, id);

--
-- Name: sanctions_hits_customer_entry; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX sanctions_hits_customer_entry ON public.sanctions_hits USING btree (cust_id, entry_key);

--
-- Name: sanctions_hits_queue; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sanctions_hits_queue ON public.sanctions_hits USING btree (status, created_at DESC, id DESC);

--
-- Name: sanctions_hits_score; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sanctions_hits_score ON public.sanctions_hits USING btree (status, score DESC, id DESC);

--
-- Name: sanctions_list_versions_newest; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sanctions_list_versions_newest ON public.sanctions_list_versions USING btree (uploaded_at DESC, id DESC);

--
-- Name: sanctions_list_versions_one_active; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX sanctions_list_versions_one_active ON public.sanctions_list_versions USING btree (source) WHERE (status = 'active'::text);

--
-- Name: sanctions_names_norm_trgm; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sanctions_names_norm_trgm ON public.sanctions_names USING gin (norm public.gin_trgm_ops);

--
-- Name: sanctions_names_version; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sanctions_names_version ON public.sanctions_names USING btree (version_id);

--
-- Name: staff_roles_role_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_roles_role_idx ON public.staff_roles USING btree (role_id);

--
-- Name: standing_orders_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX standing_orders_branch_idx ON public.standing_orders USING btree (branch_code, id);

--
-- Name: standing_orders_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX standing_orders_due_idx ON public.standing_orders USING btree (next_date, id) WHERE (status = 'active'::text);

--
-- Name: standing_orders_from_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX standing_orders_from_idx ON public.standing_orders USING btree (from_account_id);

--
-- Name: standing_orders_to_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX standing_orders_to_idx ON public.standing_orders USING btree (to_account_id);

--
-- Name: statement_batches_branch_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX statement_batches_branch_idx ON public.statement_batches USING btree (branch_code, id);

--
-- Name: statement_batches_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX statement_batches_open_idx ON public.statement_batches USING btree (id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

--
-- Name: storage_objects_bucket_name_c_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX storage_objects_bucket_name_c_idx ON public.storage_objects USING btree (bucket_id, name COLLATE "C");

--
-- Name: storage_objects_sha256_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX storage_objects_sha256_idx ON public.storage_objects USING btree (sha256);

--
-- Name: tasks_due_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tasks_due_date_idx ON public.tasks USING btree (due_date, id);

--
-- Name: teller_transactions_cash_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX teller_transactions_cash_day_idx ON public.teller_transactions USING btree (business_date, account_id, kind, currency, amount) WHERE (status = 'posted'::text);

--
-- Name: teller_transactions_ctr_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX teller_transactions_ctr_idx ON public.teller_transactions USING btree (business_date, id) WHERE (ctr_flag AND (status = 'posted'::text));

--
-- Name: teller_transactions_session_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX teller_transactions_session_idx ON public.teller_transactions USING btree (session_id, id);

--
-- Name: till_sessions_branch_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX till_sessions_branch_date_idx ON public.till_sessions USING btree (branch_code, business_date, opened_at);

--
-- Name: till_sessions_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX till_sessions_date_idx ON public.till_sessions USING btree (business_date);

--
-- Name: till_sessions_one_per_teller; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX till_sessions_one_per_teller ON public.till_sessions USING btree (teller_id) WHERE (status <> 'closed'::text);

--
-- Name: till_sessions_one_per_till; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX till_sessions_one_per_till ON public.till_sessions USING btree (branch_code, till_code) WHERE (status <> 'closed'::text);

--
-- Name: till_vault_transfers_session_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX till_vault_transfers_session_idx ON public.till_vault_transfers USING btree (session_id, created_at);

--
-- Name: tills_assigned_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tills_assigned_idx ON public.tills USING btree (assigned_teller_id);

--
-- Name: tills_branch_code_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX tills_branch_code_key ON public.tills USING btree (branch_code, code);

--
-- Name: transactions_account_history_asc_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX transactions_account_history_asc_idx ON public.transactions USING btree (account_id, posted_at, id);

--
-- Name: transactions_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX transactions_entry_idx ON public.transactions USING btree (entry_id);

--
-- Name: accounts account_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_counts_deleted AFTER DELETE ON public.accounts REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.account_counts_deleted();

--
-- Name: accounts account_counts_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_counts_inserted AFTER INSERT ON public.accounts REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.account_counts_inserted();

--
-- Name: accounts account_counts_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_counts_moved AFTER UPDATE OF account_type, status, branch_code, product_code ON public.accounts FOR EACH ROW WHEN ((((old.account_type)::text IS DISTINCT FROM (new.account_type)::text) OR ((old.status)::text IS DISTINCT FROM (new.status)::text) OR (old.branch_code IS DISTINCT FROM new.branch_code) OR (old.product_code IS DISTINCT FROM new.product_code))) EXECUTE FUNCTION public.account_counts_moved();

--
-- Name: accounts account_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_counts_truncated AFTER TRUNCATE ON public.accounts FOR EACH STATEMENT EXECUTE FUNCTION public.account_counts_truncated();

--
-- Name: account_holds account_holds_sync; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_holds_sync AFTER INSERT OR DELETE OR UPDATE ON public.account_holds FOR EACH ROW EXECUTE FUNCTION public.account_holds_sync();

--
-- Name: accounts account_search_changed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_search_changed AFTER UPDATE OF account_number, cust_id, account_type, status, branch_code, product_code, overdrawn_since, opened_on, maturity_date ON public.accounts FOR EACH ROW WHEN ((((old.account_number)::text IS DISTINCT FROM (new.account_number)::text) OR (old.cust_id IS DISTINCT FROM new.cust_id) OR ((old.account_type)::text IS DISTINCT FROM (new.account_type)::text) OR ((old.status)::text IS DISTINCT FROM (new.status)::text) OR (old.branch_code IS DISTINCT FROM new.branch_code) OR (old.product_code IS DISTINCT FROM new.product_code) OR (old.overdrawn_since IS DISTINCT FROM new.overdrawn_since) OR (old.opened_on IS DISTINCT FROM new.opened_on) OR (old.maturity_date IS DISTINCT FROM new.maturity_date))) EXECUTE FUNCTION public.account_search_changed();

--
-- Name: accounts account_search_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_search_deleted AFTER DELETE ON public.accounts REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.account_search_deleted();

--
-- Name: accounts account_search_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_search_inserted AFTER INSERT ON public.accounts REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.account_search_inserted();

--
-- Name: customers account_search_renamed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_search_renamed AFTER UPDATE OF name ON public.customers FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION public.account_search_renamed();

--
-- Name: accounts account_search_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER account_search_truncated AFTER TRUNCATE ON public.accounts FOR EACH STATEMENT EXECUTE FUNCTION public.account_search_truncated();

--
-- Name: accounts accounts_control_mapping; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_control_mapping BEFORE INSERT OR UPDATE OF product_code, ledger_code, currency ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.accounts_control_mapping();

--
-- Name: accounts accounts_guard; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_guard BEFORE INSERT ON public.accounts FOR EACH ROW WHEN (((new.balance <> (0)::numeric) OR (new.balance_band <> 0))) EXECUTE FUNCTION public.accounts_guard();

--
-- Name: accounts accounts_guard_balance; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_guard_balance BEFORE UPDATE OF balance, balance_band ON public.accounts FOR EACH ROW WHEN (((pg_trigger_depth() < 1) AND (NOT public.ledger_writer_here()))) EXECUTE FUNCTION public.accounts_guard();

--
-- Name: accounts accounts_guard_identity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_guard_identity BEFORE UPDATE OF id, currency ON public.accounts FOR EACH ROW WHEN (((new.id IS DISTINCT FROM old.id) OR ((new.currency)::text IS DISTINCT FROM (old.currency)::text))) EXECUTE FUNCTION public.accounts_guard();

--
-- Name: accounts accounts_limits_kept; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_limits_kept BEFORE INSERT OR UPDATE OF status, block_kind, account_type, overdraft_limit ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.accounts_limits_kept();

--
-- Name: accounts accounts_stats; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_stats AFTER INSERT OR DELETE ON public.accounts FOR EACH ROW EXECUTE FUNCTION public.accounts_stats();

--
-- Name: accounts accounts_stats_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER accounts_stats_moved AFTER UPDATE OF status, account_type, currency ON public.accounts FOR EACH ROW WHEN ((((old.status)::text IS DISTINCT FROM (new.status)::text) OR ((old.account_type)::text IS DISTINCT FROM (new.account_type)::text) OR ((old.currency)::text IS DISTINCT FROM (new.currency)::text))) EXECUTE FUNCTION public.accounts_stats();

--
-- Name: aml_case_attachments aml_case_attachments_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_case_attachments_frozen BEFORE DELETE OR UPDATE ON public.aml_case_attachments FOR EACH ROW EXECUTE FUNCTION public.aml_case_attachments_frozen();

--
-- Name: aml_case_attachments aml_case_attachments_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_case_attachments_no_truncate BEFORE TRUNCATE ON public.aml_case_attachments FOR EACH STATEMENT EXECUTE FUNCTION public.aml_case_attachments_frozen();

--
-- Name: aml_ctr_filed_days aml_ctr_filed_days_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filed_days_frozen BEFORE DELETE OR UPDATE ON public.aml_ctr_filed_days FOR EACH ROW EXECUTE FUNCTION public.aml_ctr_filed_frozen();

--
-- Name: aml_ctr_filed_days aml_ctr_filed_days_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filed_days_no_truncate BEFORE TRUNCATE ON public.aml_ctr_filed_days FOR EACH STATEMENT EXECUTE FUNCTION public.aml_ctr_filed_frozen();

--
-- Name: aml_ctr_filing_rows aml_ctr_filing_rows_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filing_rows_frozen BEFORE DELETE OR UPDATE ON public.aml_ctr_filing_rows FOR EACH ROW EXECUTE FUNCTION public.aml_ctr_filed_frozen();

--
-- Name: aml_ctr_filing_rows aml_ctr_filing_rows_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filing_rows_no_truncate BEFORE TRUNCATE ON public.aml_ctr_filing_rows FOR EACH STATEMENT EXECUTE FUNCTION public.aml_ctr_filed_frozen();

--
-- Name: aml_ctr_filings aml_ctr_filings_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filings_frozen BEFORE DELETE OR UPDATE ON public.aml_ctr_filings FOR EACH ROW EXECUTE FUNCTION public.aml_ctr_filings_frozen();

--
-- Name: aml_ctr_filings aml_ctr_filings_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_ctr_filings_no_truncate BEFORE TRUNCATE ON public.aml_ctr_filings FOR EACH STATEMENT EXECUTE FUNCTION public.aml_ctr_filings_frozen();

--
-- Name: aml_str_reports aml_str_reports_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_str_reports_frozen BEFORE DELETE OR UPDATE ON public.aml_str_reports FOR EACH ROW EXECUTE FUNCTION public.aml_str_reports_frozen();

--
-- Name: aml_str_reports aml_str_reports_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER aml_str_reports_no_truncate BEFORE TRUNCATE ON public.aml_str_reports FOR EACH STATEMENT EXECUTE FUNCTION public.aml_str_reports_frozen();

--
-- Name: approval_requests approval_requests_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER approval_requests_realtime AFTER INSERT OR DELETE OR UPDATE ON public.approval_requests FOR EACH ROW EXECUTE FUNCTION public.realtime_notify('approval_requests', 'id');

--
-- Name: audit_chain_meta audit_chain_meta_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_chain_meta_append_only BEFORE DELETE OR UPDATE ON public.audit_chain_meta FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

--
-- Name: audit_log audit_log_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

--
-- Name: audit_log audit_log_chain; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_chain BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_chain();

--
-- Name: audit_log audit_log_dashboard_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_dashboard_realtime AFTER INSERT ON public.audit_log FOR EACH ROW WHEN (public.audit_row_is_dashboard_event(new.action, new.outcome)) EXECUTE FUNCTION public.realtime_notify('dashboard_events', 'id', 'audit:');

--
-- Name: audit_log audit_log_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();

--
-- Name: auth_sessions auth_sessions_realtime_end; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER auth_sessions_realtime_end AFTER DELETE ON public.auth_sessions FOR EACH ROW EXECUTE FUNCTION public.realtime_session_ended();

--
-- Name: auth_users auth_users_ban_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER auth_users_ban_realtime AFTER UPDATE OF banned_until ON public.auth_users FOR EACH ROW WHEN ((old.banned_until IS DISTINCT FROM new.banned_until)) EXECUTE FUNCTION public.realtime_notify('staff_status', 'id');

--
-- Name: branches branches_teller_cash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER branches_teller_cash AFTER INSERT ON public.branches FOR EACH ROW EXECUTE FUNCTION public.branches_teller_cash();

--
-- Name: branches branches_vault_cash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER branches_vault_cash AFTER INSERT ON public.branches FOR EACH ROW EXECUTE FUNCTION public.branches_vault_cash();

--
-- Name: customers customer_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customer_counts_deleted AFTER DELETE ON public.customers REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.customer_counts_deleted();

--
-- Name: customers customer_counts_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customer_counts_inserted AFTER INSERT ON public.customers REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION public.customer_counts_inserted();

--
-- Name: customers customer_counts_moved; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customer_counts_moved AFTER UPDATE ON public.customers FOR EACH ROW WHEN ((((((old.type IS DISTINCT FROM new.type) OR (old.status IS DISTINCT FROM new.status)) OR (old.branch_code IS DISTINCT FROM new.branch_code)) OR (COALESCE(old.risk_override, old.risk_rating) IS DISTINCT FROM COALESCE(new.risk_override, new.risk_rating))) OR (old.kyc_complete IS DISTINCT FROM new.kyc_complete))) EXECUTE FUNCTION public.customer_counts_moved();

--
-- Name: customers customer_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customer_counts_truncated AFTER TRUNCATE ON public.customers FOR EACH STATEMENT EXECUTE FUNCTION public.customer_counts_truncated();

--
-- Name: customers customers_keys_sync; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customers_keys_sync AFTER UPDATE OF name, branch_code ON public.customers FOR EACH ROW WHEN (((new.name IS DISTINCT FROM old.name) OR (new.branch_code IS DISTINCT FROM old.branch_code))) EXECUTE FUNCTION public.registered_user_keys_from_customer();

--
-- Name: customers customers_stats; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER customers_stats AFTER INSERT OR DELETE OR UPDATE ON public.customers FOR EACH ROW EXECUTE FUNCTION public.customers_stats();

--
-- Name: eod_run_steps eod_run_steps_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER eod_run_steps_realtime AFTER INSERT OR UPDATE ON public.eod_run_steps FOR EACH ROW EXECUTE FUNCTION public.realtime_notify('eod_run_steps', 'id');

--
-- Name: gl_accounts gl_accounts_guard; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_accounts_guard BEFORE UPDATE ON public.gl_accounts FOR EACH ROW EXECUTE FUNCTION public.gl_accounts_guard();

--
-- Name: gl_accounts gl_accounts_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_accounts_no_delete BEFORE DELETE ON public.gl_accounts FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();

--
-- Name: gl_lines gl_lines_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_lines_append_only BEFORE DELETE OR UPDATE ON public.gl_lines FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();

--
-- Name: gl_lines gl_lines_guard; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_lines_guard BEFORE INSERT ON public.gl_lines FOR EACH ROW WHEN (public.gl_line_checked_by_row(new.entry_id)) EXECUTE FUNCTION public.gl_lines_guard();

--
-- Name: gl_lines gl_lines_guard_many; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_lines_guard_many AFTER INSERT ON public.gl_lines REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT WHEN (public.ledger_bulk_entries_on()) EXECUTE FUNCTION public.gl_lines_guard_many();

--
-- Name: gl_lines gl_lines_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_lines_no_truncate BEFORE TRUNCATE ON public.gl_lines FOR EACH STATEMENT EXECUTE FUNCTION public.ledger_append_only();

--
-- Name: gl_lines gl_lines_till; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER gl_lines_till BEFORE INSERT ON public.gl_lines FOR EACH ROW WHEN (public.gl_line_at_a_till(new.till_session_id, new.gl_code)) EXECUTE FUNCTION public.gl_lines_till();

--
-- Name: journal_entries journal_entries_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_entries_append_only BEFORE DELETE OR UPDATE ON public.journal_entries FOR EACH ROW EXECUTE FUNCTION public.ledger_append_only();

--
-- Name: journal_entries journal_entries_balanced; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON public.journal_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (public.journal_entry_checked_at_commit()) EXECUTE FUNCTION public.journal_entries_balanced();

--
-- Name: journal_entries journal_entries_guard; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_entries_guard BEFORE INSERT ON public.journal_entries FOR EACH ROW WHEN ((NOT public.ledger_many_entries_on())) EXECUTE FUNCTION public.journal_entries_guard();

--
-- Name: journal_entries journal_entries_many_made; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_entries_many_made AFTER INSERT ON public.journal_entries REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT WHEN (public.ledger_many_entries_on()) EXECUTE FUNCTION public.journal_entries_many_made();

--
-- Name: journal_entries journal_entries_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON public.journal_entries FOR EACH STATEMENT EXECUTE FUNCTION public.ledger_append_only();

--
-- Name: journal_entry_ranges_to_check journal_entry_ranges_balanced; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER journal_entry_ranges_balanced AFTER INSERT ON public.journal_entry_ranges_to_check DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.journal_entry_ranges_balanced();

--
-- Name: loan_instalments loan_instalments_loan_open; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loan_instalments_loan_open BEFORE UPDATE OF principal_paid, interest_paid, fee_paid, penalty_paid ON public.loan_instalments FOR EACH ROW EXECUTE FUNCTION public.loan_instalments_loan_open();

--
-- Name: loan_provision_lines loan_provision_lines_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loan_provision_lines_frozen BEFORE DELETE OR UPDATE ON public.loan_provision_lines FOR EACH ROW EXECUTE FUNCTION public.loan_provision_lines_frozen();

--
-- Name: loan_provision_runs loan_provision_runs_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loan_provision_runs_frozen BEFORE DELETE OR UPDATE ON public.loan_provision_runs FOR EACH ROW EXECUTE FUNCTION public.loan_provision_runs_frozen();

--
-- Name: loan_repayments loan_repayments_loan_open; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loan_repayments_loan_open BEFORE INSERT ON public.loan_repayments FOR EACH ROW EXECUTE FUNCTION public.loan_repayments_loan_open();

--
-- Name: loan_repayments loan_repayments_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loan_repayments_realtime AFTER INSERT ON public.loan_repayments REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION public.realtime_notify_inserted('loan_repayments', 'id');

--
-- Name: loans loans_kept; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loans_kept BEFORE DELETE OR UPDATE OF id ON public.loans FOR EACH ROW EXECUTE FUNCTION public.loans_kept();

--
-- Name: loans loans_reserves_snapshot; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER loans_reserves_snapshot AFTER UPDATE OF interest_in_suspense, penalty_in_suspense, provision_held ON public.loans FOR EACH ROW WHEN ((((old.interest_in_suspense IS DISTINCT FROM new.interest_in_suspense) OR (old.penalty_in_suspense IS DISTINCT FROM new.penalty_in_suspense)) OR (old.provision_held IS DISTINCT FROM new.provision_held))) EXECUTE FUNCTION public.loan_daily_status_reserves_sync();

--
-- Name: mobile_banking_subscriptions mbs_keys_sync; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER mbs_keys_sync AFTER INSERT OR UPDATE ON public.mobile_banking_subscriptions FOR EACH ROW EXECUTE FUNCTION public.registered_user_keys_from_subscription();

--
-- Name: products products_control_mapping; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER products_control_mapping BEFORE INSERT OR UPDATE ON public.products FOR EACH ROW EXECUTE FUNCTION public.products_control_mapping();

--
-- Name: profiles profiles_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER profiles_realtime AFTER INSERT OR DELETE OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.realtime_notify('profiles', 'id');

--
-- Name: regulatory_return_filings regulatory_return_filings_frozen; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER regulatory_return_filings_frozen BEFORE DELETE OR UPDATE ON public.regulatory_return_filings FOR EACH ROW EXECUTE FUNCTION public.regulatory_return_filings_frozen();

--
-- Name: regulatory_return_filings regulatory_return_filings_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER regulatory_return_filings_no_truncate BEFORE TRUNCATE ON public.regulatory_return_filings FOR EACH STATEMENT EXECUTE FUNCTION public.regulatory_return_filings_frozen();

--
-- Name: report_inbox report_inbox_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER report_inbox_realtime AFTER INSERT OR UPDATE ON public.report_inbox FOR EACH ROW EXECUTE FUNCTION public.realtime_notify('report_inbox', 'id');

--
-- Name: registered_user_keys ruk_count_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_count_deleted AFTER DELETE ON public.registered_user_keys REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_count_changed();

--
-- Name: registered_user_keys ruk_count_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_count_inserted AFTER INSERT ON public.registered_user_keys REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_count_changed();

--
-- Name: registered_user_keys ruk_count_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_count_truncated AFTER TRUNCATE ON public.registered_user_keys FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_count_truncated();

--
-- Name: registered_user_keys ruk_term_counts_deleted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_term_counts_deleted AFTER DELETE ON public.registered_user_keys REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_term_counts_changed();

--
-- Name: registered_user_keys ruk_term_counts_inserted; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_term_counts_inserted AFTER INSERT ON public.registered_user_keys REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_term_counts_changed();

--
-- Name: registered_user_keys ruk_term_counts_truncated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_term_counts_truncated AFTER TRUNCATE ON public.registered_user_keys FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_term_counts_truncated();

--
-- Name: registered_user_keys ruk_term_counts_updated; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER ruk_term_counts_updated AFTER UPDATE ON public.registered_user_keys REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.registered_user_term_counts_updated();

--
-- Name: role_permissions staff_permissions_refresh; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_permissions_refresh AFTER INSERT OR DELETE ON public.role_permissions FOR EACH ROW EXECUTE FUNCTION public.staff_permissions_refresh_role_permission();

--
-- Name: roles staff_permissions_refresh; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_permissions_refresh AFTER UPDATE OF retired_at ON public.roles FOR EACH ROW EXECUTE FUNCTION public.staff_permissions_refresh_role();

--
-- Name: staff_roles staff_permissions_refresh; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_permissions_refresh AFTER INSERT OR DELETE OR UPDATE ON public.staff_roles FOR EACH ROW EXECUTE FUNCTION public.staff_permissions_refresh_user();

--
-- Name: staff staff_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_realtime AFTER INSERT OR DELETE OR UPDATE ON public.staff FOR EACH ROW EXECUTE FUNCTION public.realtime_notify('staff_status', 'user_id');

--
-- Name: staff staff_rejected_dashboard_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_rejected_dashboard_realtime AFTER DELETE ON public.staff FOR EACH ROW WHEN (((NOT old.approved) AND (NOT old.is_superuser))) EXECUTE FUNCTION public.realtime_notify('dashboard_events', 'user_id', 'new_user:');

--
-- Name: staff staff_signup_dashboard_realtime; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER staff_signup_dashboard_realtime AFTER INSERT ON public.staff FOR EACH ROW WHEN (((NOT new.approved) AND (NOT new.is_superuser))) EXECUTE FUNCTION public.realtime_notify('dashboard_events', 'user_id', 'new_user:');

--
-- Name: till_sessions till_sessions_balance_guard; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER till_sessions_balance_guard BEFORE UPDATE ON public.till_sessions FOR EACH ROW EXECUTE FUNCTION public.till_sessions_balance_guard();

--
-- Name: till_sessions till_sessions_start_empty; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER till_sessions_start_empty BEFORE INSERT ON public.till_sessions FOR EACH ROW EXECUTE FUNCTION public.till_sessions_start_empty();

--
-- Name: transactions transactions_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_append_only BEFORE DELETE OR UPDATE ON public.transactions FOR EACH ROW EXECUTE FUNCTION public.transactions_append_only();

--
-- Name: transactions transactions_daily_debits_bulk; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_daily_debits_bulk AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT WHEN (public.ledger_bulk_entry_on()) EXECUTE FUNCTION public.daily_debits_add_bulk();

--
-- Name: transactions transactions_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_no_truncate BEFORE TRUNCATE ON public.transactions FOR EACH STATEMENT EXECUTE FUNCTION public.transactions_append_only();

--
-- Name: transactions transactions_post; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_post BEFORE INSERT ON public.transactions FOR EACH ROW WHEN (public.ledger_line_checked_by_row(new.entry_id)) EXECUTE FUNCTION public.transactions_post();

--
-- Name: transactions transactions_post_bulk; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_post_bulk AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT WHEN (public.ledger_bulk_entry_on()) EXECUTE FUNCTION public.transactions_post_bulk();

--
-- Name: transactions transactions_post_many; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER transactions_post_many AFTER INSERT ON public.transactions REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT WHEN (public.ledger_bulk_entries_on()) EXECUTE FUNCTION public.transactions_post_many();

--
-- Name: account_activity account_activity_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_activity
    ADD CONSTRAINT account_activity_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: account_holds account_holds_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_holds
    ADD CONSTRAINT account_holds_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: account_interest account_interest_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_interest
    ADD CONSTRAINT account_interest_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: accounts accounts_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: accounts accounts_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: accounts accounts_ledger_code_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_ledger_code_gl_accounts_code_fk FOREIGN KEY (ledger_code) REFERENCES public.gl_accounts(code);

--
-- Name: accounts accounts_payout_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_payout_account_id_accounts_id_fk FOREIGN KEY (payout_account_id) REFERENCES public.accounts(id);

--
-- Name: accounts accounts_product_code_products_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_product_code_products_code_fk FOREIGN KEY (product_code) REFERENCES public.products(code);

--
-- Name: aml_alerts aml_alerts_case_id_aml_cases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_alerts
    ADD CONSTRAINT aml_alerts_case_id_aml_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.aml_cases(id);

--
-- Name: aml_alerts aml_alerts_customer_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_alerts
    ADD CONSTRAINT aml_alerts_customer_id_customers_cust_id_fk FOREIGN KEY (customer_id) REFERENCES public.customers(cust_id);

--
-- Name: aml_alerts aml_alerts_scenario_aml_rules_scenario_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_alerts
    ADD CONSTRAINT aml_alerts_scenario_aml_rules_scenario_fk FOREIGN KEY (scenario) REFERENCES public.aml_rules(scenario);

--
-- Name: aml_case_attachments aml_case_attachments_case_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_case_attachments
    ADD CONSTRAINT aml_case_attachments_case_id_fkey FOREIGN KEY (case_id) REFERENCES public.aml_cases(id);

--
-- Name: aml_case_events aml_case_events_case_id_aml_cases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_case_events
    ADD CONSTRAINT aml_case_events_case_id_aml_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.aml_cases(id);

--
-- Name: aml_cases aml_cases_customer_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_cases
    ADD CONSTRAINT aml_cases_customer_id_customers_cust_id_fk FOREIGN KEY (customer_id) REFERENCES public.customers(cust_id);

--
-- Name: aml_ctr_filed_days aml_ctr_filed_days_filing_id_aml_ctr_filings_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filed_days
    ADD CONSTRAINT aml_ctr_filed_days_filing_id_aml_ctr_filings_id_fk FOREIGN KEY (filing_id) REFERENCES public.aml_ctr_filings(id);

--
-- Name: aml_ctr_filing_rows aml_ctr_filing_rows_filing_id_aml_ctr_filings_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_ctr_filing_rows
    ADD CONSTRAINT aml_ctr_filing_rows_filing_id_aml_ctr_filings_id_fk FOREIGN KEY (filing_id) REFERENCES public.aml_ctr_filings(id);

--
-- Name: aml_str_reports aml_str_reports_case_id_aml_cases_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.aml_str_reports
    ADD CONSTRAINT aml_str_reports_case_id_aml_cases_id_fk FOREIGN KEY (case_id) REFERENCES public.aml_cases(id);

--
-- Name: auth_mfa_challenges auth_mfa_challenges_factor_id_auth_mfa_factors_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_mfa_challenges
    ADD CONSTRAINT auth_mfa_challenges_factor_id_auth_mfa_factors_id_fk FOREIGN KEY (factor_id) REFERENCES public.auth_mfa_factors(id) ON DELETE CASCADE;

--
-- Name: auth_mfa_factors auth_mfa_factors_user_id_auth_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_mfa_factors
    ADD CONSTRAINT auth_mfa_factors_user_id_auth_users_id_fk FOREIGN KEY (user_id) REFERENCES public.auth_users(id) ON DELETE CASCADE;

--
-- Name: auth_one_time_tokens auth_one_time_tokens_user_id_auth_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_one_time_tokens
    ADD CONSTRAINT auth_one_time_tokens_user_id_auth_users_id_fk FOREIGN KEY (user_id) REFERENCES public.auth_users(id) ON DELETE CASCADE;

--
-- Name: auth_refresh_tokens auth_refresh_tokens_session_id_auth_sessions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_refresh_tokens
    ADD CONSTRAINT auth_refresh_tokens_session_id_auth_sessions_id_fk FOREIGN KEY (session_id) REFERENCES public.auth_sessions(id) ON DELETE CASCADE;

--
-- Name: auth_sessions auth_sessions_user_id_auth_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auth_sessions
    ADD CONSTRAINT auth_sessions_user_id_auth_users_id_fk FOREIGN KEY (user_id) REFERENCES public.auth_users(id) ON DELETE CASCADE;

--
-- Name: bank_capital bank_capital_entered_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_capital
    ADD CONSTRAINT bank_capital_entered_by_fkey FOREIGN KEY (entered_by) REFERENCES public.staff(user_id);

--
-- Name: customer_contacts customer_contacts_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_contacts
    ADD CONSTRAINT customer_contacts_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: customer_documents customer_documents_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_documents
    ADD CONSTRAINT customer_documents_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: customer_relations customer_relations_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_relations
    ADD CONSTRAINT customer_relations_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: customer_relations customer_relations_related_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customer_relations
    ADD CONSTRAINT customer_relations_related_id_customers_cust_id_fk FOREIGN KEY (related_id) REFERENCES public.customers(cust_id);

--
-- Name: customers customers_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: customers customers_merged_into_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_merged_into_customers_cust_id_fk FOREIGN KEY (merged_into) REFERENCES public.customers(cust_id);

--
-- Name: eod_dormancy_marks eod_dormancy_marks_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_dormancy_marks
    ADD CONSTRAINT eod_dormancy_marks_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: eod_failures eod_failures_run_id_eod_runs_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_failures
    ADD CONSTRAINT eod_failures_run_id_eod_runs_id_fk FOREIGN KEY (run_id) REFERENCES public.eod_runs(id);

--
-- Name: eod_fd_maturities eod_fd_maturities_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_fd_maturities
    ADD CONSTRAINT eod_fd_maturities_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: eod_fee_charges eod_fee_charges_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_fee_charges
    ADD CONSTRAINT eod_fee_charges_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: eod_run_steps eod_run_steps_run_id_eod_runs_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.eod_run_steps
    ADD CONSTRAINT eod_run_steps_run_id_eod_runs_id_fk FOREIGN KEY (run_id) REFERENCES public.eod_runs(id);

--
-- Name: gl_accounts gl_accounts_branch_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_accounts
    ADD CONSTRAINT gl_accounts_branch_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: gl_accounts gl_accounts_parent_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_accounts
    ADD CONSTRAINT gl_accounts_parent_fk FOREIGN KEY (parent_code) REFERENCES public.gl_accounts(code);

--
-- Name: gl_lines gl_lines_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_lines
    ADD CONSTRAINT gl_lines_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: gl_lines gl_lines_gl_code_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_lines
    ADD CONSTRAINT gl_lines_gl_code_gl_accounts_code_fk FOREIGN KEY (gl_code) REFERENCES public.gl_accounts(code);

--
-- Name: gl_lines gl_lines_till_session_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.gl_lines
    ADD CONSTRAINT gl_lines_till_session_fk FOREIGN KEY (till_session_id) REFERENCES public.till_sessions(id);

--
-- Name: interest_postings interest_postings_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.interest_postings
    ADD CONSTRAINT interest_postings_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: journal_entries journal_entries_reversal_of_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_reversal_of_fk FOREIGN KEY (reversal_of) REFERENCES public.journal_entries(id);

--
-- Name: loan_accrual_daily loan_accrual_daily_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_accrual_daily
    ADD CONSTRAINT loan_accrual_daily_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: loan_application_collateral loan_application_collateral_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_collateral
    ADD CONSTRAINT loan_application_collateral_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loan_application_documents loan_application_documents_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_documents
    ADD CONSTRAINT loan_application_documents_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loan_application_events loan_application_events_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_events
    ADD CONSTRAINT loan_application_events_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loan_application_guarantors loan_application_guarantors_application_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_guarantors
    ADD CONSTRAINT loan_application_guarantors_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loan_application_guarantors loan_application_guarantors_cust_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_application_guarantors
    ADD CONSTRAINT loan_application_guarantors_cust_id_fkey FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: loan_applications loan_applications_appraised_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_appraised_by_fkey FOREIGN KEY (appraised_by) REFERENCES public.staff(user_id);

--
-- Name: loan_applications loan_applications_branch_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_branch_code_fkey FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: loan_applications loan_applications_cust_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_cust_id_fkey FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: loan_applications loan_applications_officer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_officer_id_fkey FOREIGN KEY (officer_id) REFERENCES public.staff(user_id);

--
-- Name: loan_applications loan_applications_product_version_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_product_version_fk FOREIGN KEY (product_code, product_version) REFERENCES public.loan_product_versions(product_code, version);

--
-- Name: loan_applications loan_applications_repayment_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_applications
    ADD CONSTRAINT loan_applications_repayment_account_id_fkey FOREIGN KEY (repayment_account_id) REFERENCES public.accounts(id);

--
-- Name: loan_cash_disbursements loan_cash_disbursements_application_id_loan_applications_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_cash_disbursements
    ADD CONSTRAINT loan_cash_disbursements_application_id_loan_applications_id_fk FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loan_cash_disbursements loan_cash_disbursements_approval_id_approval_requests_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_cash_disbursements
    ADD CONSTRAINT loan_cash_disbursements_approval_id_approval_requests_id_fk FOREIGN KEY (approval_id) REFERENCES public.approval_requests(id);

--
-- Name: loan_cure_watch loan_cure_watch_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_cure_watch
    ADD CONSTRAINT loan_cure_watch_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_instalments loan_instalments_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_instalments
    ADD CONSTRAINT loan_instalments_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_penalty_charges loan_penalty_charges_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_penalty_charges
    ADD CONSTRAINT loan_penalty_charges_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_product_versions loan_product_versions_product_code_loan_products_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_product_versions
    ADD CONSTRAINT loan_product_versions_product_code_loan_products_code_fk FOREIGN KEY (product_code) REFERENCES public.loan_products(code);

--
-- Name: loan_products loan_products_fee_income_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_fee_income_gl_gl_accounts_code_fk FOREIGN KEY (fee_income_gl) REFERENCES public.gl_accounts(code);

--
-- Name: loan_products loan_products_interest_income_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_interest_income_gl_gl_accounts_code_fk FOREIGN KEY (interest_income_gl) REFERENCES public.gl_accounts(code);

--
-- Name: loan_products loan_products_interest_receivable_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_interest_receivable_gl_gl_accounts_code_fk FOREIGN KEY (interest_receivable_gl) REFERENCES public.gl_accounts(code);

--
-- Name: loan_products loan_products_penalty_income_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_penalty_income_gl_gl_accounts_code_fk FOREIGN KEY (penalty_income_gl) REFERENCES public.gl_accounts(code);

--
-- Name: loan_products loan_products_portfolio_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_products
    ADD CONSTRAINT loan_products_portfolio_gl_gl_accounts_code_fk FOREIGN KEY (portfolio_gl) REFERENCES public.gl_accounts(code);

--
-- Name: loan_provision_lines loan_provision_lines_branch_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_lines
    ADD CONSTRAINT loan_provision_lines_branch_code_fkey FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: loan_provision_lines loan_provision_lines_loan_class_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_lines
    ADD CONSTRAINT loan_provision_lines_loan_class_fkey FOREIGN KEY (loan_class) REFERENCES public.loan_classes(code);

--
-- Name: loan_provision_lines loan_provision_lines_loan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_lines
    ADD CONSTRAINT loan_provision_lines_loan_id_fkey FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_provision_lines loan_provision_lines_run_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_lines
    ADD CONSTRAINT loan_provision_lines_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.loan_provision_runs(id);

--
-- Name: loan_provision_rates loan_provision_rates_loan_class_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_rates
    ADD CONSTRAINT loan_provision_rates_loan_class_fkey FOREIGN KEY (loan_class) REFERENCES public.loan_classes(code);

--
-- Name: loan_provision_releases loan_provision_releases_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_releases
    ADD CONSTRAINT loan_provision_releases_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_provision_releases loan_provision_releases_loan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_provision_releases
    ADD CONSTRAINT loan_provision_releases_loan_id_fkey FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_recoveries loan_recoveries_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_recoveries
    ADD CONSTRAINT loan_recoveries_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_recoveries loan_recoveries_loan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_recoveries
    ADD CONSTRAINT loan_recoveries_loan_id_fkey FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_recoveries loan_recoveries_reversal_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_recoveries
    ADD CONSTRAINT loan_recoveries_reversal_entry_id_fkey FOREIGN KEY (reversal_entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_repayments loan_repayments_actor_id_staff_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_actor_id_staff_user_id_fk FOREIGN KEY (actor_id) REFERENCES public.staff(user_id);

--
-- Name: loan_repayments loan_repayments_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_repayments loan_repayments_from_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_from_account_id_accounts_id_fk FOREIGN KEY (from_account_id) REFERENCES public.accounts(id);

--
-- Name: loan_repayments loan_repayments_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_repayments loan_repayments_reversal_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_repayments
    ADD CONSTRAINT loan_repayments_reversal_entry_id_fkey FOREIGN KEY (reversal_entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_restructurings loan_restructurings_approval_id_approval_requests_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_restructurings
    ADD CONSTRAINT loan_restructurings_approval_id_approval_requests_id_fk FOREIGN KEY (approval_id) REFERENCES public.approval_requests(id);

--
-- Name: loan_restructurings loan_restructurings_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_restructurings
    ADD CONSTRAINT loan_restructurings_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_suspense_moves loan_suspense_moves_loan_id_loans_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_suspense_moves
    ADD CONSTRAINT loan_suspense_moves_loan_id_loans_id_fk FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loan_write_offs loan_write_offs_entry_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_write_offs
    ADD CONSTRAINT loan_write_offs_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loan_write_offs loan_write_offs_loan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loan_write_offs
    ADD CONSTRAINT loan_write_offs_loan_id_fkey FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: loans loans_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: loans loans_application_id_loan_applications_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_application_id_loan_applications_id_fk FOREIGN KEY (application_id) REFERENCES public.loan_applications(id);

--
-- Name: loans loans_approval_id_approval_requests_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_approval_id_approval_requests_id_fk FOREIGN KEY (approval_id) REFERENCES public.approval_requests(id);

--
-- Name: loans loans_approved_by_staff_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_approved_by_staff_user_id_fk FOREIGN KEY (approved_by) REFERENCES public.staff(user_id);

--
-- Name: loans loans_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: loans loans_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: loans loans_disbursed_by_staff_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_disbursed_by_staff_user_id_fk FOREIGN KEY (disbursed_by) REFERENCES public.staff(user_id);

--
-- Name: loans loans_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: loans loans_manual_class_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_manual_class_fkey FOREIGN KEY (manual_class) REFERENCES public.loan_classes(code);

--
-- Name: loans loans_product_version_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_product_version_fk FOREIGN KEY (product_code, product_version) REFERENCES public.loan_product_versions(product_code, version);

--
-- Name: loans loans_repayment_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.loans
    ADD CONSTRAINT loans_repayment_account_id_accounts_id_fk FOREIGN KEY (repayment_account_id) REFERENCES public.accounts(id);

--
-- Name: mobile_banking_subscriptions mbs_pay_account_of_customer_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mobile_banking_subscriptions
    ADD CONSTRAINT mbs_pay_account_of_customer_fk FOREIGN KEY (pay_account_id, cust_id) REFERENCES public.accounts(id, cust_id);

--
-- Name: mobile_banking_subscriptions mobile_banking_subscriptions_cust_id_customers_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mobile_banking_subscriptions
    ADD CONSTRAINT mobile_banking_subscriptions_cust_id_customers_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: product_versions product_versions_product_code_products_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product_versions
    ADD CONSTRAINT product_versions_product_code_products_code_fk FOREIGN KEY (product_code) REFERENCES public.products(code);

--
-- Name: products products_fee_income_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_fee_income_gl_gl_accounts_code_fk FOREIGN KEY (fee_income_gl) REFERENCES public.gl_accounts(code);

--
-- Name: products products_interest_expense_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_interest_expense_gl_gl_accounts_code_fk FOREIGN KEY (interest_expense_gl) REFERENCES public.gl_accounts(code);

--
-- Name: products products_interest_payable_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_interest_payable_gl_gl_accounts_code_fk FOREIGN KEY (interest_payable_gl) REFERENCES public.gl_accounts(code);

--
-- Name: products products_ledger_code_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_ledger_code_gl_accounts_code_fk FOREIGN KEY (ledger_code) REFERENCES public.gl_accounts(code);

--
-- Name: products products_wht_payable_gl_gl_accounts_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_wht_payable_gl_gl_accounts_code_fk FOREIGN KEY (wht_payable_gl) REFERENCES public.gl_accounts(code);

--
-- Name: profiles profiles_id_auth_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_auth_users_id_fk FOREIGN KEY (id) REFERENCES public.auth_users(id) ON DELETE CASCADE;

--
-- Name: registered_user_balances registered_user_balances_cust_id_registered_user_keys_cust_id_f; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_balances
    ADD CONSTRAINT registered_user_balances_cust_id_registered_user_keys_cust_id_f FOREIGN KEY (cust_id) REFERENCES public.registered_user_keys(cust_id) ON DELETE CASCADE;

--
-- Name: registered_user_keys registered_user_keys_cust_id_mobile_banking_subscriptions_cust_; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.registered_user_keys
    ADD CONSTRAINT registered_user_keys_cust_id_mobile_banking_subscriptions_cust_ FOREIGN KEY (cust_id) REFERENCES public.mobile_banking_subscriptions(cust_id) ON DELETE CASCADE;

--
-- Name: report_daily_cash report_daily_cash_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_cash
    ADD CONSTRAINT report_daily_cash_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: report_daily_loan_classes report_daily_loan_classes_branch_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_loan_classes
    ADD CONSTRAINT report_daily_loan_classes_branch_code_fkey FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: report_daily_positions report_daily_positions_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_daily_positions
    ADD CONSTRAINT report_daily_positions_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: report_inbox report_inbox_run_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_inbox
    ADD CONSTRAINT report_inbox_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.report_runs(id);

--
-- Name: report_inbox report_inbox_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_inbox
    ADD CONSTRAINT report_inbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.staff(user_id) ON DELETE CASCADE;

--
-- Name: report_runs report_runs_requested_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_runs
    ADD CONSTRAINT report_runs_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.staff(user_id) ON DELETE SET NULL;

--
-- Name: report_runs report_runs_schedule_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_runs
    ADD CONSTRAINT report_runs_schedule_id_fkey FOREIGN KEY (schedule_id) REFERENCES public.report_schedules(id);

--
-- Name: report_schedules report_schedules_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_schedules
    ADD CONSTRAINT report_schedules_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.staff(user_id) ON DELETE SET NULL;

--
-- Name: report_schedules report_schedules_role_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.report_schedules
    ADD CONSTRAINT report_schedules_role_id_fkey FOREIGN KEY (role_id) REFERENCES public.roles(id);

--
-- Name: return_gl_mappings return_gl_mappings_line_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_gl_mappings
    ADD CONSTRAINT return_gl_mappings_line_fk FOREIGN KEY (template_code, line_code) REFERENCES public.return_template_lines(template_code, line_code);

--
-- Name: return_template_checks return_template_checks_line_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_template_checks
    ADD CONSTRAINT return_template_checks_line_fk FOREIGN KEY (template_code, line_code) REFERENCES public.return_template_lines(template_code, line_code);

--
-- Name: return_template_lines return_template_lines_template_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.return_template_lines
    ADD CONSTRAINT return_template_lines_template_code_fkey FOREIGN KEY (template_code) REFERENCES public.return_templates(code);

--
-- Name: role_limits role_limits_role_id_roles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_limits
    ADD CONSTRAINT role_limits_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE CASCADE;

--
-- Name: role_permissions role_permissions_role_id_roles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE CASCADE;

--
-- Name: salary_batch_lines salary_batch_lines_batch_id_salary_batches_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batch_lines
    ADD CONSTRAINT salary_batch_lines_batch_id_salary_batches_id_fk FOREIGN KEY (batch_id) REFERENCES public.salary_batches(id);

--
-- Name: salary_batch_lines salary_batch_lines_loan_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batch_lines
    ADD CONSTRAINT salary_batch_lines_loan_id_fkey FOREIGN KEY (loan_id) REFERENCES public.loans(id);

--
-- Name: salary_batches salary_batches_employer_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.salary_batches
    ADD CONSTRAINT salary_batches_employer_account_id_accounts_id_fk FOREIGN KEY (employer_account_id) REFERENCES public.accounts(id);

--
-- Name: sanctions_entries sanctions_entries_version_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_entries
    ADD CONSTRAINT sanctions_entries_version_id_fk FOREIGN KEY (version_id) REFERENCES public.sanctions_list_versions(id);

--
-- Name: sanctions_hits sanctions_hits_cust_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_hits
    ADD CONSTRAINT sanctions_hits_cust_id_fk FOREIGN KEY (cust_id) REFERENCES public.customers(cust_id);

--
-- Name: sanctions_hits sanctions_hits_entry_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_hits
    ADD CONSTRAINT sanctions_hits_entry_id_fk FOREIGN KEY (entry_id) REFERENCES public.sanctions_entries(id);

--
-- Name: sanctions_names sanctions_names_entry_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sanctions_names
    ADD CONSTRAINT sanctions_names_entry_id_fk FOREIGN KEY (entry_id) REFERENCES public.sanctions_entries(id) ON DELETE CASCADE;

--
-- Name: staff staff_home_branch_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_home_branch_branches_code_fk FOREIGN KEY (home_branch) REFERENCES public.branches(code);

--
-- Name: staff_roles staff_roles_role_id_roles_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id);

--
-- Name: staff_roles staff_roles_user_id_staff_user_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_roles
    ADD CONSTRAINT staff_roles_user_id_staff_user_id_fk FOREIGN KEY (user_id) REFERENCES public.staff(user_id) ON DELETE CASCADE;

--
-- Name: staff staff_user_id_auth_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_user_id_auth_users_id_fk FOREIGN KEY (user_id) REFERENCES public.auth_users(id) ON DELETE CASCADE;

--
-- Name: standing_order_runs standing_order_runs_order_id_standing_orders_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_order_runs
    ADD CONSTRAINT standing_order_runs_order_id_standing_orders_id_fk FOREIGN KEY (order_id) REFERENCES public.standing_orders(id);

--
-- Name: standing_orders standing_orders_from_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_orders
    ADD CONSTRAINT standing_orders_from_account_id_accounts_id_fk FOREIGN KEY (from_account_id) REFERENCES public.accounts(id);

--
-- Name: standing_orders standing_orders_to_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.standing_orders
    ADD CONSTRAINT standing_orders_to_account_id_accounts_id_fk FOREIGN KEY (to_account_id) REFERENCES public.accounts(id);

--
-- Name: storage_objects storage_objects_bucket_id_storage_buckets_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.storage_objects
    ADD CONSTRAINT storage_objects_bucket_id_storage_buckets_id_fk FOREIGN KEY (bucket_id) REFERENCES public.storage_buckets(id);

--
-- Name: teller_transactions teller_transactions_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: teller_transactions teller_transactions_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: teller_transactions teller_transactions_session_id_till_sessions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.teller_transactions
    ADD CONSTRAINT teller_transactions_session_id_till_sessions_id_fk FOREIGN KEY (session_id) REFERENCES public.till_sessions(id);

--
-- Name: till_sessions till_sessions_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: till_sessions till_sessions_close_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_close_entry_id_journal_entries_id_fk FOREIGN KEY (close_entry_id) REFERENCES public.journal_entries(id);

--
-- Name: till_sessions till_sessions_opening_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_sessions
    ADD CONSTRAINT till_sessions_opening_entry_id_journal_entries_id_fk FOREIGN KEY (opening_entry_id) REFERENCES public.journal_entries(id);

--
-- Name: till_vault_transfers till_vault_transfers_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_vault_transfers
    ADD CONSTRAINT till_vault_transfers_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- Name: till_vault_transfers till_vault_transfers_session_id_till_sessions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.till_vault_transfers
    ADD CONSTRAINT till_vault_transfers_session_id_till_sessions_id_fk FOREIGN KEY (session_id) REFERENCES public.till_sessions(id);

--
-- Name: tills tills_branch_code_branches_code_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tills
    ADD CONSTRAINT tills_branch_code_branches_code_fk FOREIGN KEY (branch_code) REFERENCES public.branches(code);

--
-- Name: transactions transactions_account_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_account_id_accounts_id_fk FOREIGN KEY (account_id) REFERENCES public.accounts(id);

--
-- Name: transactions transactions_entry_id_journal_entries_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id);

--
-- PostgreSQL database dump complete
--
