import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import { type Transaction, users, userTokens } from "@obmen/db";
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { UserRow } from "../../http/user-auth.ts";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import { issueUserToken, voidUserTokens } from "../tokens/user-tokens.ts";

/**
 * Login changes a user may start per hour. Each one mails an address the user chose, so
 * without a bound a signed-in account could mail any address on repeat.
 */
export const LOGIN_CHANGES_PER_HOUR = 5;

/**
 * Starts a login change to `newEmail` inside the caller's transaction (the letters are written
 * with it, STYLE.md 7). The login itself does not change until the link is followed
 * (confirm-login-change.ts); a newer request voids the older links.
 *
 * No enumeration: the answer and the database writes are the same whether or not the address
 * is another account's login. A free address gets the `/confirm-login/{token}` link; a taken one
 * gets a letter saying it already has an account, and the token issued for it is never sent,
 * so no link that could succeed exists. The current login gets a notice either way.
 */
export async function requestLoginChange(options: {
  tx: Transaction;
  appUrl: string;
  lang: Locale;
  user: UserRow;
  newEmail: string;
}) {
  const { tx, user, newEmail, appUrl, lang } = options;
  const [recent] = await tx
    .select({ n: count() })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, user.id),
        eq(userTokens.kind, "login_change"),
        gt(userTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.n ?? 0) >= LOGIN_CHANGES_PER_HOUR) throw new AppError(ErrorCode.RATE_LIMITED);

  await voidUserTokens({ tx, userId: user.id, kind: "login_change" });
  const token = await issueUserToken({ tx, userId: user.id, kind: "login_change", newEmail });
  const [taken] = await tx
    .select({ lang: users.lang })
    .from(users)
    .where(eq(users.email, newEmail));
  if (taken) {
    // Its owner asked for nothing: their own language, as for a register attempt.
    await enqueueAccountMail({
      tx,
      type: "login_change_taken",
      to: newEmail,
      locale: taken.lang,
      appUrl,
    });
  } else {
    await enqueueAccountMail({
      tx,
      type: "login_change",
      to: newEmail,
      locale: lang,
      appUrl,
      token,
    });
  }
  await enqueueAccountMail({
    tx,
    type: "login_change_notice",
    to: user.email,
    locale: user.lang,
    appUrl,
    newEmail,
  });
}
