-- The GL lines of a many-entries posting are checked once for the statement (ADR 0072's rule for
-- their customer lines, now for their GL lines too).
--
-- gl_lines_guard ran for every GL line of an end-of-day auto-debit chunk: a PL/pgSQL call that read
-- the line's entry and its GL account, two lines a loan collected. The lines of the declared range
-- of entries (ledger.bulk_entries_from/to, set by the ledger before it inserts them) now skip it, and
-- gl_lines_guard_many checks them after the statement, by the same rules, with the same refusals, in
-- the same precedence, naming the first line (in insertion order) that breaks one: the entry exists;
-- it is this transaction's, still open; its GL account takes the line. A GL code that does not exist
-- is refused by the foreign key, as before; so is an entry that does not exist, since the foreign keys
-- (row triggers after the insert) now run before this check (the ledger names only the entries it
-- has just made, so neither happens but by a bug). The statement trigger fires whenever a range is declared,
-- so declaring one moves the check; it cannot skip it.

DROP TRIGGER gl_lines_guard ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard BEFORE INSERT ON gl_lines FOR EACH ROW
  WHEN (NOT coalesce(NEW.entry_id >= nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                     AND NEW.entry_id <= nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false))
  EXECUTE FUNCTION gl_lines_guard();
--> statement-breakpoint
CREATE FUNCTION gl_lines_guard_many() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard_many AFTER INSERT ON gl_lines REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
  WHEN (nullif(current_setting('ledger.bulk_entries_from', true), '') IS NOT NULL)
  EXECUTE FUNCTION gl_lines_guard_many();
