-- Settings changed by one server process reach the others at once (issue #34 point 2, docs/decisions/0029): every
-- statement that writes setting_values NOTIFYs mp_settings when its transaction commits; each process LISTENs and
-- drops its settings cache (modules/settings). The payload is empty: the whole map is read again.
CREATE OR REPLACE FUNCTION mp_notify_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mp_settings', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER setting_values_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON setting_values
  FOR EACH STATEMENT EXECUTE FUNCTION mp_notify_settings();
