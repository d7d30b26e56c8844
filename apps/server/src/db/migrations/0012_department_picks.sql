CREATE TABLE "request_line_plants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"request_line_id" uuid NOT NULL,
	"plant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_line_plants" ADD CONSTRAINT "request_line_plants_request_id_plant_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."plant_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_line_plants" ADD CONSTRAINT "request_line_plants_request_line_id_request_lines_id_fk" FOREIGN KEY ("request_line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_line_plants" ADD CONSTRAINT "request_line_plants_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_line_plants_plant_uq" ON "request_line_plants" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "request_line_plants_request_idx" ON "request_line_plants" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_line_plants_line_idx" ON "request_line_plants" USING btree ("request_line_id");