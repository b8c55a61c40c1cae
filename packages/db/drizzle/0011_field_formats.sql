ALTER TABLE "currency_fields" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "currency_fields" ADD CONSTRAINT "currency_fields_format_check" CHECK ("currency_fields"."format" is null or (format = 'yoomoney_wallet' and type = 'text') or (format = 'payeer_account' and type = 'text') or (format = 'advcash_usd_wallet' and type = 'text') or (format = 'iban' and type = 'text') or (format = 'sbp_phone' and type = 'phone'));--> statement-breakpoint
-- A catalogue seeded with the demo before this migration gets the formats a new seed gives:
-- the demo's e-wallet accounts and SBP phones, found by the demo's codes and keys.
UPDATE "currency_fields" AS f SET "format" = d.format
FROM "currencies" AS c, (VALUES
	('YAMRUB', 'text', 'yoomoney_wallet'),
	('PRUSD', 'text', 'payeer_account'),
	('ADVCUSD', 'text', 'advcash_usd_wallet'),
	('SBPRUB', 'phone', 'sbp_phone')
) AS d (url_xml, type, format)
WHERE f.currency_id = c.id AND c.url_xml = d.url_xml AND f.type = d.type
	AND f.key IN ('send_account', 'receive_account', 'send_phone', 'receive_phone') AND f.format IS NULL;
