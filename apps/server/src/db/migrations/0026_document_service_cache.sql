CREATE TABLE "document_service_cache" (
	"object_id" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"change_token" text,
	"size" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_service_cache" ADD CONSTRAINT "document_service_cache_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_service_cache_used_idx" ON "document_service_cache" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "document_service_cache_file_idx" ON "document_service_cache" USING btree ("file_id");