import { type Database, operatorSessions, operators, type Transaction } from "@obmen/db";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { generateSecretToken, hashSecretToken } from "../../account/sessions/secret-token.ts";

/**
 * Console sessions (docs/decisions/028-operator-console-api.md): 12 hours after the last use,
 * never more than 7 days after sign-in. An operator holds money-moving power, so the idle
 * limit is a working day, not the customers' 30 days. A use extends the session at most once
 * a minute, so a busy console costs one write a minute, not one per call.
 */
export const OPERATOR_SESSION_IDLE_MS = 12 * 3_600_000;
export const OPERATOR_SESSION_MAX_MS = 7 * 24 * 3_600_000;
const EXTEND_AFTER_MS = 60_000;

const ms = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

export interface SignedInOperator {
  operator: OperatorRow;
  session: OperatorSessionRow;
}

/** A new session; its token goes into the cookie once, the database keeps only its hash. */
export async function createOperatorSession(options: {
  tx: Database | Transaction;
  operatorId: string;
  ip: string;
  userAgent: string | null;
}): Promise<string> {
  const token = generateSecretToken();
  await options.tx.insert(operatorSessions).values({
    operatorId: options.operatorId,
    tokenHash: hashSecretToken(token),
    expiresAt: sql`now() + ${ms(OPERATOR_SESSION_IDLE_MS)}`,
    ip: options.ip,
    userAgent: options.userAgent,
  });
  return token;
}

/**
 * The live session behind a cookie's token, with its operator; null for an unknown, expired,
 * revoked or too old session, or a disabled operator (all the same 401 to the caller).
 */
export async function resolveOperatorSession(options: {
  db: Database;
  token: string;
  ip: string;
}): Promise<SignedInOperator | null> {
  const { db } = options;
  const [found] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashSecretToken(options.token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        isNull(operators.disabledAt),
      ),
    );
  if (!found) return null;
  if (Date.now() - found.session.lastSeenAt.getTime() < EXTEND_AFTER_MS) return found;
  // Guarded like the read, so a session ended meanwhile is not brought back to life.
  const [extended] = await db
    .update(operatorSessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + ${ms(OPERATOR_SESSION_IDLE_MS)}, ${operatorSessions.createdAt} + ${ms(OPERATOR_SESSION_MAX_MS)})`,
      ip: options.ip,
    })
    .where(and(eq(operatorSessions.id, found.session.id), isNull(operatorSessions.revokedAt)))
    .returning();
  return extended ? { session: extended, operator: found.operator } : null;
}

export async function endOperatorSession(options: {
  db: Database | Transaction;
  sessionId: string;
}) {
  await options.db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.id, options.sessionId), isNull(operatorSessions.revokedAt)));
}

/** Ends an operator's sessions (disabled, or password changed: all but the caller's own). */
export async function endOperatorSessions(options: {
  tx: Database | Transaction;
  operatorId: string;
  exceptSessionId?: string;
}) {
  await options.tx
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.operatorId, options.operatorId),
        isNull(operatorSessions.revokedAt),
        options.exceptSessionId ? ne(operatorSessions.id, options.exceptSessionId) : undefined,
      ),
    );
}
