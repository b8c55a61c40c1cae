import { AppError, ErrorCode, type Locale, type SignedInUser } from "@obmen/contracts";
import { type Database, users, userTokens } from "@obmen/db";
import { and, eq, gt, sql } from "drizzle-orm";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import type { AccountSecurity } from "../account-security.ts";
import { requireCaptcha } from "../captcha/require-captcha.ts";
import { verifyAgainstDummy, verifyPassword } from "../password/password-hashing.ts";
import { userView } from "../profile/user-view.ts";
import { createLoginSession, createSession } from "../sessions/create-session.ts";
import { issueUserToken } from "../tokens/user-tokens.ts";
import { checkLoginTotp } from "../totp/user-totp.ts";
import { type LoginOpening, loginAccount, openLogin } from "./login-opening.ts";

/** A confirmation letter is sent again at most this often for one account. */
const CONFIRMATION_RESEND_AFTER_MS = 5 * 60_000;

/**
 * `/rest/user/login`. An unknown e-mail and a wrong password give one and the same 401
 * `INVALID_CREDENTIALS`, worded under `password` (the field the login form shows it by, spec
 * §8), after the same argon2 work: an unknown address is verified against a dummy hash.
 * Only the right password learns that the address is unconfirmed (403
 * `EMAIL_NOT_CONFIRMED`, under `email`), and then a fresh confirmation letter goes out,
 * unless one went out in the last five minutes.
 *
 * Limits (docs/decisions/026-rate-limits-captcha-totp.md): a request budget per IP; 429 while
 * this account-and-IP pair or this IP is blocked for failing too often; a captcha once the
 * account or the IP has failed a few times lately, counted alike for known and unknown
 * addresses, so it reveals nothing. An account with TOTP on then needs its code (`totp`).
 */
export async function logIn(options: {
  db: Database;
  security: AccountSecurity;
  appUrl: string;
  lang: Locale;
  email: string;
  password: string;
  captcha?: string;
  totp?: string;
  ip: string;
  userAgent?: string;
  /** The limits' verdict and the account, when the replay check already read them (login-opening.ts). */
  opened?: LoginOpening;
}): Promise<SignedInUser> {
  const { db, lang, ip } = options;
  const { limits } = options.security;
  // Counted under what was typed even when it is no address, like any other failure.
  const { account } = loginAccount(options.email);
  // The IP's request budget, the failure counters and the account: on the database replay
  // guard all in the replay check's statement (the hash dominates a login; everything else
  // should be nearly free, issue 13's login_rps).
  const { gate, found } =
    options.opened ?? (await openLogin({ db, limits, email: options.email, ip }));
  await requireCaptcha({
    captcha: options.security.captcha,
    required: gate.captchaRequired,
    solution: options.captcha,
  });
  const user = found?.user;
  const matches = user
    ? await verifyPassword(user.passwordHash, options.password)
    : await verifyAgainstDummy(options.password).then(() => false);
  if (!user || !matches) {
    await limits.loginFailed({ email: account, ip });
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, {
      fields: { password: { key: "AccountErrors.WrongCredentials" } },
    });
  }
  // Only the right password learns of the block, as only it learns of a missing confirmation.
  if (user.blockedAt) {
    throw new AppError(ErrorCode.ACCOUNT_BLOCKED, {
      fields: { email: { key: "Errors.ACCOUNT_BLOCKED" } },
    });
  }
  if (!user.emailConfirmedAt) {
    await resendConfirmation({ db, appUrl: options.appUrl, lang, userId: user.id, to: user.email });
    throw new AppError(ErrorCode.EMAIL_NOT_CONFIRMED, {
      fields: { email: { key: "AccountErrors.EmailNotConfirmed" } },
    });
  }
  const totpEnabled = Boolean(found?.totpEnabledAt);
  if (totpEnabled) {
    await checkLoginTotp(
      { db, limits, box: options.security.totpBox },
      { userId: user.id, code: options.totp, account, ip },
    );
  }
  if (gate.hadFailures) await limits.loginSucceeded({ email: account, ip });
  if (user.lang === lang) {
    // Nothing to change on the user: the session's insert alone, no transaction around it.
    const { token } = await createLoginSession({
      db,
      userId: user.id,
      ip: options.ip,
      userAgent: options.userAgent,
    });
    return { user_auth_token: token, user: userView(user, { totpEnabled }) };
  }
  return db.transaction(async (tx) => {
    // Letters follow the language the user last signed in with.
    const [current] = await tx
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
    return { user_auth_token: token, user: userView(current ?? user, { totpEnabled }) };
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
