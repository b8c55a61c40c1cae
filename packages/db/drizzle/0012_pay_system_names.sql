ALTER TABLE "pay_systems" ADD COLUMN "name_ru" text;--> statement-breakpoint
ALTER TABLE "pay_systems" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "pay_systems" ADD COLUMN "name_uk" text;