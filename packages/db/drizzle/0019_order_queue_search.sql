-- The order desk's search at a million orders (decision 038): an e-mail by its start, an amount
-- exactly, a field value exactly; each an index scan instead of reading every order.
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_send_amount_idx" ON "orders" USING btree ("send_amount");--> statement-breakpoint
CREATE INDEX "orders_receive_amount_idx" ON "orders" USING btree ("receive_amount");--> statement-breakpoint
CREATE INDEX "orders_fields_values_idx" ON "orders" USING gin ("fields" jsonb_path_ops);