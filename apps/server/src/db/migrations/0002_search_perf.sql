ALTER TABLE "item_translations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(public.f_unaccent(description))) STORED;--> statement-breakpoint
ALTER TABLE "set_translations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(public.f_unaccent(description))) STORED;--> statement-breakpoint
CREATE INDEX "items_unlisted_idx" ON "items" USING btree ("id") WHERE not "items"."searchable" or "items"."blocked";--> statement-breakpoint
-- Search reads the stored folded text: the per-locale trigram indexes move from the expression
-- lower(f_unaccent(description)) (0001) to the column, so an index recheck is a plain LIKE.
CREATE INDEX "item_translations_search_trgm_nl" ON "item_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'nl-NL';--> statement-breakpoint
CREATE INDEX "item_translations_search_trgm_en" ON "item_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'en-US';--> statement-breakpoint
CREATE INDEX "item_translations_search_trgm_fr" ON "item_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'fr-FR';--> statement-breakpoint
CREATE INDEX "item_translations_search_trgm_de" ON "item_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'de-DE';--> statement-breakpoint
CREATE INDEX "set_translations_search_trgm_nl" ON "set_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'nl-NL';--> statement-breakpoint
CREATE INDEX "set_translations_search_trgm_en" ON "set_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'en-US';--> statement-breakpoint
CREATE INDEX "set_translations_search_trgm_fr" ON "set_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'fr-FR';--> statement-breakpoint
CREATE INDEX "set_translations_search_trgm_de" ON "set_translations" USING gin ("search_text" gin_trgm_ops) WHERE "locale" = 'de-DE';--> statement-breakpoint
DROP INDEX IF EXISTS "item_translations_description_trgm_nl";--> statement-breakpoint
DROP INDEX IF EXISTS "item_translations_description_trgm_en";--> statement-breakpoint
DROP INDEX IF EXISTS "item_translations_description_trgm_fr";--> statement-breakpoint
DROP INDEX IF EXISTS "item_translations_description_trgm_de";--> statement-breakpoint
DROP INDEX IF EXISTS "set_translations_description_trgm_nl";--> statement-breakpoint
DROP INDEX IF EXISTS "set_translations_description_trgm_en";--> statement-breakpoint
DROP INDEX IF EXISTS "set_translations_description_trgm_fr";--> statement-breakpoint
DROP INDEX IF EXISTS "set_translations_description_trgm_de";--> statement-breakpoint
ANALYZE "item_translations";--> statement-breakpoint
ANALYZE "set_translations";--> statement-breakpoint
ANALYZE "items";
