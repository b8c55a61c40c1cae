import { AppError, ErrorCode, type Locale, type SignedInUser } from "@obmen/contracts";
import { type Database, users, userTokens } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { and, eq, gt, sql } from "drizzle-orm";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import { verifyAgainstDummy, verifyPassword } from "../password/password-hashing.ts";
import { userView } from "../profile/user-view.ts";
import { createSession } from "../sessions/create-session.ts";
import { issueUserToken } from "../tokens/user-tokens.ts";

/** A confirmation letter is sent again at most this often for one account. */
const CONFIRMATION_RESEND_AFTER_MS = 5 * 60_000;

/**
 * `/rest/user/login`. An unknown e-mail and a wrong password give one and the same 401
 * `INVALID_CREDENTIALS`, worded under `password` (the field the login form shows it by, spec
 * §8), after the same argon2 work: an unknown address is verified against a dummy hash.
 * Only the right password learns that the address is unconfirmed (403
 * `EMAIL_NOT_CONFIRMED`, under `email`), and then a fresh confirmation letter goes out,
 * unless one went out in the last five minutes. `captcha` is accepted, not checked yet.
 */
export async function logIn(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
}): Promise<SignedInUser> {
  const { db, lang } = options;
  const email = normalizeAccountEmail(options.email);
  const [user] = email ? await db.select().from(users).where(eq(users.email, email)) : [];
  const matches = user
    ? await verifyPassword(user.passwordHash, options.password)
    : await verifyAgainstDummy(options.password).then(() => false);
  if (!user || !matches) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, {
      fields: { password: { key: "AccountErrors.WrongCredentials" } },
    });
  }
  if (!user.emailConfirmedAt) {
    await resendConfirmation({ db, appUrl: options.appUrl, lang, userId: user.id, to: user.email });
    throw new AppError(ErrorCode.EMAIL_NOT_CONFIRMED, {
      fields: { email: { key: "AccountErrors.EmailNotConfirmed" } },
    });
  }
  return db.transaction(async (tx) => {
    // Letters follow the language the user last signed in with.
    const [current] =
      user.lang === lang
        ? [user]
        : await tx
            .update(users)
            .set({ lang, updatedAt: sql`now()` })
            .where(eq(users.id, user.id))
            .returning();
    const { token } = await createSession({
      tx,
      userId: user.id,
      ip: options.ip,
      userAgent: options.userAgent,
    });
    return { user_auth_token: token, user: userView(current ?? user) };
  });
}

/** A new confirmation link, keeping the password just proven (the token carries none). */
async function resendConfirmation(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  userId: string;
  to: string;
}) {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    // Serialises two logins of one account, so they cannot both decide to resend.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [recent] = await tx
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          eq(userTokens.kind, "confirm"),
          gt(
            userTokens.createdAt,
            sql`now() - ${CONFIRMATION_RESEND_AFTER_MS}::double precision * interval '1 millisecond'`,
          ),
        ),
      )
      .limit(1);
    if (recent) return;
    const token = await issueUserToken({ tx, userId, kind: "confirm" });
    await enqueueAccountMail({
      tx,
      type: "confirm",
      to: options.to,
      locale: options.lang,
      appUrl: options.appUrl,
      token,
    });
  });
}
