ALTER TABLE "plant_requests" ADD COLUMN "rush_item_no" text;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD COLUMN "comment_code" text;