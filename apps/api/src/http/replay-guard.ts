import { AppError, ErrorCode } from "@obmen/contracts";
import { REPLAY_WINDOW_MS } from "@obmen/contracts/envelope";
import { type Database, queryPrepared } from "@obmen/db";
import { sql } from "drizzle-orm";
import { createNaturalBatchQueue } from "../batching/natural-batch-queue.ts";
import { FingerprintSet } from "./fingerprint-set.ts";

/**
 * Remembers signatures until their envelope can no longer pass the timestamp check, so a
 * captured request cannot be sent again. An envelope dated up to one window in the future is
 * valid until its timestamp plus the window: up to two windows after it is first seen. One
 * process keeps them in memory; replicas share them through Redis (REDIS_URL) or, without
 * Redis, through the PostgreSQL database they already share (issue 16 point 5).
 */
export interface ReplayGuard {
  /**
   * True when the signature is new (and is now remembered until `timestamp` + the window);
   * false when it was seen. Throws `UNAVAILABLE` when the shared store cannot be reached.
   */
  remember(signature: string, timestamp: number): Promise<boolean>;
  /**
   * The database guard only: remembers signatures inside a statement of the caller's, so
   * signed-in calls check their signatures and read their sessions in one round trip, many
   * calls at once (account/sessions/remember-and-resolve-sessions.ts, decision 041). `run`
   * executes a statement with {@link seenSignaturesCte} over `rows`, and answers what it read.
   */
  rememberInside?<T>(
    entries: { signature: string; timestamp: number }[],
    run: (rows: SeenSignatureRow[]) => Promise<T>,
  ): Promise<T>;
  /** Resolves when the store answers (for `/healthz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A row {@link seenSignaturesCte} inserts. */
export interface SeenSignatureRow {
  signature: string;
  /** ISO time. */
  expiresAt: string;
}

export function createMemoryReplayGuard(windowMs = REPLAY_WINDOW_MS): ReplayGuard {
  // Generations rotated every window; a signature is kept for the generation it arrived in
  // and the next two, so for at least two full windows: longer than any accepted timestamp
  // stays valid. O(1) per request without scanning for expiry; fingerprints, not strings,
  // since a busy window holds millions (fingerprint-set.ts).
  let generations = [new FingerprintSet(), new FingerprintSet(), new FingerprintSet()];
  let rotatedAt = Date.now();
  return {
    async remember(signature) {
      const now = Date.now();
      const elapsed = Math.floor((now - rotatedAt) / windowMs);
      if (elapsed > 0) {
        const fresh = Array.from({ length: Math.min(elapsed, 3) }, () => new FingerprintSet());
        generations = [...fresh, ...generations].slice(0, 3);
        rotatedAt += elapsed * windowMs;
      }
      const [current, previous, oldest] = generations as [
        FingerprintSet,
        FingerprintSet,
        FingerprintSet,
      ];
      if (previous.has(signature) || oldest.has(signature)) return false;
      return current.add(signature);
    },
    async ping() {},
    async close() {},
  };
}

/** The subset of a Redis client this guard needs (ioredis and node-redis both fit via an adapter). */
export interface RedisLike {
  set(key: string, value: string, mode: "PX", ttl: number, flag: "NX"): Promise<string | null>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
}

export function createRedisReplayGuard(redis: RedisLike, windowMs = REPLAY_WINDOW_MS): ReplayGuard {
  return {
    async remember(signature, timestamp) {
      const ttl = Math.max(1, timestamp + windowMs - Date.now()) + 1_000;
      const stored = await unavailableOnFailure(() =>
        redis.set(`obmen:sig:${signature}`, "1", "PX", ttl, "NX"),
      );
      return stored === "OK";
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * Replicas on one PostgreSQL without Redis: an unlogged table (migration 0013), one
 * statement per batch of the requests arriving together. A row past its expiry is taken over by the same signature, so
 * expired rows never refuse anything; a sweep at most once a window deletes them.
 */
export function createDatabaseReplayGuard(db: Database, windowMs = REPLAY_WINDOW_MS): ReplayGuard {
  let sweptAt = Date.now();
  const sweep = () => {
    sweptAt = Date.now();
    db.execute(sql`delete from seen_signatures where expires_at < now()`).catch(() => {});
  };
  // The envelope passes the timestamp check until `timestamp` + the window, no longer.
  const expiry = (timestamp: number) => new Date(timestamp + windowMs + 1_000);
  // The calls arriving while a statement is out share the next one (natural batching, as
  // signed-in calls' guard-and-session statement does: decision 041): under a rush of anonymous
  // signed calls, one round trip and one commit per batch instead of per call (decision 046).
  const queue = createNaturalBatchQueue({
    maxBatch: MAX_BATCH,
    send: async (rows: SeenSignatureRow[]) => {
      // The same envelope twice in one batch: only its first call may find it new.
      const first = new Map<string, number>();
      for (const [at, row] of rows.entries()) {
        if (!first.has(row.signature)) first.set(row.signature, at);
      }
      // Sorted: two replicas' batches holding one signature take its row in the same order.
      const unique = [...first.keys()].sort();
      const inserted = await queryPrepared<{ signature: string }>(db, {
        // Prepared (parsed and planned once per connection): every signed call runs it.
        name: "remember_signatures",
        text: REMEMBER_TEXT,
        values: [unique, unique.map((signature) => rows[first.get(signature)!]!.expiresAt)],
      });
      const fresh = new Set(inserted.map((row) => row.signature));
      return rows.map((row, at) => first.get(row.signature) === at && fresh.has(row.signature));
    },
  });
  return {
    async remember(signature, timestamp) {
      if (Date.now() - sweptAt > windowMs) sweep();
      const expiresAt = expiry(timestamp).toISOString();
      return unavailableOnFailure(() => queue.push({ signature, expiresAt }));
    },
    async rememberInside(entries, run) {
      if (Date.now() - sweptAt > windowMs) sweep();
      const rows = entries.map(({ signature, timestamp }) => ({
        signature,
        expiresAt: expiry(timestamp).toISOString(),
      }));
      return unavailableOnFailure(() => run(rows));
    },
    async ping() {
      await db.execute(sql`select 1 from seen_signatures limit 1`);
    },
    async close() {},
  };
}

/** Signatures per statement at most (two arrays of this length). */
const MAX_BATCH = 256;

/**
 * The guard's insert of the rows of the CTE `input` (`signature`, `expires_at`), answering the
 * `signature` of each row it inserted or took over (an expired one): the new ones.
 */
const INSERT_SEEN = `insert into seen_signatures (signature, expires_at)
  select signature, expires_at from input
  on conflict (signature) do update set expires_at = excluded.expires_at
    where seen_signatures.expires_at < now()
  returning signature`;

/** The guard's statement over `$1` (signatures) and `$2` (their expiry times). */
const REMEMBER_TEXT = `with input as (
    select * from unnest($1::text[], $2::timestamptz[]) as i(signature, expires_at))
  ${INSERT_SEEN}`;

/**
 * The database guard's insert (the statement `remember_signatures` above) for many signatures,
 * as a CTE named `seen` that reads the CTE `input` (`signature`, `expires_at`) and returns the
 * `signature` of every row it inserted or took over: the new ones. What
 * {@link ReplayGuard.rememberInside}'s statement holds. A signature twice in one `input` would
 * fail the statement (a row cannot be updated twice): the caller sends each once.
 */
export function seenSignaturesCte(db: Database) {
  return db.$with("seen", { signature: sql<string>`signature` }).as(sql.raw(INSERT_SEEN));
}

/** A store that cannot answer makes signed calls 503 `UNAVAILABLE`, not a 500. */
async function unavailableOnFailure<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch {
    throw new AppError(ErrorCode.UNAVAILABLE);
  }
}
