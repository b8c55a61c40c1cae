import type { UserSession } from "@obmen/contracts";
import { type Database, userSessions } from "@obmen/db";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SignedInCaller } from "../../http/user-auth.ts";

/**
 * `/rest/user/session/list`: the user's live sessions (not ended, not expired), the most
 * recently used first; `current` marks the caller's own, which the page does not offer to end
 * as "another device". Token hashes never leave the database.
 */
export async function listUserSessions(options: {
  db: Database;
  caller: SignedInCaller;
}): Promise<UserSession[]> {
  const { caller } = options;
  const rows = await options.db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      ip: userSessions.ip,
      userAgent: userSessions.userAgent,
    })
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, caller.user.id),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === caller.session.id,
  }));
}
