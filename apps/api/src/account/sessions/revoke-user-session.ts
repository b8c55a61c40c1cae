import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, userSessions } from "@obmen/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";

/**
 * `/rest/user/session/revoke`: ends one live session of the caller's. The owner is part of
 * the statement, so another user's session id, an unknown one and one already ended are the
 * same 404 (issue 13) and change nothing. Ending the caller's own session signs it out, as
 * logout does.
 */
export async function revokeUserSession(options: {
  db: Database;
  userId: string;
  sessionId: string;
}) {
  const ended = await options.db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.id, options.sessionId),
        eq(userSessions.userId, options.userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: userSessions.id });
  if (ended.length === 0) throw new AppError(ErrorCode.NOT_FOUND);
  return {};
}
