-- Write path (docs/decisions/0011). Foreign-key indexes on columns that are mostly empty become partial
-- (`where … is not null`): an order line without a parent, set or plant, an order without depot, work address,
-- origin or target adds no entry to them, while the foreign-key lookups (`= id`) still use them. The last
-- request of an order list (savedRequestNo, read on every change of the list) is the end of an index range
-- (order_list_id, created_at) instead of a sort of every request of the list.
DROP INDEX "order_list_lines_parent_idx";--> statement-breakpoint
DROP INDEX "order_list_lines_item_idx";--> statement-breakpoint
DROP INDEX "order_list_lines_set_idx";--> statement-breakpoint
DROP INDEX "plant_requests_order_list_idx";--> statement-breakpoint
DROP INDEX "plant_requests_depot_idx";--> statement-breakpoint
DROP INDEX "plant_requests_work_address_idx";--> statement-breakpoint
DROP INDEX "plant_requests_origin_work_address_idx";--> statement-breakpoint
DROP INDEX "plant_requests_target_location_idx";--> statement-breakpoint
DROP INDEX "request_lines_parent_idx";--> statement-breakpoint
DROP INDEX "request_lines_item_idx";--> statement-breakpoint
DROP INDEX "request_lines_set_idx";--> statement-breakpoint
DROP INDEX "request_lines_plant_idx";--> statement-breakpoint
CREATE INDEX "order_list_lines_parent_idx" ON "order_list_lines" USING btree ("parent_line_id") WHERE "order_list_lines"."parent_line_id" is not null;--> statement-breakpoint
CREATE INDEX "order_list_lines_item_idx" ON "order_list_lines" USING btree ("item_id") WHERE "order_list_lines"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "order_list_lines_set_idx" ON "order_list_lines" USING btree ("set_id") WHERE "order_list_lines"."set_id" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_order_list_idx" ON "plant_requests" USING btree ("order_list_id","created_at") WHERE "plant_requests"."order_list_id" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_depot_idx" ON "plant_requests" USING btree ("depot_id") WHERE "plant_requests"."depot_id" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_work_address_idx" ON "plant_requests" USING btree ("work_address_id") WHERE "plant_requests"."work_address_id" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_origin_work_address_idx" ON "plant_requests" USING btree ("origin_work_address_id") WHERE "plant_requests"."origin_work_address_id" is not null;--> statement-breakpoint
CREATE INDEX "plant_requests_target_location_idx" ON "plant_requests" USING btree ("target_location_id") WHERE "plant_requests"."target_location_id" is not null;--> statement-breakpoint
CREATE INDEX "request_lines_parent_idx" ON "request_lines" USING btree ("parent_line_id") WHERE "request_lines"."parent_line_id" is not null;--> statement-breakpoint
CREATE INDEX "request_lines_item_idx" ON "request_lines" USING btree ("item_id") WHERE "request_lines"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "request_lines_set_idx" ON "request_lines" USING btree ("set_id") WHERE "request_lines"."set_id" is not null;--> statement-breakpoint
CREATE INDEX "request_lines_plant_idx" ON "request_lines" USING btree ("plant_id") WHERE "request_lines"."plant_id" is not null;