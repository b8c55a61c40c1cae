-- A channel's registrations are counted by users.referrer_rid (issue 18): an index, not a scan
-- of every user per channel listed.
CREATE INDEX "users_referrer_rid_idx" ON "users" USING btree ("referrer_rid") WHERE "users"."referrer_rid" is not null;