CREATE TYPE "public"."item_link_kind" AS ENUM('accessory', 'order_tip');--> statement-breakpoint
CREATE TYPE "public"."rental_type" AS ENUM('Verhuur', 'Verkoop', 'Verkoop_Terugkoop');--> statement-breakpoint
CREATE TYPE "public"."tech_data_kind" AS ENUM('label', 'text', 'boolean', 'number');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('nl-NL', 'en-US', 'fr-FR', 'de-DE');--> statement-breakpoint
CREATE TYPE "public"."complaint_author" AS ENUM('user', 'department');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('open', 'in_progress', 'resolved', 'closed');--> statement-breakpoint
CREATE TYPE "public"."content_page_kind" AS ENUM('page', 'info', 'news');--> statement-breakpoint
CREATE TYPE "public"."footer_column_name" AS ENUM('footer_column_one', 'footer_column_two', 'footer_column_three');--> statement-breakpoint
CREATE TYPE "public"."mail_type" AS ENUM('UserInvitation', 'UnsubscribePlantLocation', 'NewPlantLocationRequest', 'NewUserRequest', 'UserForgotPassword', 'OrderConfirmation');--> statement-breakpoint
CREATE TYPE "public"."location_role" AS ENUM('user', 'administration');--> statement-breakpoint
CREATE TYPE "public"."exit_condition" AS ENUM('good', 'dirty', 'damaged', 'missing');--> statement-breakpoint
CREATE TYPE "public"."exit_order_file_kind" AS ENUM('image', 'document');--> statement-breakpoint
CREATE TYPE "public"."exit_order_status" AS ENUM('draft', 'final');--> statement-breakpoint
CREATE TYPE "public"."user_kind" AS ENUM('internal', 'external');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'admin');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('initial', 'delivery', 'removal', 'move_in', 'move_out', 'sale', 'correction');--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_memo');--> statement-breakpoint
CREATE TYPE "public"."invoice_line_kind" AS ENUM('rental', 'sale', 'cost', 'credit');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('open', 'paid');--> statement-breakpoint
CREATE TYPE "public"."list_line_kind" AS ENUM('item', 'set');--> statement-breakpoint
CREATE TYPE "public"."order_cost_kind" AS ENUM('transport', 'handling', 'rush', 'other');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('delivery', 'removal', 'move_from', 'move_to', 'transport');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('planned', 'in_transit', 'done', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."inspection_result" AS ENUM('approved', 'approved_with_remarks', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."plant_status" AS ENUM('in_service', 'in_repair', 'retired');--> statement-breakpoint
CREATE TYPE "public"."destination_kind" AS ENUM('work_address', 'depot', 'other_address');--> statement-breakpoint
CREATE TYPE "public"."request_kind" AS ENUM('order', 'removal', 'relocation', 'transport');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('submitted', 'in_progress', 'planned', 'done', 'cancelled', 'rejected');--> statement-breakpoint
CREATE SEQUENCE "public"."complaint_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."exit_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sales_document_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."plant_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."plant_request_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"navision_filter" text,
	"image_file_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" uuid NOT NULL,
	"locale" "locale" NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "category_translations_category_id_locale_pk" PRIMARY KEY("category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "item_links" (
	"item_id" uuid NOT NULL,
	"linked_item_id" uuid NOT NULL,
	"kind" "item_link_kind" NOT NULL,
	"amount" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_links_item_id_kind_linked_item_id_pk" PRIMARY KEY("item_id","kind","linked_item_id")
);
--> statement-breakpoint
CREATE TABLE "item_tech_data" (
	"item_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"boolean_value" boolean,
	"number_value" numeric(14, 3),
	"text_value" jsonb,
	CONSTRAINT "item_tech_data_item_id_attribute_id_pk" PRIMARY KEY("item_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "item_translations" (
	"item_id" uuid NOT NULL,
	"locale" "locale" NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	CONSTRAINT "item_translations_item_id_locale_pk" PRIMARY KEY("item_id","locale")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_no" text NOT NULL,
	"category_id" uuid,
	"rental_type" "rental_type" DEFAULT 'Verhuur' NOT NULL,
	"rental_unit" text DEFAULT 'stuk' NOT NULL,
	"day_price" numeric(12, 2),
	"week_price" numeric(12, 2),
	"sale_price" numeric(12, 2),
	"weight" numeric(12, 3),
	"image_file_id" uuid,
	"numbered" boolean DEFAULT false NOT NULL,
	"inspection_interval_months" integer,
	"searchable" boolean DEFAULT true NOT NULL,
	"visible_in_catalogue" boolean DEFAULT true NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tech_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "tech_data_kind" NOT NULL,
	"unit" text,
	"label" jsonb NOT NULL,
	"filterable" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"author" "complaint_author" NOT NULL,
	"user_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_no" text DEFAULT 'K-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('complaint_no_seq')::text, 6, '0') NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid,
	"item_id" uuid,
	"plant_id" uuid,
	"order_id" uuid,
	"invoice_id" uuid,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"status" "complaint_status" DEFAULT 'open' NOT NULL,
	"expected_resolution_date" date,
	"resolved_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_page_translations" (
	"page_id" uuid NOT NULL,
	"locale" "locale" NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_page_translations_page_id_locale_pk" PRIMARY KEY("page_id","locale")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "content_page_kind" DEFAULT 'page' NOT NULL,
	"name" text NOT NULL,
	"published_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"logo_file_id" uuid,
	"banner_file_id" uuid,
	"favicon_file_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_identity_single_row_ck" CHECK ("corporate_identity"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "footer_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locale" "locale" NOT NULL,
	"column_name" "footer_column_name" NOT NULL,
	"html" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "mail_type" NOT NULL,
	"locale" "locale" NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locale" "locale" NOT NULL,
	"message" text NOT NULL,
	"page_id" uuid,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	"active_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_no" text NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"postcode" text,
	"city" text,
	"country" text DEFAULT 'NL' NOT NULL,
	"phone" text,
	"email" text,
	"vat_no" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "depots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"depot_no" text NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"postcode" text,
	"city" text,
	"phone" text,
	"email" text,
	"for_orders" boolean DEFAULT true NOT NULL,
	"for_removals" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_memberships" (
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"role" "location_role" DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_memberships_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "plant_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_no" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"description" text NOT NULL,
	"description2" text,
	"project_number" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"street" text,
	"postcode" text,
	"city" text,
	"country" text DEFAULT 'NL' NOT NULL,
	"start_date" date,
	"end_date" date,
	"deregistered_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text,
	"city" text NOT NULL,
	"country" text DEFAULT 'NL' NOT NULL,
	"contact_person" text,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid,
	"order_id" uuid,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_attachments_one_owner_ck" CHECK (num_nonnulls("document_attachments"."invoice_id", "document_attachments"."order_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_system_id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"file_id" uuid NOT NULL,
	"document_date" date,
	"location_id" uuid,
	"item_id" uuid,
	"plant_id" uuid,
	"order_id" uuid,
	"invoice_id" uuid,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exit_order_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exit_order_id" uuid NOT NULL,
	"line_id" uuid,
	"kind" "exit_order_file_kind" NOT NULL,
	"file_id" uuid NOT NULL,
	"caption" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exit_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exit_order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"plant_id" uuid,
	"quantity" integer NOT NULL,
	"condition" "exit_condition" DEFAULT 'good' NOT NULL,
	"remarks" text,
	"damage_amount" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "exit_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exit_order_no" text DEFAULT 'X-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('exit_order_no_seq')::text, 6, '0') NOT NULL,
	"location_id" uuid NOT NULL,
	"order_id" uuid,
	"exit_date" date NOT NULL,
	"status" "exit_order_status" DEFAULT 'final' NOT NULL,
	"remarks" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"address" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'reset' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"session_generation" integer NOT NULL,
	"login_type" text DEFAULT 'password' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"kind" "user_kind" DEFAULT 'external' NOT NULL,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_id" uuid,
	"language" text DEFAULT 'nl-NL' NOT NULL,
	"phone" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"oidc_issuer" text,
	"oidc_subject" text,
	"upn" text,
	"session_generation" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid,
	"depot_id" uuid,
	"item_id" uuid NOT NULL,
	"plant_id" uuid,
	"quantity" integer NOT NULL,
	"last_movement_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_one_place_ck" CHECK (num_nonnulls("inventory"."location_id", "inventory"."depot_id") = 1),
	CONSTRAINT "inventory_plant_quantity_ck" CHECK ("inventory"."plant_id" is null or "inventory"."quantity" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "inventory_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_date" date NOT NULL,
	"location_id" uuid,
	"depot_id" uuid,
	"item_id" uuid NOT NULL,
	"plant_id" uuid,
	"quantity" integer NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"order_id" uuid,
	"order_line_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_ledger_one_place_ck" CHECK (num_nonnulls("inventory_ledger"."location_id", "inventory_ledger"."depot_id") = 1),
	CONSTRAINT "inventory_ledger_nonzero_ck" CHECK ("inventory_ledger"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"item_id" uuid,
	"plant_id" uuid,
	"order_id" uuid,
	"description" text NOT NULL,
	"period_from" date,
	"period_to" date,
	"days" integer,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_no" text DEFAULT 'F-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('sales_document_no_seq')::text, 6, '0') NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"status" "invoice_status" DEFAULT 'open' NOT NULL,
	"customer_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"applies_to_invoice_id" uuid,
	"document_date" date NOT NULL,
	"due_date" date NOT NULL,
	"period_from" date,
	"period_to" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"amount_excl_vat" numeric(12, 2) NOT NULL,
	"vat_amount" numeric(12, 2) NOT NULL,
	"amount_incl_vat" numeric(12, 2) NOT NULL,
	"your_reference" text,
	"pdf_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_list_items" (
	"list_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_list_items_list_id_item_id_pk" PRIMARY KEY("list_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_list_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_list_id" uuid NOT NULL,
	"parent_line_id" uuid,
	"kind" "list_line_kind" DEFAULT 'item' NOT NULL,
	"item_id" uuid,
	"set_id" uuid,
	"amount" integer DEFAULT 1 NOT NULL,
	"comment" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_list_lines_target_ck" CHECK (("order_list_lines"."kind" = 'item' and "order_list_lines"."item_id" is not null and "order_list_lines"."set_id" is null) or ("order_list_lines"."kind" = 'set' and "order_list_lines"."set_id" is not null and "order_list_lines"."item_id" is null)),
	CONSTRAINT "order_list_lines_amount_ck" CHECK ("order_list_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"draft" jsonb,
	"draft_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "removal_list_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"removal_list_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"plant_id" uuid,
	"return_amount" integer DEFAULT 1 NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "removal_list_lines_amount_ck" CHECK ("removal_list_lines"."return_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "removal_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "order_cost_kind" NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"request_line_id" uuid,
	"item_id" uuid NOT NULL,
	"plant_id" uuid,
	"quantity" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text DEFAULT 'O-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('plant_order_no_seq')::text, 6, '0') NOT NULL,
	"kind" "order_kind" NOT NULL,
	"status" "order_status" DEFAULT 'planned' NOT NULL,
	"request_id" uuid,
	"location_id" uuid NOT NULL,
	"depot_id" uuid,
	"counterpart_location_id" uuid,
	"linked_order_id" uuid,
	"order_date" date NOT NULL,
	"planned_date" date,
	"executed_date" date,
	"expected_return_date" date,
	"transport_means" text,
	"work_address_id" uuid,
	"street" text,
	"postcode" text,
	"city" text,
	"contact_person" text,
	"phone" text,
	"reference" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plant_id" uuid NOT NULL,
	"inspected_on" date NOT NULL,
	"result" "inspection_result" NOT NULL,
	"next_due_date" date NOT NULL,
	"inspector" text,
	"remarks" text,
	"certificate_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plant_no" text NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid,
	"depot_id" uuid,
	"serial_no" text,
	"build_year" integer,
	"status" "plant_status" DEFAULT 'in_service' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plants_one_place_ck" CHECK (num_nonnulls("plants"."location_id", "plants"."depot_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"page" text NOT NULL,
	"locale" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_values" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_overrides" (
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_locale_key_pk" PRIMARY KEY("locale","key")
);
--> statement-breakpoint
CREATE TABLE "plant_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_no" text DEFAULT 'A-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('plant_request_no_seq')::text, 6, '0') NOT NULL,
	"kind" "request_kind" NOT NULL,
	"status" "request_status" DEFAULT 'submitted' NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid,
	"order_list_id" uuid,
	"idempotency_key" text,
	"requested_date" date NOT NULL,
	"expected_return_date" date,
	"transport_means" text,
	"collect" boolean DEFAULT false NOT NULL,
	"rush" boolean DEFAULT false NOT NULL,
	"terms_accepted" boolean DEFAULT false NOT NULL,
	"destination_kind" "destination_kind",
	"depot_id" uuid,
	"work_address_id" uuid,
	"target_location_id" uuid,
	"address_code" text,
	"street" text,
	"postcode" text,
	"city" text,
	"contact_person" text,
	"phone" text,
	"origin_work_address_id" uuid,
	"origin_street" text,
	"origin_postcode" text,
	"origin_city" text,
	"origin_contact_person" text,
	"origin_phone" text,
	"loading_from" time,
	"loading_until" time,
	"unloading_date" date,
	"unloading_from" time,
	"unloading_until" time,
	"cargo" text,
	"reference" text,
	"comment" text,
	"planned_date" date,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"parent_line_id" uuid,
	"line_no" integer NOT NULL,
	"item_id" uuid,
	"set_id" uuid,
	"plant_id" uuid,
	"amount" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_lines_target_ck" CHECK (num_nonnulls("request_lines"."item_id", "request_lines"."set_id") = 1),
	CONSTRAINT "request_lines_amount_ck" CHECK ("request_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "request_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" "request_status",
	"to_status" "request_status" NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "set_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"parent_line_id" uuid,
	"line_no" integer NOT NULL,
	"item_id" uuid,
	"child_set_id" uuid,
	"amount" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "set_lines_one_target_ck" CHECK (num_nonnulls("set_lines"."item_id", "set_lines"."child_set_id") = 1),
	CONSTRAINT "set_lines_amount_ck" CHECK ("set_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "set_translations" (
	"set_id" uuid NOT NULL,
	"locale" "locale" NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	CONSTRAINT "set_translations_set_id_locale_pk" PRIMARY KEY("set_id","locale")
);
--> statement-breakpoint
CREATE TABLE "sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_no" text NOT NULL,
	"image_file_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_links" ADD CONSTRAINT "item_links_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_links" ADD CONSTRAINT "item_links_linked_item_id_items_id_fk" FOREIGN KEY ("linked_item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tech_data" ADD CONSTRAINT "item_tech_data_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tech_data" ADD CONSTRAINT "item_tech_data_attribute_id_tech_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."tech_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_translations" ADD CONSTRAINT "item_translations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_documents" ADD CONSTRAINT "complaint_documents_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_documents" ADD CONSTRAINT "complaint_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_documents" ADD CONSTRAINT "complaint_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_lines" ADD CONSTRAINT "complaint_lines_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_lines" ADD CONSTRAINT "complaint_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_page_translations" ADD CONSTRAINT "content_page_translations_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_identity" ADD CONSTRAINT "corporate_identity_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_identity" ADD CONSTRAINT "corporate_identity_banner_file_id_files_id_fk" FOREIGN KEY ("banner_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_identity" ADD CONSTRAINT "corporate_identity_favicon_file_id_files_id_fk" FOREIGN KEY ("favicon_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_identity" ADD CONSTRAINT "corporate_identity_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footer_columns" ADD CONSTRAINT "footer_columns_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_memberships" ADD CONSTRAINT "location_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_memberships" ADD CONSTRAINT "location_memberships_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_locations" ADD CONSTRAINT "plant_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_locations" ADD CONSTRAINT "plant_locations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_addresses" ADD CONSTRAINT "work_addresses_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_files" ADD CONSTRAINT "exit_order_files_exit_order_id_exit_orders_id_fk" FOREIGN KEY ("exit_order_id") REFERENCES "public"."exit_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_files" ADD CONSTRAINT "exit_order_files_line_id_exit_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."exit_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_files" ADD CONSTRAINT "exit_order_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_lines" ADD CONSTRAINT "exit_order_lines_exit_order_id_exit_orders_id_fk" FOREIGN KEY ("exit_order_id") REFERENCES "public"."exit_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_lines" ADD CONSTRAINT "exit_order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_order_lines" ADD CONSTRAINT "exit_order_lines_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_orders" ADD CONSTRAINT "exit_orders_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_orders" ADD CONSTRAINT "exit_orders_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_orders" ADD CONSTRAINT "exit_orders_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_applies_to_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("applies_to_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_list_items" ADD CONSTRAINT "favourite_list_items_list_id_favourite_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."favourite_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_list_items" ADD CONSTRAINT "favourite_list_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_lists" ADD CONSTRAINT "favourite_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_lists" ADD CONSTRAINT "favourite_lists_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_order_list_id_order_lists_id_fk" FOREIGN KEY ("order_list_id") REFERENCES "public"."order_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_parent_line_id_order_list_lines_id_fk" FOREIGN KEY ("parent_line_id") REFERENCES "public"."order_list_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_lines" ADD CONSTRAINT "order_list_lines_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_list_lines" ADD CONSTRAINT "removal_list_lines_removal_list_id_removal_lists_id_fk" FOREIGN KEY ("removal_list_id") REFERENCES "public"."removal_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_list_lines" ADD CONSTRAINT "removal_list_lines_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_list_lines" ADD CONSTRAINT "removal_list_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_list_lines" ADD CONSTRAINT "removal_list_lines_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_lists" ADD CONSTRAINT "removal_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_lists" ADD CONSTRAINT "removal_lists_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_costs" ADD CONSTRAINT "order_costs_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_plant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."plant_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_request_line_id_request_lines_id_fk" FOREIGN KEY ("request_line_id") REFERENCES "public"."request_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_request_id_plant_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."plant_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_counterpart_location_id_plant_locations_id_fk" FOREIGN KEY ("counterpart_location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_linked_order_id_plant_orders_id_fk" FOREIGN KEY ("linked_order_id") REFERENCES "public"."plant_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_orders" ADD CONSTRAINT "plant_orders_work_address_id_work_addresses_id_fk" FOREIGN KEY ("work_address_id") REFERENCES "public"."work_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_values" ADD CONSTRAINT "setting_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_location_id_plant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_order_list_id_order_lists_id_fk" FOREIGN KEY ("order_list_id") REFERENCES "public"."order_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_depot_id_depots_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."depots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_work_address_id_work_addresses_id_fk" FOREIGN KEY ("work_address_id") REFERENCES "public"."work_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_target_location_id_plant_locations_id_fk" FOREIGN KEY ("target_location_id") REFERENCES "public"."plant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_requests" ADD CONSTRAINT "plant_requests_origin_work_address_id_work_addresses_id_fk" FOREIGN KEY ("origin_work_address_id") REFERENCES "public"."work_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_request_id_plant_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."plant_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_parent_line_id_request_lines_id_fk" FOREIGN KEY ("parent_line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_request_id_plant_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."plant_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_history" ADD CONSTRAINT "request_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_lines" ADD CONSTRAINT "set_lines_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_lines" ADD CONSTRAINT "set_lines_parent_line_id_set_lines_id_fk" FOREIGN KEY ("parent_line_id") REFERENCES "public"."set_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_lines" ADD CONSTRAINT "set_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_lines" ADD CONSTRAINT "set_lines_child_set_id_sets_id_fk" FOREIGN KEY ("child_set_id") REFERENCES "public"."sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_translations" ADD CONSTRAINT "set_translations_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sets" ADD CONSTRAINT "sets_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code_uq" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "categories_parent_sort_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "categories_image_idx" ON "categories" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "item_links_linked_idx" ON "item_links" USING btree ("linked_item_id");--> statement-breakpoint
CREATE INDEX "item_tech_data_bool_idx" ON "item_tech_data" USING btree ("attribute_id","boolean_value","item_id");--> statement-breakpoint
CREATE INDEX "item_tech_data_number_idx" ON "item_tech_data" USING btree ("attribute_id","number_value","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_item_no_uq" ON "items" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "items_category_sort_idx" ON "items" USING btree ("category_id","sort","item_no");--> statement-breakpoint
CREATE INDEX "items_image_idx" ON "items" USING btree ("image_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tech_attributes_code_uq" ON "tech_attributes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "complaint_documents_complaint_idx" ON "complaint_documents" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_documents_file_idx" ON "complaint_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "complaint_documents_uploaded_by_idx" ON "complaint_documents" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "complaint_lines_complaint_idx" ON "complaint_lines" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_lines_user_idx" ON "complaint_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_no_uq" ON "complaints" USING btree ("complaint_no");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_idempotency_uq" ON "complaints" USING btree ("user_id","idempotency_key") WHERE "complaints"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "complaints_location_status_idx" ON "complaints" USING btree ("location_id","status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_item_idx" ON "complaints" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "complaints_plant_idx" ON "complaints" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_invoice_idx" ON "complaints" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "content_pages_kind_idx" ON "content_pages" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "content_pages_created_by_idx" ON "content_pages" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "content_pages_updated_by_idx" ON "content_pages" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "corporate_identity_logo_idx" ON "corporate_identity" USING btree ("logo_file_id");--> statement-breakpoint
CREATE INDEX "corporate_identity_banner_idx" ON "corporate_identity" USING btree ("banner_file_id");--> statement-breakpoint
CREATE INDEX "corporate_identity_favicon_idx" ON "corporate_identity" USING btree ("favicon_file_id");--> statement-breakpoint
CREATE INDEX "corporate_identity_updated_by_idx" ON "corporate_identity" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "footer_columns_locale_column_uq" ON "footer_columns" USING btree ("locale","column_name");--> statement-breakpoint
CREATE INDEX "footer_columns_updated_by_idx" ON "footer_columns" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_type_locale_uq" ON "mail_templates" USING btree ("type","locale");--> statement-breakpoint
CREATE INDEX "mail_templates_updated_by_idx" ON "mail_templates" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "service_messages_locale_active_idx" ON "service_messages" USING btree ("locale","active_from");--> statement-breakpoint
CREATE INDEX "service_messages_page_idx" ON "service_messages" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "service_messages_created_by_idx" ON "service_messages" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_no_uq" ON "customers" USING btree ("customer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "depots_no_uq" ON "depots" USING btree ("depot_no");--> statement-breakpoint
CREATE INDEX "location_memberships_location_idx" ON "location_memberships" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_locations_no_uq" ON "plant_locations" USING btree ("location_no");--> statement-breakpoint
CREATE INDEX "plant_locations_customer_idx" ON "plant_locations" USING btree ("customer_id","location_no");--> statement-breakpoint
CREATE INDEX "plant_locations_created_by_idx" ON "plant_locations" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "work_addresses_location_code_uq" ON "work_addresses" USING btree ("location_id","code");--> statement-breakpoint
CREATE INDEX "document_attachments_invoice_idx" ON "document_attachments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "document_attachments_order_idx" ON "document_attachments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "document_attachments_file_idx" ON "document_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_system_id_uq" ON "documents" USING btree ("document_system_id");--> statement-breakpoint
CREATE INDEX "documents_file_idx" ON "documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "documents_location_idx" ON "documents" USING btree ("location_id","category");--> statement-breakpoint
CREATE INDEX "documents_item_idx" ON "documents" USING btree ("item_id","category");--> statement-breakpoint
CREATE INDEX "documents_plant_idx" ON "documents" USING btree ("plant_id","category");--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "documents_invoice_idx" ON "documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "documents_uploaded_by_idx" ON "documents" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "exit_order_files_exit_order_idx" ON "exit_order_files" USING btree ("exit_order_id","kind","sort");--> statement-breakpoint
CREATE INDEX "exit_order_files_line_idx" ON "exit_order_files" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "exit_order_files_file_idx" ON "exit_order_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "exit_order_lines_exit_order_idx" ON "exit_order_lines" USING btree ("exit_order_id","line_no");--> statement-breakpoint
CREATE INDEX "exit_order_lines_item_idx" ON "exit_order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "exit_order_lines_plant_idx" ON "exit_order_lines" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_orders_no_uq" ON "exit_orders" USING btree ("exit_order_no");--> statement-breakpoint
CREATE INDEX "exit_orders_location_date_idx" ON "exit_orders" USING btree ("location_id","exit_date");--> statement-breakpoint
CREATE INDEX "exit_orders_order_idx" ON "exit_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "exit_orders_recorded_by_idx" ON "exit_orders" USING btree ("recorded_by");--> statement-breakpoint
CREATE INDEX "login_attempts_subject_time_idx" ON "login_attempts" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_uq" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_uq" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_location_item_uq" ON "inventory" USING btree ("location_id","item_id") WHERE "inventory"."plant_id" is null and "inventory"."location_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_depot_item_uq" ON "inventory" USING btree ("depot_id","item_id") WHERE "inventory"."plant_id" is null and "inventory"."depot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_plant_uq" ON "inventory" USING btree ("plant_id") WHERE "inventory"."plant_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_location_idx" ON "inventory" USING btree ("location_id","item_id");--> statement-breakpoint
CREATE INDEX "inventory_depot_idx" ON "inventory" USING btree ("depot_id","item_id");--> statement-breakpoint
CREATE INDEX "inventory_item_idx" ON "inventory" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_location_item_date_idx" ON "inventory_ledger" USING btree ("location_id","item_id","entry_date");--> statement-breakpoint
CREATE INDEX "inventory_ledger_depot_item_date_idx" ON "inventory_ledger" USING btree ("depot_id","item_id","entry_date");--> statement-breakpoint
CREATE INDEX "inventory_ledger_plant_date_idx" ON "inventory_ledger" USING btree ("plant_id","entry_date");--> statement-breakpoint
CREATE INDEX "inventory_ledger_item_date_idx" ON "inventory_ledger" USING btree ("item_id","entry_date");--> statement-breakpoint
CREATE INDEX "inventory_ledger_order_idx" ON "inventory_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_order_line_idx" ON "inventory_ledger" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_created_by_idx" ON "inventory_ledger" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_invoice_idx" ON "sales_invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_item_idx" ON "sales_invoice_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_plant_idx" ON "sales_invoice_lines" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_lines_order_idx" ON "sales_invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_no_uq" ON "sales_invoices" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "sales_invoices_location_date_idx" ON "sales_invoices" USING btree ("location_id","document_date");--> statement-breakpoint
CREATE INDEX "sales_invoices_customer_date_idx" ON "sales_invoices" USING btree ("customer_id","document_date");--> statement-breakpoint
CREATE INDEX "sales_invoices_applies_to_idx" ON "sales_invoices" USING btree ("applies_to_invoice_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_pdf_idx" ON "sales_invoices" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "favourite_list_items_item_idx" ON "favourite_list_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "favourite_lists_user_location_idx" ON "favourite_lists" USING btree ("user_id","location_id");--> statement-breakpoint
CREATE INDEX "favourite_lists_location_idx" ON "favourite_lists" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "order_list_lines_list_idx" ON "order_list_lines" USING btree ("order_list_id","sort");--> statement-breakpoint
CREATE INDEX "order_list_lines_parent_idx" ON "order_list_lines" USING btree ("parent_line_id");--> statement-breakpoint
CREATE INDEX "order_list_lines_item_idx" ON "order_list_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_list_lines_set_idx" ON "order_list_lines" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "order_lists_user_location_idx" ON "order_lists" USING btree ("user_id","location_id");--> statement-breakpoint
CREATE INDEX "order_lists_location_idx" ON "order_lists" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "removal_list_lines_key_uq" ON "removal_list_lines" USING btree ("removal_list_id","location_id","item_id",coalesce("plant_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "removal_list_lines_location_item_idx" ON "removal_list_lines" USING btree ("location_id","item_id");--> statement-breakpoint
CREATE INDEX "removal_list_lines_item_idx" ON "removal_list_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "removal_list_lines_plant_idx" ON "removal_list_lines" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "removal_lists_user_location_uq" ON "removal_lists" USING btree ("user_id","location_id");--> statement-breakpoint
CREATE INDEX "removal_lists_location_idx" ON "removal_lists" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "order_costs_order_idx" ON "order_costs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "order_lines_request_line_idx" ON "order_lines" USING btree ("request_line_id");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_lines_plant_idx" ON "order_lines" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_orders_no_uq" ON "plant_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "plant_orders_location_kind_idx" ON "plant_orders" USING btree ("location_id","kind","order_date");--> statement-breakpoint
CREATE INDEX "plant_orders_request_idx" ON "plant_orders" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "plant_orders_depot_idx" ON "plant_orders" USING btree ("depot_id");--> statement-breakpoint
CREATE INDEX "plant_orders_counterpart_idx" ON "plant_orders" USING btree ("counterpart_location_id");--> statement-breakpoint
CREATE INDEX "plant_orders_linked_idx" ON "plant_orders" USING btree ("linked_order_id");--> statement-breakpoint
CREATE INDEX "plant_orders_work_address_idx" ON "plant_orders" USING btree ("work_address_id");--> statement-breakpoint
CREATE INDEX "plant_orders_status_idx" ON "plant_orders" USING btree ("status","planned_date");--> statement-breakpoint
CREATE INDEX "inspections_plant_date_idx" ON "inspections" USING btree ("plant_id","inspected_on");--> statement-breakpoint
CREATE INDEX "inspections_next_due_idx" ON "inspections" USING btree ("next_due_date");--> statement-breakpoint
CREATE INDEX "inspections_certificate_idx" ON "inspections" USING btree ("certificate_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plants_plant_no_uq" ON "plants" USING btree ("plant_no");--> statement-breakpoint
CREATE INDEX "plants_item_idx" ON "plants" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "plants_location_idx" ON "plants" USING btree ("location_id","item_id");--> statement-breakpoint
CREATE INDEX "plants_depot_idx" ON "plants" USING btree ("depot_id","item_id");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "page_views_time_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_page_idx" ON "page_views" USING btree ("page");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_requests_no_uq" ON "plant_requests" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "plant_requests_idempotency_uq" ON "plant_requests" USING btree ("user_id","idempotency_key") WHERE "plant_requests"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_location_status_idx" ON "plant_requests" USING btree ("location_id","status","created_at");--> statement-breakpoint
CREATE INDEX "plant_requests_status_idx" ON "plant_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "plant_requests_user_idx" ON "plant_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plant_requests_order_list_idx" ON "plant_requests" USING btree ("order_list_id");--> statement-breakpoint
CREATE INDEX "plant_requests_depot_idx" ON "plant_requests" USING btree ("depot_id");--> statement-breakpoint
CREATE INDEX "plant_requests_work_address_idx" ON "plant_requests" USING btree ("work_address_id");--> statement-breakpoint
CREATE INDEX "plant_requests_origin_work_address_idx" ON "plant_requests" USING btree ("origin_work_address_id");--> statement-breakpoint
CREATE INDEX "plant_requests_target_location_idx" ON "plant_requests" USING btree ("target_location_id");--> statement-breakpoint
CREATE INDEX "request_lines_request_idx" ON "request_lines" USING btree ("request_id","line_no");--> statement-breakpoint
CREATE INDEX "request_lines_parent_idx" ON "request_lines" USING btree ("parent_line_id");--> statement-breakpoint
CREATE INDEX "request_lines_item_idx" ON "request_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "request_lines_set_idx" ON "request_lines" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "request_lines_plant_idx" ON "request_lines" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "request_status_history_request_idx" ON "request_status_history" USING btree ("request_id","changed_at");--> statement-breakpoint
CREATE INDEX "request_status_history_changed_by_idx" ON "request_status_history" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "set_lines_set_idx" ON "set_lines" USING btree ("set_id","line_no");--> statement-breakpoint
CREATE INDEX "set_lines_parent_idx" ON "set_lines" USING btree ("parent_line_id");--> statement-breakpoint
CREATE INDEX "set_lines_item_idx" ON "set_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "set_lines_child_set_idx" ON "set_lines" USING btree ("child_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sets_set_no_uq" ON "sets" USING btree ("set_no");--> statement-breakpoint
CREATE INDEX "sets_image_idx" ON "sets" USING btree ("image_file_id");