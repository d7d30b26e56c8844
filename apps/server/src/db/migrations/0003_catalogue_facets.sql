-- The boolean facets of a catalogue page count the true values of the page's items: index-only per item
-- instead of every true value in the catalogue.
CREATE INDEX "item_tech_data_item_true_idx" ON "item_tech_data" USING btree ("item_id","attribute_id") WHERE "item_tech_data"."boolean_value";--> statement-breakpoint
ANALYZE "item_tech_data";
