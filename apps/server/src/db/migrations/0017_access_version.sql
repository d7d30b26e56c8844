ALTER TABLE "users" ADD COLUMN "access_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a user may do is part of the access token (role, kind, permissions, customer). Any change to it bumps
-- access_version, whatever statement makes it, and every server process hears of it on mp_sessions at commit
-- (docs/decisions/0012): a token of an older version is refused, the client refreshes and gets the new rights.
CREATE OR REPLACE FUNCTION mp_bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role IS DISTINCT FROM OLD.role
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR NEW.permissions IS DISTINCT FROM OLD.permissions
    OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
    OR NEW.disabled IS DISTINCT FROM OLD.disabled
    OR NEW.approved_at IS DISTINCT FROM OLD.approved_at
    OR NEW.email IS DISTINCT FROM OLD.email THEN
    NEW.access_version := OLD.access_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION mp_bump_access_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mp_notify_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mp_sessions', json_build_object('user', NEW.id, 'av', NEW.access_version)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_version_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (NEW.access_version IS DISTINCT FROM OLD.access_version)
  EXECUTE FUNCTION mp_notify_access_version();
