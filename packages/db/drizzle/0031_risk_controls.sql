CREATE TABLE "blacklist_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"shown" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_entries_kind_value_unique" UNIQUE("kind","value"),
	CONSTRAINT "blacklist_entries_kind_check" CHECK ("blacklist_entries"."kind" in ('email', 'wallet', 'card', 'ip'))
);
--> statement-breakpoint
CREATE TABLE "order_risk_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text,
	"shown" text,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_risk_flags_source_check" CHECK ("order_risk_flags"."source" in ('blacklist', 'blocked_customer', 'aml'))
);
--> statement-breakpoint
ALTER TABLE "operators" DROP CONSTRAINT "operators_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_flags" ADD CONSTRAINT "order_risk_flags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_risk_flags_order_idx" ON "order_risk_flags" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'operator', 'desk', 'editor'));