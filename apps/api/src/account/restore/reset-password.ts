import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import { newPasswordProblem } from "../password/new-password-problem.ts";
import { hashPassword } from "../password/password-hashing.ts";
import { endUserSessions } from "../sessions/end-sessions.ts";
import { useUserToken, voidUserTokens } from "../tokens/user-tokens.ts";

/**
 * `/rest/user/restore_confirm`: the reset letter's token sets a new password, once. The
 * password is checked before the token is touched, so a refused password leaves the link
 * usable. Then every session of the user ends (whoever had the old password is out), the
 * user's other reset links stop working, the address counts as confirmed (the link proved
 * the mailbox), and a "your password was changed" letter goes out. A used, expired or
 * unknown token: one 404 under `reset_token`.
 */
export async function resetPassword(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  token: string;
  newPassword: string;
}): Promise<Record<string, never>> {
  const problem = newPasswordProblem(options.newPassword);
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: { new_password: problem } });
  }
  const passwordHash = await hashPassword(options.newPassword);
  await options.db.transaction(async (tx) => {
    const used = await useUserToken({ tx, kind: "reset", token: options.token });
    if (!used) {
      throw new AppError(ErrorCode.NOT_FOUND, {
        fields: { reset_token: { key: "AccountErrors.LinkInvalid" } },
      });
    }
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, used.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error("a reset token outlived its user");
    await voidUserTokens({ tx, userId: user.id, kind: "reset" });
    await endUserSessions({ tx, userId: user.id });
    await enqueueAccountMail({
      tx,
      type: "password_changed",
      to: user.email,
      locale: options.lang,
      appUrl: options.appUrl,
    });
  });
  return {};
}
