ALTER TABLE "currencies" ADD COLUMN "demo_payment_target" text;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "payment_target_demo" boolean GENERATED ALWAYS AS (coalesce(payment_target = demo_payment_target, false)) STORED NOT NULL;--> statement-breakpoint
-- A database seeded with the demo before this migration (a development directory, or a
-- production database that got the demo by mistake) still holds its placeholder targets:
-- mark those that were never replaced, so the page and the letters warn about them too.
UPDATE "currencies" AS c SET "demo_payment_target" = d.target
FROM (VALUES
	('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
	('USDTTRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'),
	('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
	('USDTERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
	('USDCERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
	('USDTBEP20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
	('BNBBEP20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
	('LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea'),
	('TON', 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2'),
	('TRX', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'),
	('SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'),
	('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'),
	('SBERRUB', '2202 2000 0000 0008'),
	('TCSBRUB', '2200 7000 0000 0009'),
	('SBPRUB', '+7 900 000-00-00'),
	('ACRUB', '2200 1500 0000 0007'),
	('TBRUB', '2200 2400 0000 0006'),
	('MONOBUAH', '4441 1100 0000 0006'),
	('P24UAH', '5168 7500 0000 0007'),
	('KSPBKZT', '4400 4300 0000 0007'),
	('YAMRUB', '4100 1000 0000 0009'),
	('PRUSD', 'P1000000000'),
	('ADVCUSD', 'payments@obmen.example')
) AS d (url_xml, target)
WHERE c.url_xml = d.url_xml AND c.payment_target = d.target;
