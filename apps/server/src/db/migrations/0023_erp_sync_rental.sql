ALTER TABLE "item_links" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "depots" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "work_addresses" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "plants" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "item_links_erp_id_uq" ON "item_links" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_erp_id_uq" ON "inventory" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "depots_erp_id_uq" ON "depots" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_addresses_erp_id_uq" ON "work_addresses" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plants_erp_id_uq" ON "plants" USING btree ("erp_id");