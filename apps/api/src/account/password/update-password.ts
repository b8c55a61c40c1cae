import { AppError, ErrorCode } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import type { SignedInCaller } from "../../http/user-auth.ts";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import type { AccountLimits } from "../../rate-limits/account-limits.ts";
import { endUserSessions } from "../sessions/end-sessions.ts";
import { voidUserTokens } from "../tokens/user-tokens.ts";
import { newPasswordProblem } from "./new-password-problem.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";

/**
 * `/rest/user/update_password` (signed in): the current password proves it is the user and
 * not someone at an unlocked screen. Then the user's other sessions end, pending reset links
 * stop working, and a letter tells the user, in case it was not them. Wrong current passwords
 * are counted per account: a stolen session gets a few guesses, then 429.
 */
export async function updatePassword(options: {
  db: Database;
  limits: AccountLimits;
  appUrl: string;
  caller: SignedInCaller;
  oldPassword: string;
  newPassword: string;
}): Promise<Record<string, never>> {
  const { db, caller } = options;
  const problem =
    newPasswordProblem(options.newPassword) ??
    (options.newPassword === options.oldPassword
      ? { key: "AccountErrors.SameAsOld" as const }
      : null);
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: { new_password: problem } });
  }
  await options.limits.beforeSecondCheck(caller.user.id);
  if (!(await verifyPassword(caller.user.passwordHash, options.oldPassword))) {
    await options.limits.secondCheckFailed(caller.user.id);
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { old_password: { key: "AccountErrors.WrongOldPassword" } },
    });
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, caller.user.id));
    await endUserSessions({ tx, userId: caller.user.id, exceptSessionId: caller.session.id });
    await voidUserTokens({ tx, userId: caller.user.id, kind: "reset" });
    await enqueueAccountMail({
      tx,
      type: "password_changed",
      to: caller.user.email,
      locale: caller.user.lang,
      appUrl: options.appUrl,
    });
  });
  return {};
}
