import {
  commitAsynchronously,
  type Database,
  preparedPerDatabase,
  type Transaction,
  userSessions,
} from "@obmen/db";
import { SESSION_LIFETIME_MS } from "@obmen/domain";
import { sql } from "drizzle-orm";
import { generateSecretToken, hashSecretToken } from "./secret-token.ts";

/**
 * Signs a user in: a new session whose token is returned once, to go into the envelope's
 * `user_auth_token`; the database keeps only its hash (docs/decisions/024).
 */
export async function createSession(options: {
  tx: Transaction | Database;
  userId: string;
  ip: string;
  userAgent?: string;
}): Promise<{ token: string; sessionId: string }> {
  const token = generateSecretToken();
  const [session] = await options.tx
    .insert(userSessions)
    .values({
      userId: options.userId,
      tokenHash: hashSecretToken(token),
      expiresAt: sql`now() + ${SESSION_LIFETIME_MS}::double precision * interval '1 millisecond'`,
      ip: options.ip,
      userAgent: options.userAgent ?? null,
    })
    .returning({ id: userSessions.id });
  if (!session) throw new Error("user_sessions insert returned no row");
  return { token, sessionId: session.id };
}

/**
 * The same insert for a login, which runs it outside any transaction: prepared once per
 * database (built once; PostgreSQL plans it once per connection), and committed without
 * waiting for the WAL flush (a session lost to a database crash costs a new login, and the
 * token is useless without its row), since the hash should be nearly all a login costs (issue
 * 13's login_rps; decision 047).
 */
export async function createLoginSession(options: {
  db: Database;
  userId: string;
  ip: string;
  userAgent?: string;
}): Promise<{ token: string; sessionId: string }> {
  const token = generateSecretToken();
  const [session] = await sessionInsert(options.db).execute({
    userId: options.userId,
    tokenHash: hashSecretToken(token),
    ip: options.ip,
    userAgent: options.userAgent ?? null,
  });
  if (!session) throw new Error("user_sessions insert returned no row");
  return { token, sessionId: session.id };
}

const sessionInsert = preparedPerDatabase((db) =>
  db
    .insert(userSessions)
    .values({
      userId: sql.placeholder("userId"),
      tokenHash: sql.placeholder("tokenHash"),
      expiresAt: sql`now() + ${SESSION_LIFETIME_MS}::double precision * interval '1 millisecond'`,
      ip: sql.placeholder("ip"),
      userAgent: sql.placeholder("userAgent"),
    })
    .returning({ id: userSessions.id, asynchronousCommit: commitAsynchronously })
    .prepare("create_login_session"),
);
