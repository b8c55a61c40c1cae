import { AppError, ErrorCode, type User } from "@obmen/contracts";
import { type Database, users, userTokens } from "@obmen/db";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { SignedInCaller, UserRow } from "../../http/user-auth.ts";
import { userView } from "../profile/user-view.ts";
import { endUserSessions } from "../sessions/end-sessions.ts";
import { hashSecretToken } from "../sessions/secret-token.ts";
import { voidUserTokens } from "../tokens/user-tokens.ts";
import { isTotpEnabled } from "../totp/user-totp.ts";

const LINK_INVALID = () =>
  new AppError(ErrorCode.NOT_FOUND, { fields: { token: { key: "AccountErrors.LinkInvalid" } } });
const ADDRESS_TAKEN = () =>
  new AppError(ErrorCode.CONFLICT, { fields: { token: { key: "AccountErrors.AddressTaken" } } });

/**
 * `/rest/user/confirm_update_login`: the link's token makes its address the login. The token is
 * used by one statement (unused, unexpired, and the caller's own: another user's token is as
 * unknown as a made-up one), as every e-mailed token is (docs/decisions/024). Then the user's
 * other sessions end and pending confirm and reset links die: they went to the old address,
 * which no longer speaks for the account. Should the address have become another account's
 * login meanwhile, nothing changes and the link stays usable.
 */
export async function confirmLoginChange(options: {
  db: Database;
  caller: SignedInCaller;
  token: string;
}): Promise<{ user: User }> {
  const { db, caller } = options;
  let updated: UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      const [used] = await tx
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userTokens.tokenHash, hashSecretToken(options.token)),
            eq(userTokens.kind, "login_change"),
            eq(userTokens.userId, caller.user.id),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ newEmail: userTokens.newEmail });
      if (!used?.newEmail) throw LINK_INVALID();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, used.newEmail), ne(users.id, caller.user.id)));
      if (taken) throw ADDRESS_TAKEN();
      const [row] = await tx
        .update(users)
        .set({
          email: used.newEmail,
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, caller.user.id))
        .returning();
      if (!row) throw LINK_INVALID();
      for (const kind of ["login_change", "confirm", "reset"] as const) {
        await voidUserTokens({ tx, userId: caller.user.id, kind });
      }
      await endUserSessions({ tx, userId: caller.user.id, exceptSessionId: caller.session.id });
      return row;
    });
  } catch (error) {
    // Another account took the address between the check and the update (unique index).
    if (isUniqueViolation(error)) throw ADDRESS_TAKEN();
    throw error;
  }
  return { user: userView(updated, { totpEnabled: await isTotpEnabled(db, updated.id) }) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
