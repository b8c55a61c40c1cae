import { AppError, ErrorCode, type SignedInUser } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { userView } from "../profile/user-view.ts";
import { createSession } from "../sessions/create-session.ts";
import { useUserToken, voidUserTokens } from "../tokens/user-tokens.ts";

/**
 * `/rest/user/confirm`: the registration letter's token confirms the address and signs the
 * user in. The password becomes the one registered with this link (register-user.ts), and
 * the user's other confirmation links stop working. A used, expired or unknown token gets
 * one and the same 404, worded under `confirm_token`.
 */
export async function confirmEmail(options: {
  db: Database;
  token: string;
  ip: string;
  userAgent?: string;
}): Promise<SignedInUser> {
  const { db } = options;
  return db.transaction(async (tx) => {
    const used = await useUserToken({ tx, kind: "confirm", token: options.token });
    if (!used) {
      throw new AppError(ErrorCode.NOT_FOUND, {
        fields: { confirm_token: { key: "AccountErrors.LinkInvalid" } },
      });
    }
    await voidUserTokens({ tx, userId: used.userId, kind: "confirm" });
    const [user] = await tx
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        passwordHash: used.passwordHash ?? sql`${users.passwordHash}`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw new Error("a confirmation token outlived its user");
    const { token } = await createSession({
      tx,
      userId: user.id,
      ip: options.ip,
      userAgent: options.userAgent,
    });
    // A confirmation link exists only before the first sign-in (confirming voids the others),
    // and TOTP can be switched on only when signed in: a confirmed-by-link account has none.
    return { user_auth_token: token, user: userView(user, { totpEnabled: false }) };
  });
}
