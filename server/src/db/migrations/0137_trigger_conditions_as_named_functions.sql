-- The WHEN condition of a trigger on a table that every posting writes is a call to a named PL/pgSQL
-- function (ADR 0092).
--
-- PostgreSQL reads a trigger's WHEN back from its stored text and prepares it again for every
-- statement that could fire the trigger, whether or not the trigger then fires: a posting's two
-- customer lines re-read transactions_post's (three settings, a range and a comparison) and the
-- three set-based triggers' conditions twice each, and the journal entry, its deferred balance check
-- and its audit row re-read theirs once. A call with a column or two as arguments is short to read
-- back, and the function's own plan stays cached for the session. The conditions are the same, in
-- the same order of firing (triggers fire in the order of their names, which do not change):
--   ledger_in_bulk_entries(entry)      the entry is in the range a set-based posting marked
--                                      (ledger.bulk_entries_from … ledger.bulk_entries_to)
--   ledger_line_checked_by_row(entry)  neither in that range nor the one bulk entry (ledger.bulk_entry)
--   ledger_bulk_entries_on()           a set-based posting of many entries is under way
--   ledger_bulk_entry_on()             a set-based posting of one entry is under way
--   ledger_many_entries_on()           journal entries are being made many at a time (ledger.many_entries)
--   audit_row_is_dashboard_event(action, outcome)  the dashboard's live feed shows the audit row
--   gl_line_at_a_till(till_session, gl_code)  the line names a till session or a teller cash account
--                                      (1020-<branch>)
CREATE FUNCTION ledger_in_bulk_entries(p_entry bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(p_entry >= nullif(current_setting('ledger.bulk_entries_from', true), '')::bigint
                  AND p_entry <= nullif(current_setting('ledger.bulk_entries_to', true), '')::bigint, false);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_line_checked_by_row(p_entry bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN NOT ledger_in_bulk_entries(p_entry)
     AND p_entry IS DISTINCT FROM nullif(current_setting('ledger.bulk_entry', true), '')::bigint;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_bulk_entries_on() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN nullif(current_setting('ledger.bulk_entries_from', true), '') IS NOT NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_bulk_entry_on() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN nullif(current_setting('ledger.bulk_entry', true), '') IS NOT NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_many_entries_on() RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(current_setting('ledger.many_entries', true) = 'on', false);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION audit_row_is_dashboard_event(p_action text, p_outcome text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (p_action = 'auth.sign_in' AND p_outcome = 'failure')
      OR p_action IN ('staff.approve', 'staff.activate_first_user', 'mobile_banking.subscription_saved');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION gl_line_at_a_till(p_till_session uuid, p_gl_code text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN p_till_session IS NOT NULL OR p_gl_code LIKE '1020-%';
END;
$$;
--> statement-breakpoint
DROP TRIGGER transactions_post ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_post BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (ledger_line_checked_by_row(new.entry_id)) EXECUTE FUNCTION transactions_post();
--> statement-breakpoint
DROP TRIGGER transactions_post_many ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_post_many AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (ledger_bulk_entries_on()) EXECUTE FUNCTION transactions_post_many();
--> statement-breakpoint
DROP TRIGGER transactions_post_bulk ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_post_bulk AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (ledger_bulk_entry_on()) EXECUTE FUNCTION transactions_post_bulk();
--> statement-breakpoint
DROP TRIGGER transactions_daily_debits_bulk ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_debits_bulk AFTER INSERT ON transactions REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (ledger_bulk_entry_on()) EXECUTE FUNCTION daily_debits_add_bulk();
--> statement-breakpoint
DROP TRIGGER gl_lines_guard ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard BEFORE INSERT ON gl_lines
  FOR EACH ROW WHEN (NOT ledger_in_bulk_entries(new.entry_id)) EXECUTE FUNCTION gl_lines_guard();
--> statement-breakpoint
DROP TRIGGER gl_lines_till ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_till BEFORE INSERT ON gl_lines
  FOR EACH ROW WHEN (gl_line_at_a_till(new.till_session_id, new.gl_code)) EXECUTE FUNCTION gl_lines_till();
--> statement-breakpoint
DROP TRIGGER gl_lines_guard_many ON gl_lines;
--> statement-breakpoint
CREATE TRIGGER gl_lines_guard_many AFTER INSERT ON gl_lines REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (ledger_bulk_entries_on()) EXECUTE FUNCTION gl_lines_guard_many();
--> statement-breakpoint
DROP TRIGGER journal_entries_guard ON journal_entries;
--> statement-breakpoint
CREATE TRIGGER journal_entries_guard BEFORE INSERT ON journal_entries
  FOR EACH ROW WHEN (NOT ledger_many_entries_on()) EXECUTE FUNCTION journal_entries_guard();
--> statement-breakpoint
DROP TRIGGER journal_entries_balanced ON journal_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NOT ledger_many_entries_on()) EXECUTE FUNCTION journal_entries_balanced();
--> statement-breakpoint
DROP TRIGGER journal_entries_many_made ON journal_entries;
--> statement-breakpoint
CREATE TRIGGER journal_entries_many_made AFTER INSERT ON journal_entries REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT WHEN (ledger_many_entries_on()) EXECUTE FUNCTION journal_entries_many_made();
--> statement-breakpoint
DROP TRIGGER audit_log_dashboard_realtime ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_dashboard_realtime AFTER INSERT ON audit_log
  FOR EACH ROW WHEN (audit_row_is_dashboard_event(new.action, new.outcome))
  EXECUTE FUNCTION realtime_notify('dashboard_events', 'id', 'audit:');
