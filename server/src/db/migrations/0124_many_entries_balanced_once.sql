-- A many-entries posting's entries are checked for balance once for the statement that made them, not
-- by a deferred trigger call an entry (the rule of journal_entries_balanced, set-based; ADR 0072 for
-- the rest of that path's checks).
--
-- journal_entries_balanced is a deferred constraint trigger: every entry queues an event, and each
-- event calls journal_entry_imbalance at commit (or when the ledger sets the constraint immediate).
-- An end-of-day auto-debit chunk makes one entry a loan collected, so a chunk of 18,000 loans fired
-- it 18,000 times. While `ledger.many_entries` is on, the entries a statement makes skip it (its
-- WHEN); the statement trigger journal_entries_many_made records the statement's range of ids in
-- journal_entry_ranges_to_check instead, and that row's deferred constraint trigger checks every
-- entry of the range at once, by journal_entry_imbalance's rules (at least two lines; debits equal
-- credits in each currency), with its refusal. Turning the setting on moves the check; it cannot skip
-- it. The range's row is deleted by its own check.

CREATE TABLE journal_entry_ranges_to_check (
  lo bigint NOT NULL,
  hi bigint NOT NULL
);
--> statement-breakpoint
COMMENT ON TABLE journal_entry_ranges_to_check IS
  'The ranges of journal entry ids made by a many-entries statement, each checked for balance by a deferred trigger and then deleted; empty outside a transaction.';
--> statement-breakpoint
CREATE FUNCTION journal_entries_many_made() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO journal_entry_ranges_to_check (lo, hi)
  SELECT min(id), max(id) FROM inserted HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_many_made AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (current_setting('ledger.many_entries', true) = 'on')
  EXECUTE FUNCTION journal_entries_many_made();
--> statement-breakpoint
DROP TRIGGER journal_entries_balanced ON journal_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (current_setting('ledger.many_entries', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION journal_entries_balanced();
--> statement-breakpoint
CREATE FUNCTION journal_entry_ranges_balanced() RETURNS trigger
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entry_ranges_balanced AFTER INSERT ON journal_entry_ranges_to_check
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_ranges_balanced();
