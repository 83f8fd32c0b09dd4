-- A many-entries posting's entries are guarded once for the statement that made them, not by a row
-- trigger call an entry (journal_entries_guard's rules, set-based; ADR 0072 for the rest of that
-- path's checks).
--
-- journal_entries_guard runs two lookups an entry (the business date with its closing run, and the
-- closed accounting periods) and stamps the entry with the transaction's start time. An end-of-day
-- auto-debit chunk makes one entry a loan collected, so it ran once a loan. While
-- `ledger.many_entries` is on, the entries a statement makes skip it (its WHEN), and the statement
-- trigger journal_entries_many_made applies the same rules to all of them, with the same refusals:
-- the business date is the bank's current one; while end of day closes the day, only its own
-- entries; no date in a closed period. A statement cannot stamp the rows it has already written, so
-- it refuses any entry whose posted_at is not the transaction's start time (the column's default),
-- which is the stamp the row trigger would have written. Turning the setting on by hand moves these
-- checks; it cannot skip them.

CREATE OR REPLACE FUNCTION journal_entries_many_made() RETURNS trigger
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
--> statement-breakpoint
DROP TRIGGER journal_entries_guard ON journal_entries;
--> statement-breakpoint
CREATE TRIGGER journal_entries_guard BEFORE INSERT ON journal_entries
  FOR EACH ROW WHEN (current_setting('ledger.many_entries', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION journal_entries_guard();
