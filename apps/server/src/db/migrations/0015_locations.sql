CREATE TYPE "public"."location_request_status" AS ENUM('open', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "location_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" uuid,
	"description" text NOT NULL,
	"description2" text,
	"project_number" text,
	"street" text,
	"postcode" text,
	"city" text,
	"start_date" date,
	"end_date" date,
	"comment" text,
	"status" "location_request_status" DEFAULT 'open' NOT NULL,
	"location_id" uuid,
	"reject_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_locations" ADD COLUMN "deregistration_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plant_locations" ADD COLUMN "buy_off_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "location_requests" ADD CONSTRAINT "location_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_requests" ADD CONSTRAINT "location_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_requests" ADD CONSTRAINT "location_requests_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_requests" ADD CONSTRAINT "location_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_requests_status_idx" ON "location_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "location_requests_user_idx" ON "location_requests" USING btree ("user_id");