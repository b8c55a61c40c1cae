-- The source of `reserve_holds_keep_held` and of the trigger that runs it: the migrations hold
-- copies of them. To change either, edit this file and run `npm run db:functions`, which writes
-- a migration with the new text (packages/db/README.md). packages/db/test/sql-functions.test.ts
-- fails while this file, the latest migrations' copies and a migrated database disagree.
--
-- `currency_held.held` is the sum of the currency's `held` reserve holds, whoever writes them:
-- kept by this trigger, so it cannot drift from the rows (decision 012; its own narrow table
-- since migration 0007, docs/performance.md). A currency's first hold inserts its row; holds are
-- taken with the currency's row locked (create_order), so two first holds cannot race, and a
-- release always follows its own hold.
CREATE OR REPLACE FUNCTION "reserve_holds_keep_held"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'held' THEN
		UPDATE currency_held SET held = held - OLD.amount WHERE currency_id = OLD.currency_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'held' THEN
		UPDATE currency_held SET held = held + NEW.amount WHERE currency_id = NEW.currency_id;
		IF NOT FOUND THEN
			INSERT INTO currency_held (currency_id, held) VALUES (NEW.currency_id, NEW.amount);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;

-- Every write that can move a held amount: a hold's state, amount or currency.
CREATE TRIGGER "reserve_holds_keep_held"
AFTER INSERT OR DELETE OR UPDATE OF state, amount, currency_id ON "reserve_holds"
FOR EACH ROW EXECUTE FUNCTION "reserve_holds_keep_held"();
