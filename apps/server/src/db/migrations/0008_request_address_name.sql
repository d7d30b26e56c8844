ALTER TABLE "plant_requests" ADD COLUMN "address_name" text;--> statement-breakpoint
-- The requests made before: the name of their work address as it is now.
UPDATE "plant_requests" r SET "address_name" = w."name" FROM "work_addresses" w WHERE w."id" = r."work_address_id";
