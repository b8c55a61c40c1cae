-- The source of `create_withdrawal`: the migrations hold copies of it. To change the function,
-- edit this file and run `npm run db:functions`, which writes a migration with the new text
-- (packages/db/README.md). packages/db/test/sql-functions.test.ts fails while this file, the
-- latest migration's copy and a migrated database disagree.
--
-- A partner's withdrawal request in one call, so one round trip (issue 18's
-- withdrawal_create_rps; the app's side is apps/api/src/affiliate/withdrawals/create-withdrawal.ts,
-- which has checked the payout details, the minimum and the places first). The partner's row
-- is locked, so two requests of one partner, from any process, check its balance one at a
-- time; the available balance is summed from the ledger (never stored); then the request, its
-- `withdrawal_hold` entry and the entry's two lines (available → on_hold) are written.
--
-- Outcomes (jsonb `outcome`): `created` with the request's `id`, `amount` and `created_at`;
-- `insufficient` with the `available` balance (nothing written).
CREATE OR REPLACE FUNCTION "create_withdrawal"(
	p_partner_id uuid,
	p_currency_id integer,
	p_currency text,
	p_amount numeric,
	p_fields jsonb
) RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
	available numeric;
	new_id integer;
	new_created_at timestamptz;
	new_entry_id bigint;
BEGIN
	PERFORM 1 FROM affiliate_partners WHERE user_id = p_partner_id FOR UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'insufficient', 'available', '0');
	END IF;
	SELECT coalesce(sum(l.amount), 0) INTO available
	FROM affiliate_ledger_lines l
	WHERE l.partner_id = p_partner_id AND l.account = 'available';
	IF available < p_amount THEN
		RETURN jsonb_build_object('outcome', 'insufficient', 'available', available::text);
	END IF;
	INSERT INTO affiliate_withdrawals (partner_id, currency_id, currency, amount, fields)
	VALUES (p_partner_id, p_currency_id, p_currency, p_amount, p_fields)
	RETURNING id, created_at INTO new_id, new_created_at;
	INSERT INTO affiliate_ledger_entries (kind, partner_id, currency, withdrawal_id)
	VALUES ('withdrawal_hold', p_partner_id, p_currency, new_id)
	RETURNING id INTO new_entry_id;
	INSERT INTO affiliate_ledger_lines (entry_id, partner_id, account, amount)
	VALUES (new_entry_id, p_partner_id, 'available', -p_amount),
		(new_entry_id, p_partner_id, 'on_hold', p_amount);
	RETURN jsonb_build_object(
		'outcome', 'created',
		'id', new_id,
		'amount', p_amount::text,
		'created_at', new_created_at
	);
END;
$$;
