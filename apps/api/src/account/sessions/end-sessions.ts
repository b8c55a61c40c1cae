import { type Database, type Transaction, userSessions } from "@obmen/db";
import { and, eq, isNull, ne, sql } from "drizzle-orm";

/** Logout: ends one session. Ending one that already ended changes nothing. */
export async function endSession(options: { db: Database | Transaction; sessionId: string }) {
  await options.db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, options.sessionId), isNull(userSessions.revokedAt)));
}

/**
 * Ends every live session of a user (a password reset), or every one but the caller's own (a
 * password change from a signed-in session): whoever knew the old password is signed out.
 */
export async function endUserSessions(options: {
  tx: Database | Transaction;
  userId: string;
  exceptSessionId?: string;
}) {
  await options.tx
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.userId, options.userId),
        isNull(userSessions.revokedAt),
        options.exceptSessionId ? ne(userSessions.id, options.exceptSessionId) : undefined,
      ),
    );
}
