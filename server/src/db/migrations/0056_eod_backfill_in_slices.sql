-- eod_backfill() in two parts, so the 1,000,000-customer seed can fill account_activity from slices of
-- the postings (by id: the primary key finds a slice) on several connections at once
-- (db/seed/banking/parallel.ts), and the daily GL snapshots once. eod_backfill() keeps its meaning:
-- both parts over every posting. An account whose postings span two slices keeps the later date.

CREATE OR REPLACE FUNCTION eod_backfill_activity(p_from_transaction bigint, p_to_transaction bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO account_activity (account_id, last_customer_activity)
  SELECT t.account_id, max(e.business_date)
    FROM transactions t JOIN journal_entries e ON e.id = t.entry_id
   WHERE is_customer_activity(e.source, t.direction) AND t.id BETWEEN p_from_transaction AND p_to_transaction
   GROUP BY t.account_id
  ON CONFLICT (account_id) DO UPDATE
    SET last_customer_activity = greatest(account_activity.last_customer_activity, excluded.last_customer_activity);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eod_backfill_daily() RETURNS void
LANGUAGE sql AS $$
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eod_backfill() RETURNS void
LANGUAGE sql AS $$
  SELECT eod_backfill_activity(-9223372036854775808, 9223372036854775807);
  SELECT eod_backfill_daily();
$$;
