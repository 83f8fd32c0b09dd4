-- The day's totals a daily limit is measured against, kept as lines are posted. The check used to sum
-- every debit line of the business day's entries of the limit's source: a scan of the whole bank's day
-- (248 ms at 9,000 transfers), run before each transfer, withdrawal and posting (ADR 0040).
CREATE TABLE "maker_daily_debits" (
	"business_date" date NOT NULL,
	"maker_id" uuid NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"slot" integer NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	CONSTRAINT "maker_daily_debits_business_date_maker_id_source_currency_slot_pk" PRIMARY KEY("business_date","maker_id","source","currency","slot")
);--> statement-breakpoint
CREATE TABLE "account_daily_debits" (
	"business_date" date NOT NULL,
	"account_id" bigint NOT NULL,
	"source" text NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	CONSTRAINT "account_daily_debits_business_date_account_id_source_pk" PRIMARY KEY("business_date","account_id","source")
);--> statement-breakpoint
-- A maker's total is spread over 16 rows (a stripe of 64 of the dashboard's 1,024 stats slots, by the
-- debited account): one maker's concurrent postings (a channel's, or a bench's single officer) would
-- otherwise all queue on one row until commit. Lines are inserted in stats-slot order (postEntry) and the
-- stripe grows with the slot, so stripes alone never wait in a cycle; with the stats slots between them
-- a cycle is possible but rare, and a deadlock rolls the posting back whole to be retried (postEntry).
CREATE FUNCTION maker_daily_debits_slot(account_id bigint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT banking_stats_slot(account_id) / 64 $$;--> statement-breakpoint
-- The sources a daily limit counts (roles/daily-limits.ts maps each limit to its source). A debit of
-- any other source (end of day's fees, reversals) is not counted and costs one lookup.
CREATE FUNCTION daily_debits_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e record;
BEGIN
  SELECT business_date, source, maker_id INTO e FROM journal_entries WHERE id = NEW.entry_id;
  -- Not found: a bulk load (the seed) writes its lines before their entry, and counts for no limit.
  IF NOT FOUND OR e.source NOT IN ('teller', 'transfer', 'posting') THEN
    RETURN NULL;
  END IF;
  INSERT INTO account_daily_debits AS d (business_date, account_id, source, total)
  VALUES (e.business_date, NEW.account_id, e.source, NEW.amount)
  ON CONFLICT (business_date, account_id, source) DO UPDATE SET total = d.total + excluded.total;
  IF e.maker_id IS NOT NULL THEN
    INSERT INTO maker_daily_debits AS d (business_date, maker_id, source, currency, slot, total)
    SELECT e.business_date, e.maker_id, e.source, a.currency, maker_daily_debits_slot(a.id), NEW.amount
      FROM accounts a WHERE a.id = NEW.account_id
    ON CONFLICT (business_date, maker_id, source, currency, slot) DO UPDATE SET total = d.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bulk entry's lines (end of day, salary batches: ledger.bulk_entry names the entry) are skipped here,
-- before the function is called, as a million end-of-day lines would each look theirs up; the statement
-- trigger below adds them once.
CREATE TRIGGER transactions_daily_debits AFTER INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW.direction = 'debit'
                     AND NEW.entry_id::text IS DISTINCT FROM current_setting('ledger.bulk_entry', true))
  EXECUTE FUNCTION daily_debits_add();--> statement-breakpoint
-- A bulk entry's lines, once per statement: a salary batch (source transfer) counts toward its maker's and
-- the employer account's day as a transfer would; end of day's entries count for nothing and return at once.
CREATE FUNCTION daily_debits_add_bulk() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_daily_debits_bulk AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION daily_debits_add_bulk();--> statement-breakpoint
-- Today's lines posted before this migration.
INSERT INTO account_daily_debits (business_date, account_id, source, total)
SELECT e.business_date, t.account_id, e.source, sum(t.amount)
  FROM journal_entries e JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit'
 WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
 GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO maker_daily_debits (business_date, maker_id, source, currency, slot, total)
SELECT e.business_date, e.maker_id, e.source, a.currency, maker_daily_debits_slot(a.id), sum(t.amount)
  FROM journal_entries e JOIN transactions t ON t.entry_id = e.id AND t.direction = 'debit'
  JOIN accounts a ON a.id = t.account_id
 WHERE e.business_date = current_business_date() AND e.source IN ('teller', 'transfer', 'posting')
   AND e.maker_id IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_violations() RETURNS TABLE(account_id bigint, transaction_id bigint, problem text)
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
  WHERE (a.account_type = 'Loan' AND a.balance > 0) OR (a.account_type <> 'Loan' AND a.balance < -a.overdraft_limit)
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
