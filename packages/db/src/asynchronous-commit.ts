import { sql } from "drizzle-orm";

/**
 * A select-list or RETURNING expression that makes the statement's own transaction commit
 * asynchronously: PostgreSQL's `SET LOCAL synchronous_commit = off`, for one statement outside
 * any transaction block. The commit returns without waiting for the WAL flush; a crash of the
 * database server in the next fraction of a second (three `wal_writer_delay`s at most) may lose
 * the transaction, never corrupt anything (PostgreSQL's "Asynchronous Commit"). Only for writes
 * whose loss costs nothing: a login's session (its user signs in again) and its counters
 * (docs/decisions/047-login-asynchronous-commit.md). Never for money, reserves or statuses.
 */
export const commitAsynchronously = sql<string>`set_config('synchronous_commit', 'off', true)`;
