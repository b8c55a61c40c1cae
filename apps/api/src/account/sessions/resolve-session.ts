import { type Database, preparedPerDatabase, userSessions, users } from "@obmen/db";
import { SESSION_EXTEND_AFTER_MS, SESSION_LIFETIME_MS } from "@obmen/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SignedInCaller } from "../../http/user-auth.ts";
import { hashSecretToken } from "./secret-token.ts";

const ms = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;

/** The live session whose token hashes to the placeholder `tokenHash`. */
const liveSession = () =>
  and(
    eq(userSessions.tokenHash, sql.placeholder("tokenHash")),
    isNull(userSessions.revokedAt),
    gt(userSessions.expiresAt, sql`now()`),
  );

/**
 * Every signed-in call starts with this read: prepared once per database (Drizzle builds the
 * SQL once; PostgreSQL parses and plans it once per connection), which takes about a tenth off
 * the history call's CPU (issue 13's account_history_p99_ms).
 */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(liveSession())
    .prepare("resolve_session"),
);

/**
 * The live session a `user_auth_token` belongs to, with its user; null when the token is
 * unknown, expired or revoked. Sliding expiry: a use that finds the session last extended
 * more than a day ago moves `expires_at` 30 days ahead, so a session in daily use never
 * ends while one left alone ends 30 days after its last use, at one write a day at most.
 */
export async function resolveSession(options: {
  db: Database;
  token: string;
  ip: string;
}): Promise<SignedInCaller | null> {
  const { db } = options;
  const tokenHash = hashSecretToken(options.token);
  const [found] = await sessionLookup(db).execute({ tokenHash });
  if (!found) return null;
  return slide(db, found, options.ip);
}

/**
 * Sliding expiry of a session just found live (resolveSession, and
 * remember-and-resolve-sessions.ts): null if it was revoked meanwhile.
 */
export async function slide(
  db: Database,
  found: SignedInCaller,
  ip: string,
): Promise<SignedInCaller | null> {
  if (Date.now() - found.session.lastSeenAt.getTime() < SESSION_EXTEND_AFTER_MS) return found;
  // Guarded like the read, so a session revoked meanwhile is not brought back to life.
  const [extended] = await db
    .update(userSessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`now() + ${ms(SESSION_LIFETIME_MS)}`,
      ip,
    })
    .where(and(eq(userSessions.id, found.session.id), isNull(userSessions.revokedAt)))
    .returning();
  return extended ? { session: extended, user: found.user } : null;
}
