CREATE TYPE "public"."erp_outbox_aggregate" AS ENUM('plant_request', 'location_request', 'complaint');--> statement-breakpoint
CREATE TYPE "public"."erp_outbox_kind" AS ENUM('request', 'cancellation', 'locationRequest', 'complaint');--> statement-breakpoint
CREATE TYPE "public"."erp_outbox_status" AS ENUM('waiting', 'sending', 'sent', 'dead');--> statement-breakpoint
CREATE TABLE "erp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "erp_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "erp_outbox_kind" NOT NULL,
	"document_no" text NOT NULL,
	"aggregate_kind" "erp_outbox_aggregate" NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "erp_outbox_status" DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_params" jsonb,
	"erp_id" text,
	"etag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "erp_outbox_due_idx" ON "erp_outbox" USING btree ("next_attempt_at","seq") WHERE "erp_outbox"."status" in ('waiting', 'sending');--> statement-breakpoint
CREATE INDEX "erp_outbox_aggregate_idx" ON "erp_outbox" USING btree ("aggregate_id","seq");--> statement-breakpoint
CREATE INDEX "erp_outbox_status_idx" ON "erp_outbox" USING btree ("status","seq");