-- The source of `audit_log_append_only` and of the triggers that run it: the migrations hold
-- copies of them. To change either, edit this file and run `npm run db:functions`, which writes
-- a migration with the new text (packages/db/README.md). packages/db/test/sql-functions.test.ts
-- fails while this file, the latest migrations' copies and a migrated database disagree.
--
-- The operator console's audit log is append-only (issue 14, decision 028): who did what stays
-- as it was written, whatever the application (or a mistaken script) later tries. Rows are only
-- ever inserted; an update, a delete or a truncate is refused by the database itself.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
		USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_log_append_only"
BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

CREATE TRIGGER "audit_log_no_truncate"
BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
