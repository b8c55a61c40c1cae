-- Signatures of signed API calls, kept until their envelope's timestamp leaves the replay
-- window, so replicas on one PostgreSQL refuse a replay without Redis (apps/api/src/http/
-- replay-guard.ts). Unlogged: losing them in a crash only reopens replays of envelopes from
-- the last few minutes before it, and a write-ahead-logged insert per call would cost more.
-- Not in the Drizzle schema: nothing but the guard's raw statements touches it.
CREATE UNLOGGED TABLE IF NOT EXISTS "seen_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "seen_signatures_expires_idx" ON "seen_signatures" ("expires_at");
