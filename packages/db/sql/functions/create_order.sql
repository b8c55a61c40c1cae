-- The source of `create_order`: the migrations hold copies of it. To change the function, edit
-- this file and run `npm run db:functions`, which writes a migration with the new text
-- (packages/db/README.md). packages/db/test/sql-functions.test.ts fails while this file, the
-- latest migration's copy and a migrated database disagree.
--
-- A new order in one call, so one round trip (docs/decisions/012-order-create-single-call.md).
-- The caller (apps/api/src/orders/create/insert-new-orders.ts) has checked the form and built
-- the customer's e-mail from its quote and from where it believes the customer pays; this checks
-- both against the database, takes the reserve hold and writes the order, its `new` event and
-- its e-mail (as the content the outbox renders on delivery: decision 013), and answers with an
-- outcome. It never raises for a refusal, and writes nothing before every check has passed, so
-- several calls can share one statement (a batch) and one refused order leaves the others alone.
--
-- When the order came with an affiliate `rid` (`p_rid`, null when none), the referral to that
-- channel's partner is written with the order, in its transaction (docs/decisions/029): a crash
-- can no longer keep the order and lose its attribution. An unknown or malformed rid, or a
-- partner ordering through its own link (the order's e-mail is the partner's login), attributes
-- nothing and never refuses the order.
--
-- Outcomes (jsonb `outcome`): `created`; `duplicate` (the idempotency key already made
-- `order_id`, with its `status`); `rate_changed` (the current `rate`); `pay_to_changed` (the
-- current `pay_to`: render the e-mail again); `pair_inactive`; `above_reserve` (the `reserve`
-- and the `held` total that left no room).
CREATE OR REPLACE FUNCTION "create_order"(
	p_order_id uuid,
	p_pair_id integer,
	p_quoted_send_rate numeric,
	p_quoted_receive_rate numeric,
	p_quoted_comission_amount numeric,
	p_mailed_pay_to jsonb,
	p_send_amount numeric,
	p_receive_amount numeric,
	p_email text,
	p_locale text,
	p_fields jsonb,
	p_client_ip text,
	p_idempotency_key text,
	p_created_at timestamptz,
	p_expires_at timestamptz,
	p_mail_to text,
	p_mail_subject text,
	p_mail_content jsonb,
	p_rid text
) RETURNS jsonb
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
	pair record;
	receive record;
	held_total numeric;
	new_order_id uuid;
	earlier record;
	referral_code text := lower(btrim(p_rid));
BEGIN
	-- The pair as it is now (the caller's cached quote may be a moment old), and where the
	-- customer pays, exactly as the e-mail's payment instructions need it.
	SELECT p.send_currency_id, p.receive_currency_id, p.send_rate, p.receive_rate,
		p.comission_amount, p.send_rate_real, p.receive_rate_real,
		jsonb_build_object(
			'currencyCode', c.currency_code, 'kind', c.kind, 'networkCode', s.network_code,
			'paySystemName', s.name, 'paymentTarget', c.payment_target,
			'paymentHolder', c.payment_holder, 'paymentTargetDemo', c.payment_target_demo
		) AS pay_to
	INTO pair
	FROM currency_pairs p
	JOIN currencies c ON c.id = p.send_currency_id
	JOIN pay_systems s ON s.id = c.pay_system_id
	-- An automatic rate past its freshness limit is out of service by itself (decision 056).
	WHERE p.id = p_pair_id AND p.active AND c.active
		AND (p.rate_fresh_until IS NULL OR p.rate_fresh_until > now());
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'pair_inactive');
	END IF;
	IF (pair.send_rate, pair.receive_rate, pair.comission_amount) IS DISTINCT FROM
		(p_quoted_send_rate, p_quoted_receive_rate, p_quoted_comission_amount) THEN
		RETURN jsonb_build_object('outcome', 'rate_changed', 'rate', jsonb_build_object(
			'send_rate', pair.send_rate::text, 'receive_rate', pair.receive_rate::text,
			'send_rate_real', pair.send_rate_real::text,
			'receive_rate_real', pair.receive_rate_real::text,
			'comission_amount', pair.comission_amount::text));
	END IF;
	IF p_mailed_pay_to IS DISTINCT FROM pair.pay_to THEN
		RETURN jsonb_build_object('outcome', 'pay_to_changed', 'pay_to', pair.pay_to);
	END IF;

	-- Every hold on the receive currency queues here, from any process, until the commit
	-- (DESIGN.md invariant 1). After a wait the lock returns the row as its previous holder
	-- committed it (an operator's reserve edit included). NO KEY UPDATE does not block the
	-- key-share locks of foreign keys (orders that merely refer to the currency).
	SELECT c.reserve INTO receive
	FROM currencies c
	WHERE c.id = pair.receive_currency_id AND c.active
	FOR NO KEY UPDATE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('outcome', 'pair_inactive');
	END IF;
	-- Read under the lock, in a statement of its own: its snapshot is taken now, so it sees
	-- the previous holder's hold. (Joined into the locking statement, `currency_held` would
	-- be read as of that statement's start, before the wait.)
	held_total := coalesce(
		(SELECT h.held FROM currency_held h WHERE h.currency_id = pair.receive_currency_id), 0);
	-- The amount is already rounded to the currency's places, so this is the same as comparing
	-- it with the available reserve.
	IF held_total + p_receive_amount > receive.reserve THEN
		RETURN jsonb_build_object('outcome', 'above_reserve',
			'reserve', receive.reserve::text, 'held', held_total::text);
	END IF;

	-- A retried create finds the first attempt's order by its key. The unique index makes a
	-- concurrent twin wait for the first to commit, and the next statement sees it.
	INSERT INTO orders (id, pair_id, send_currency_id, receive_currency_id, status, send_amount,
		receive_amount, send_rate, receive_rate, comission_amount, send_rate_real,
		receive_rate_real, email, locale, fields, client_ip, idempotency_key, created_at,
		expires_at)
	VALUES (p_order_id, p_pair_id, pair.send_currency_id, pair.receive_currency_id, 'new',
		p_send_amount, p_receive_amount, pair.send_rate, pair.receive_rate,
		pair.comission_amount, pair.send_rate_real, pair.receive_rate_real, p_email, p_locale,
		p_fields, p_client_ip, p_idempotency_key, p_created_at, p_expires_at)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO new_order_id;
	IF new_order_id IS NULL THEN
		SELECT o.id, o.status INTO earlier FROM orders o WHERE o.idempotency_key = p_idempotency_key;
		RETURN jsonb_build_object('outcome', 'duplicate', 'order_id', earlier.id,
			'status', earlier.status);
	END IF;
	-- The hold's trigger adds it to the currency's `currency_held` row (above).
	INSERT INTO reserve_holds (order_id, currency_id, amount, state)
	VALUES (p_order_id, pair.receive_currency_id, p_receive_amount, 'held');
	INSERT INTO order_events (order_id, status, actor_kind, created_at)
	VALUES (p_order_id, 'new', 'customer', p_created_at);
	INSERT INTO mail_outbox ("to", subject, content, locale, kind)
	VALUES (p_mail_to, p_mail_subject, p_mail_content, p_locale, 'order_created');
	-- The rid as recordOrderReferral normalises it (apps/api/src/affiliate/attribution), whose
	-- pattern is the channel codes' check. The foreign keys take KEY SHARE locks on the channel
	-- and the partner: other creates share them; only a transaction holding the partner's row
	-- FOR UPDATE (a withdrawal, a new channel) makes this wait, for its few statements.
	IF referral_code ~ '^[a-z0-9]{8,32}$' THEN
		INSERT INTO affiliate_order_referrals (order_id, channel_id, partner_id, created_at)
		SELECT p_order_id, ch.id, ch.partner_id, now()
		FROM affiliate_channels ch
		JOIN users u ON u.id = ch.partner_id
		WHERE ch.code = referral_code AND u.email <> lower(btrim(p_email))
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN jsonb_build_object('outcome', 'created');
END;
$$;
