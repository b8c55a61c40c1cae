-- Written by `npm run db:functions` from packages/db/sql/functions/create_withdrawal.sql.
-- A withdrawal request in one round trip instead of a seven-statement transaction (issue 18's
-- withdrawal_create_rps).
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
