-- Ending a session (sign-out, an administrator's "end sessions", a ban, an expired or reused refresh
-- chain, a deleted account) must end the realtime channels joined with its tokens at once, on every
-- server, not when the last access token expires: each deleted session NOTIFYs bm_realtime with its
-- id and user (server/src/modules/realtime/hub.ts ends that session's channels).
CREATE OR REPLACE FUNCTION realtime_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bm_realtime', json_build_object('k', 's', 'sid', OLD.id, 'uid', OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_realtime_end AFTER DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION realtime_session_ended();
