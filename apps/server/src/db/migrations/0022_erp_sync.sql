CREATE TABLE "erp_sync_state" (
	"entity" text PRIMARY KEY NOT NULL,
	"next_link" text,
	"modified_since" text,
	"run_started_at" timestamp with time zone,
	"run_finished_at" timestamp with time zone,
	"full_completed_at" timestamp with time zone,
	"delta_completed_at" timestamp with time zone,
	"pages" integer DEFAULT 0 NOT NULL,
	"upserted" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"upserted_total" bigint DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"last_error_params" jsonb,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "erp_parent_code" text;--> statement-breakpoint
ALTER TABLE "category_translations" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "item_tech_data" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "item_translations" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "tech_attributes" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "plant_locations" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_erp_id_uq" ON "categories" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_translations_erp_id_uq" ON "category_translations" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_tech_data_erp_id_uq" ON "item_tech_data" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_translations_erp_id_uq" ON "item_translations" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_erp_id_uq" ON "items" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_attributes_erp_id_uq" ON "tech_attributes" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_erp_id_uq" ON "customers" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_locations_erp_id_uq" ON "plant_locations" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_erp_id_uq" ON "inspections" USING btree ("erp_id");