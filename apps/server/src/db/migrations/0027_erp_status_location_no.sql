ALTER TYPE "public"."erp_outbox_kind" ADD VALUE 'statusChange';--> statement-breakpoint
CREATE SEQUENCE "public"."location_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "location_requests" ADD COLUMN "request_no" text DEFAULT 'L-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('location_request_no_seq')::text, 6, '0') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "location_requests_no_uq" ON "location_requests" USING btree ("request_no");