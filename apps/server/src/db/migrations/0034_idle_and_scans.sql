ALTER TYPE "public"."mail_type" ADD VALUE 'IdleDigest';--> statement-breakpoint
CREATE TABLE "idle_digest_runs" (
	"location_id" uuid NOT NULL,
	"week" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idle_digest_runs_location_id_week_pk" PRIMARY KEY("location_id","week")
);
--> statement-breakpoint
CREATE TABLE "plant_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "idle_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idle_digest_runs" ADD CONSTRAINT "idle_digest_runs_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_scans" ADD CONSTRAINT "plant_scans_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_scans" ADD CONSTRAINT "plant_scans_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_scans" ADD CONSTRAINT "plant_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_scans_location_plant_idx" ON "plant_scans" USING btree ("location_id","plant_id","scanned_at");--> statement-breakpoint
CREATE INDEX "plant_scans_plant_idx" ON "plant_scans" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "plant_scans_user_idx" ON "plant_scans" USING btree ("user_id");--> statement-breakpoint
-- A scan is a movement of the idle rule (decision 0034): it raises the location's stock revision like an inspection
-- does (migration 0009), so a kept stock read is read again.
CREATE TRIGGER plant_scans_stock_revision_ins AFTER INSERT ON plant_scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.bump_stock_revision();
