-- A per-currency reserve warning for the console (decision 038): null means none.
ALTER TABLE "currencies" ADD COLUMN "reserve_warning" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_reserve_warning_check" CHECK ("currencies"."reserve_warning" >= 0);