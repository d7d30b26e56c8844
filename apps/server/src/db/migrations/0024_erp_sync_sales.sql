ALTER TABLE "users" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "erp_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "users_erp_id_uq" ON "users" USING btree ("erp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_erp_id_uq" ON "sales_invoices" USING btree ("erp_id");