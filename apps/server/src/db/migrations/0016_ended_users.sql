CREATE TABLE "ended_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A deleted user is also written down (docs/decisions/0012): a server process that starts within an access token's
-- lifetime loads it and still refuses that user's tokens. Rows older than a day are dropped on the way.
CREATE OR REPLACE FUNCTION mp_notify_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ended_users WHERE ended_at < now() - interval '1 day';
    INSERT INTO ended_users (user_id) VALUES (OLD.id) ON CONFLICT (user_id) DO UPDATE SET ended_at = now();
    PERFORM pg_notify('mp_sessions', json_build_object('user', OLD.id, 'deleted', true)::text);
  ELSIF NEW.session_generation <> OLD.session_generation THEN
    PERFORM pg_notify('mp_sessions', json_build_object('user', NEW.id, 'gen', NEW.session_generation)::text);
  END IF;
  RETURN NULL;
END $$;
