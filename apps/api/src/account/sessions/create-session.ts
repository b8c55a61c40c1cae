import { type Database, type Transaction, userSessions } from "@obmen/db";
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
