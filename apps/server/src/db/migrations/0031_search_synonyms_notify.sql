-- Search synonyms changed by one server process reach the others at once (issue #34 point 2, docs/decisions/0029):
-- every statement that writes search_synonyms NOTIFYs mp_search_synonyms when its transaction commits; each process
-- LISTENs and drops its synonym lists (modules/catalogue/search.synonyms.ts). The payload is empty: a list is read
-- again when next searched with. Before: up to 10 s of the old list in the other processes.
CREATE OR REPLACE FUNCTION mp_notify_search_synonyms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mp_search_synonyms', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION mp_notify_search_synonyms();
