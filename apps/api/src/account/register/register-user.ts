import { AppError, ErrorCode, type FieldProblem, type Locale } from "@obmen/contracts";
import { type Database, users } from "@obmen/db";
import { normalizeAccountEmail } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";
import { enqueueAccountMail } from "../../mail/account-mail.ts";
import { emailProblem } from "../email-problem.ts";
import { newPasswordProblem } from "../password/new-password-problem.ts";
import { hashPassword } from "../password/password-hashing.ts";
import { issueUserToken } from "../tokens/user-tokens.ts";

/**
 * `/rest/user/register`. The answer is `{}` whatever the address: a new one gets a
 * confirmation letter, an already confirmed one a letter saying someone tried to register
 * with it, so neither the answer nor its timing tells a stranger which addresses have
 * accounts. Both paths hash the password (argon2 is most of the time spent) and write one
 * letter in one transaction. An address registered but not confirmed gets a new confirmation
 * link that carries this registration's password: whoever confirms, from the mailbox, gets
 * the password that link was sent for (docs/decisions/024-accounts-and-sessions.md).
 * A captcha, once the limits ask for one, is checked by the route before this runs (captcha-gate).
 */
export async function registerUser(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  email: string;
  password: string;
  agreement: boolean;
  rid?: string;
}): Promise<Record<string, never>> {
  const { db, appUrl, lang } = options;
  const fields: Record<string, FieldProblem> = {};
  const email = normalizeAccountEmail(options.email);
  if (email === null) fields.email = emailProblem(options.email);
  const passwordProblem = newPasswordProblem(options.password);
  if (passwordProblem) fields.password = passwordProblem;
  if (options.agreement !== true) fields.agreement = { key: "AccountErrors.AgreementRequired" };
  if (email === null || Object.keys(fields).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
  }

  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, passwordHash, lang, referrerRid: options.rid?.trim() || null })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) {
      const token = await issueUserToken({ tx, userId: created.id, kind: "confirm", passwordHash });
      await enqueueAccountMail({ tx, type: "confirm", to: email, locale: lang, appUrl, token });
      return;
    }
    const [known] = await tx
      .select({ id: users.id, lang: users.lang, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.email, email))
      .for("update");
    if (!known) throw new Error("a user that conflicted on insert is gone");
    if (known.confirmedAt) {
      // The owner hears of it in the language they chose; nothing about the account changes.
      await enqueueAccountMail({
        tx,
        type: "register_attempt",
        to: email,
        locale: known.lang,
        appUrl,
      });
      return;
    }
    await tx.update(users).set({ lang, updatedAt: sql`now()` }).where(eq(users.id, known.id));
    const token = await issueUserToken({ tx, userId: known.id, kind: "confirm", passwordHash });
    await enqueueAccountMail({ tx, type: "confirm", to: email, locale: lang, appUrl, token });
  });
  return {};
}
