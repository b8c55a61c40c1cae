ALTER TABLE "currencies" ADD COLUMN "held" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_held_check" CHECK ("currencies"."held" >= 0);--> statement-breakpoint
-- `held` is the sum of the currency's open holds, whoever writes them: kept by this trigger,
-- so it cannot drift from the rows (docs/decisions/012-order-create-single-call.md). A hold is
-- taken with the currency's row locked (create_order), so the update here never waits there.
CREATE FUNCTION "reserve_holds_keep_held"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'held' THEN
		UPDATE currencies SET held = held - OLD.amount WHERE id = OLD.currency_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'held' THEN
		UPDATE currencies SET held = held + NEW.amount WHERE id = NEW.currency_id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reserve_holds_keep_held"
AFTER INSERT OR DELETE OR UPDATE OF state, amount, currency_id ON "reserve_holds"
FOR EACH ROW EXECUTE FUNCTION "reserve_holds_keep_held"();
--> statement-breakpoint
UPDATE "currencies" c SET "held" = h.total
FROM (
	SELECT currency_id, sum(amount) AS total FROM reserve_holds WHERE state = 'held'
	GROUP BY currency_id
) h
WHERE h.currency_id = c.id;
