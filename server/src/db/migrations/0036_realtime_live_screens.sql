-- Live screens (issue 21): the approvals inbox and the dashboard's pending count hear a request's
-- changes through /realtime/v1 (published table approval_requests; read rule in published-tables.ts).
CREATE TRIGGER approval_requests_realtime AFTER INSERT OR UPDATE OR DELETE ON approval_requests
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('approval_requests', 'id');
