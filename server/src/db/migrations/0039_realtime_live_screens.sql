-- Live screens (docs/realtime-protocol.md): the approvals inbox and the dashboard's pending count hear
-- a request's changes through /realtime/v1 (published table approval_requests; read rule in
-- published-tables.ts).
CREATE TRIGGER approval_requests_realtime AFTER INSERT OR UPDATE OR DELETE ON approval_requests
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('approval_requests', 'id');
--> statement-breakpoint
-- A rejected sign-up (the user is deleted, the staff row goes with it) leaves the dashboard's events.
CREATE TRIGGER staff_rejected_dashboard_realtime AFTER DELETE ON staff
  FOR EACH ROW WHEN (NOT OLD.approved AND NOT OLD.is_superuser)
  EXECUTE FUNCTION realtime_notify('dashboard_events', 'user_id', 'new_user:');
