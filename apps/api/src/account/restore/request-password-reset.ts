import type { Locale } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import { normalizeAccountEmail, USER_TOKEN_LIFETIME_MS } from "@obmen/domain";
import { sql } from "drizzle-orm";
import { prepareAccountMail } from "../../mail/account-mail.ts";
import { generateSecretToken, hashSecretToken } from "../sessions/secret-token.ts";

/**
 * `/rest/user/restore`: a known address gets a `/restore/{token}` letter (the link works once,
 * for an hour); an unknown one gets nothing; both get `{}`. The same work runs either way:
 * a token and its letter are prepared, and one statement looks the user up and writes the
 * token and the letter only if there is one, so no branch in our code, and no extra round
 * trip, tells the two apart by timing. `captcha` is accepted, not checked yet.
 */
export async function requestPasswordReset(options: {
  db: Database;
  appUrl: string;
  lang: Locale;
  email: string;
}): Promise<Record<string, never>> {
  const email = normalizeAccountEmail(options.email);
  // Something well-formed to look up and address even for a malformed input, which then
  // simply matches no user.
  const address = email ?? "nobody@invalid.invalid";
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
