-- Search support: trigram matching on accent-free, lower-cased descriptions, one index per locale.
-- Queries must use the indexed expression literally: lower(f_unaccent(description)) LIKE '%word%'
-- (or % / similarity()) together with locale = '<locale>' so the planner picks the locale's index.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- why: unaccent() is only STABLE (its dictionary could change), so it cannot be used in an index
-- expression; this wrapper names the dictionary explicitly and is declared IMMUTABLE.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
CREATE INDEX item_translations_description_trgm_nl ON item_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'nl-NL';
--> statement-breakpoint
CREATE INDEX item_translations_description_trgm_en ON item_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'en-US';
--> statement-breakpoint
CREATE INDEX item_translations_description_trgm_fr ON item_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'fr-FR';
--> statement-breakpoint
CREATE INDEX item_translations_description_trgm_de ON item_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'de-DE';
--> statement-breakpoint
CREATE INDEX set_translations_description_trgm_nl ON set_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'nl-NL';
--> statement-breakpoint
CREATE INDEX set_translations_description_trgm_en ON set_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'en-US';
--> statement-breakpoint
CREATE INDEX set_translations_description_trgm_fr ON set_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'fr-FR';
--> statement-breakpoint
CREATE INDEX set_translations_description_trgm_de ON set_translations USING gin (lower(public.f_unaccent(description)) gin_trgm_ops) WHERE locale = 'de-DE';
--> statement-breakpoint
-- Quick search also matches on the number ('BH-10', 'ag-1004').
CREATE INDEX items_item_no_trgm ON items USING gin (lower(item_no) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sets_set_no_trgm ON sets USING gin (lower(set_no) gin_trgm_ops);
