CREATE TABLE "catalogue_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_revision_single_row" CHECK ("catalogue_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_revision" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
-- Raised once per changing statement (not per row), in the writer's transaction: a reader that sees the
-- new number in a snapshot also sees the change.
CREATE FUNCTION public.bump_catalogue_revision() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_revision SET revision = revision + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['categories', 'category_translations', 'items', 'item_translations',
    'tech_attributes', 'item_tech_data', 'item_links', 'sets', 'set_translations', 'set_lines']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_catalogue_revision()', t || '_bump_revision', t);
  END LOOP;
END $$;
