-- /realtime/v1 postgres_changes (server/src/modules/realtime/published-tables.ts): each published
-- table's changes NOTIFY channel bm_realtime with the table's published name, the operation and the
-- row's key only (NOTIFY payloads are limited to 8 KB); every server reads the row back and delivers it
-- to the subscribers allowed to read it. NOTIFY is sent at commit, in commit order, never on rollback.
CREATE OR REPLACE FUNCTION realtime_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    rec := to_jsonb(OLD);
  ELSE
    rec := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('bm_realtime', json_build_object(
    'k', 'pg',
    't', TG_ARGV[0],
    'op', CASE WHEN TG_TABLE_NAME = 'auth_users' THEN 'UPDATE' ELSE TG_OP END,
    'key', coalesce(TG_ARGV[2], '') || (rec ->> TG_ARGV[1]),
    'ts', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_realtime AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('profiles', 'id');
--> statement-breakpoint
CREATE TRIGGER staff_realtime AFTER INSERT OR UPDATE OR DELETE ON staff
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('staff_status', 'user_id');
--> statement-breakpoint
-- A ban or unban changes the user's staff status as GET /api/user/status reports it.
CREATE TRIGGER auth_users_ban_realtime AFTER UPDATE OF banned_until ON auth_users
  FOR EACH ROW WHEN (OLD.banned_until IS DISTINCT FROM NEW.banned_until)
  EXECUTE FUNCTION realtime_notify('staff_status', 'id');
--> statement-breakpoint
-- The dashboard's recent events (modules/dashboard/events.ts): new sign-ups and the audited actions it lists.
CREATE TRIGGER staff_signup_dashboard_realtime AFTER INSERT ON staff
  FOR EACH ROW WHEN (NOT NEW.approved AND NOT NEW.is_superuser)
  EXECUTE FUNCTION realtime_notify('dashboard_events', 'user_id', 'new_user:');
--> statement-breakpoint
CREATE TRIGGER audit_log_dashboard_realtime AFTER INSERT ON audit_log
  FOR EACH ROW WHEN (
    (NEW.action = 'auth.sign_in' AND NEW.outcome = 'failure')
    OR NEW.action IN ('staff.approve', 'staff.activate_first_user', 'mobile_banking.subscription_saved')
  )
  EXECUTE FUNCTION realtime_notify('dashboard_events', 'id', 'audit:');
