-- Ended sessions are announced to every server process (docs/decisions/0012): a revoked refresh-token
-- family, a bumped session generation (password change or reset, disabling) and a deleted user each NOTIFY
-- the channel mp_sessions when their transaction commits.
CREATE OR REPLACE FUNCTION mp_notify_refresh_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM pg_notify('mp_sessions', json_build_object('sid', NEW.family_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked_notify AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION mp_notify_refresh_revoked();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_notify_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('mp_sessions', json_build_object('user', OLD.id, 'deleted', true)::text);
  ELSIF NEW.session_generation <> OLD.session_generation THEN
    PERFORM pg_notify('mp_sessions', json_build_object('user', NEW.id, 'gen', NEW.session_generation)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_sessions_notify AFTER UPDATE OF session_generation OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION mp_notify_user_sessions();
