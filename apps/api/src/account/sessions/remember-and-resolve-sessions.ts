import { type Database, preparedPerDatabase, userSessions, users } from "@obmen/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createNaturalBatchQueue } from "../../batching/natural-batch-queue.ts";
import { type ReplayGuard, seenSignaturesCte } from "../../http/replay-guard.ts";
import type { RememberAndResolveSignedInCaller, SignedInCaller } from "../../http/user-auth.ts";
import { slide } from "./resolve-session.ts";
import { hashSecretToken } from "./secret-token.ts";

/** Calls per statement at most (three arrays of this length). */
const MAX_BATCH = 256;

/**
 * The signatures of several signed-in calls remembered by the database replay guard and their
 * sessions read, in ONE statement: `input` (one row per call, in order), the guard's insert
 * over it (`seen`), and each call's live session with its user. One row per call, in the order
 * given: `fresh` says whether its signature was new; `session` and `user` are null when no live
 * session matches its token.
 */
const rememberedSessionsLookup = preparedPerDatabase((db) => {
  const input = db.$with("input", { position: sql<number>`position` }).as(
    sql`select i.signature, i.expires_at, i.token_hash, i.position
        from unnest(${sql.placeholder("signatures")}::text[],
          ${sql.placeholder("expiresAt")}::timestamptz[],
          ${sql.placeholder("tokenHashes")}::text[])
        with ordinality as i(signature, expires_at, token_hash, position)`,
  );
  const seen = seenSignaturesCte(db);
  return (
    db
      .with(input, seen)
      .select({
        fresh: sql<boolean>`exists (select 1 from seen where seen.signature = input.signature)`,
        session: userSessions,
        user: users,
      })
      // The CTEs' columns are named in SQL: Drizzle would print them unqualified.
      .from(sql`input`)
      .leftJoin(
        userSessions,
        and(
          sql`${userSessions.tokenHash} = input.token_hash`,
          isNull(userSessions.revokedAt),
          gt(userSessions.expiresAt, sql`now()`),
        ),
      )
      .leftJoin(users, eq(users.id, userSessions.userId))
      .orderBy(sql`input.position`)
      .prepare("remember_signatures_resolve_sessions")
  );
});

interface Call {
  signature: string;
  timestamp: number;
  token: string;
}

/**
 * Signed-in calls on the database replay guard (PostgreSQL without Redis): each call's
 * signature is remembered and its session read in one statement, shared with the calls that
 * arrive while one is out (natural batching, docs/decisions/041-withdrawal-create-batched.md).
 * A lone call goes at once. A replayed signature answers `fresh: false`; otherwise `caller` is
 * what resolveSession answers, sliding expiry included. The same envelope twice in one batch
 * is refused as a replay but for its first call, as it is in two batches.
 */
export function createRememberingSessionResolver(options: {
  db: Database;
  guard: Required<Pick<ReplayGuard, "rememberInside">>;
}): RememberAndResolveSignedInCaller {
  const { db, guard } = options;
  const queue = createNaturalBatchQueue({
    maxBatch: MAX_BATCH,
    send: async (calls: Call[]) => {
      // A signature twice in one batch (the same envelope sent twice at once) is a replay:
      // only its first call goes to the database, the others are refused.
      const firstOf = new Map<string, number>();
      const unique: Call[] = [];
      for (const call of calls) {
        if (!firstOf.has(call.signature)) {
          firstOf.set(call.signature, unique.length);
          unique.push(call);
        }
      }
      const answers = await guard.rememberInside(unique, async (rows) => {
        const found = await rememberedSessionsLookup(db).execute({
          signatures: rows.map((row) => row.signature),
          expiresAt: rows.map((row) => row.expiresAt),
          tokenHashes: unique.map((call) => hashSecretToken(call.token)),
        });
        if (found.length !== unique.length) {
          throw new Error(`${found.length} rows for ${unique.length} signed-in calls`);
        }
        return found.map((row) => ({
          fresh: row.fresh === true,
          live: row.session && row.user ? { session: row.session, user: row.user } : null,
        }));
      });
      return calls.map((call) => {
        const at = firstOf.get(call.signature)!;
        return unique[at] === call ? answers[at]! : { fresh: false, live: null };
      });
    },
  });
  return async ({ ip, ...call }) => {
    const { fresh, live } = await queue.push(call);
    const caller: SignedInCaller | null = fresh && live ? await slide(db, live, ip) : null;
    return { fresh, caller };
  };
}
