CREATE TYPE "public"."invoice_price_unit" AS ENUM('day', 'week');--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD COLUMN "price_unit" "invoice_price_unit";--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD COLUMN "unit_count" integer;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_price_unit_ck" CHECK (("sales_invoice_lines"."price_unit" is null) = ("sales_invoice_lines"."unit_count" is null));--> statement-breakpoint
-- Rent lines written before (issue #31 item 16): a line whose amount is its quantity × days × day price (less the
-- discount) was priced by the day and says so now; a line priced with weeks did not record it and keeps no unit.
UPDATE "sales_invoice_lines" SET "price_unit" = 'day', "unit_count" = "days"
WHERE "kind" = 'rental' AND "days" IS NOT NULL
  AND "amount" = round("quantity" * "days" * "unit_price" * (100 - "discount_percent") / 100, 2);
