ALTER TABLE "plant_requests" ADD COLUMN "transport_item_no" text;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD COLUMN "appointment_code" text;