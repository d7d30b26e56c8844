-- A planted bad migration for migration-lint.unit.test.ts: every statement on an existing table breaks a rule;
-- the same statements on the table this migration creates are fine.
CREATE TABLE "lint_fixture_new" ("id" uuid PRIMARY KEY, "n" integer);--> statement-breakpoint
CREATE INDEX "lint_fixture_new_n_idx" ON "lint_fixture_new" USING btree ("n");--> statement-breakpoint
ALTER TABLE "lint_fixture_new" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "stamp" timestamp with time zone DEFAULT clock_timestamp();--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET DATA TYPE varchar(200);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "badge" text NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_ck" CHECK ("size" >= 0);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_sha_ck" CHECK ("sha256" <> '') NOT VALID;
