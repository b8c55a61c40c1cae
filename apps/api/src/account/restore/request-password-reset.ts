import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import { normalizeAccountEmail, USER_TOKEN_LIFETIME_MS } from "@obmen/domain";
import { sql } from "drizzle-orm";
import { prepareAccountMail } from "../../mail/account-mail.ts";
import { emailProblem } from "../email-problem.ts";
import { generateSecretToken, hashSecretToken } from "../sessions/secret-token.ts";

/**
 * `/rest/user/restore`: a known address gets a `/restore/{token}` letter (the link works once,
 * for an hour); an unknown one gets nothing; both get `{}`; what is no address at all is a field error. The same work runs either way:
 * a token and its letter are prepared, and one statement looks the user up and writes the
 * token and the letter only if there is one, so no branch in our code, and no extra round
 * trip, tells the two apart by timing. A captcha, once asked for, is checked by the route (captcha-gate).
 */
export async function requestPasswordReset(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  email: string;
}): Promise<Record<string, never>> {
  const address = normalizeAccountEmail(options.email);
  // What is not an address is refused as such: that tells nothing about who is registered.
  if (address === null) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { email: emailProblem(options.email) },
    });
  }
  const token = generateSecretToken();
  const mail = prepareAccountMail({
    type: "reset",
    to: address,
    locale: options.lang,
    appUrl: options.appUrl,
    token,
  });
  await options.db.execute(sql`
    with account as (
      select id from users where email = ${address}
    ), issued as (
      insert into user_tokens (kind, token_hash, user_id, expires_at)
      select 'reset', ${hashSecretToken(token)}, account.id,
        now() + ${USER_TOKEN_LIFETIME_MS.reset}::double precision * interval '1 millisecond'
      from account
      returning user_id
    )
    insert into mail_outbox ("to", subject, content, locale, kind)
    select ${mail.to}, ${mail.subject}, ${JSON.stringify(mail.content)}::jsonb, ${mail.locale},
      ${mail.kind}
    from issued
  `);
  return {};
}
