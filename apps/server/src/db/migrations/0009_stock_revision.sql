CREATE SEQUENCE "public"."stock_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_revisions" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_revisions" ADD CONSTRAINT "stock_revisions_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raised once per changing statement, in the writer's transaction, for the locations the statement touched (from
-- its transition tables): a reader that sees the new number also sees the change. Inspections name a plant; the
-- plant's current location is raised. Numbers come from one sequence, so they never repeat; locations are raised in
-- id order, so two writers never deadlock on them.
CREATE FUNCTION public.bump_stock_revision() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'inspections' THEN
    IF TG_OP = 'DELETE' THEN
      ids := array(SELECT p.location_id FROM plants p WHERE p.id IN (SELECT plant_id FROM old_rows));
    ELSE
      ids := array(SELECT p.location_id FROM plants p WHERE p.id IN (SELECT plant_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    ids := array(SELECT location_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ids := array(SELECT location_id FROM old_rows);
  ELSE
    ids := array(SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows);
  END IF;
  INSERT INTO stock_revisions AS s (location_id, revision)
    SELECT d.x, nextval('stock_revision_seq')
    FROM (SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL ORDER BY x) AS d
    ON CONFLICT (location_id) DO UPDATE SET revision = excluded.revision;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE has no transition table: every location moves on.
CREATE FUNCTION public.bump_all_stock_revisions() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_revisions SET revision = nextval('stock_revision_seq');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inventory', 'inventory_ledger', 'plants', 'inspections']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_stock_revision()', t || '_stock_revision_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_stock_revision()', t || '_stock_revision_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_stock_revision()', t || '_stock_revision_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_all_stock_revisions()', t || '_stock_revision_trunc', t);
  END LOOP;
END $$;
