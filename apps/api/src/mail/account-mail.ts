import { DEFAULT_LOCALE, isLocale, type Locale } from "@obmen/contracts";
import { type Database, mailOutbox, type Transaction } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";

/** The account letters (issue 13) and their `mail_outbox.kind`. */
export const ACCOUNT_MAIL_KINDS = {
  confirm: "account_confirm",
  register_attempt: "account_register_attempt",
  reset: "account_reset",
  password_changed: "account_password_changed",
  /** To the new address: the `/confirm-login/{token}` link that makes it the login. */
  login_change: "account_login_change",
  /** To the current login: a change to `newEmail` was asked for (nothing changed yet). */
  login_change_notice: "account_login_change_notice",
  /** To a new address that is already another account's login: no link, nothing changes. */
  login_change_taken: "account_login_change_taken",
  /** To the user: two-factor authentication was switched on or off (decision 026). */
  totp_enabled: "account_totp_enabled",
  totp_disabled: "account_totp_disabled",
} as const;
export type AccountMailType = keyof typeof ACCOUNT_MAIL_KINDS;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[AccountMailType];

const TYPE_OF_KIND = new Map(
  Object.entries(ACCOUNT_MAIL_KINDS).map(([type, kind]) => [kind, type as AccountMailType]),
);

export function accountMailType(kind: string): AccountMailType | undefined {
  return TYPE_OF_KIND.get(kind as AccountMailKind);
}

/**
 * What an account letter is rendered from (`mail_outbox.content`). `token` is the link's
 * secret: the outbox must carry it until the letter leaves, and the dispatcher removes it
 * from the row once the letter is delivered or given up (docs/decisions/024).
 */
export interface StoredAccountMail {
  /** Public site URL (`APP_URL`) the links are built on. */
  appUrl: string;
  token?: string;
  /** `login_change_notice`: the address the login would change to, named to its owner. */
  newEmail?: string;
}

/** The `/confirm/…`, `/restore/…` and `/confirm-login/…` letters carry a token; the others none. */
const TOKEN_TYPES: ReadonlySet<AccountMailType> = new Set(["confirm", "reset", "login_change"]);

export interface PreparedAccountMail {
  to: string;
  subject: string;
  locale: Locale;
  kind: AccountMailKind;
  content: StoredAccountMail;
}

export function prepareAccountMail(options: {
  type: AccountMailType;
  to: string;
  locale: string;
  appUrl: string;
  token?: string;
  newEmail?: string;
}): PreparedAccountMail {
  const { type } = options;
  // The address was normalised by the use case; this only keeps a line break out of a header.
  if (/[\r\n]/.test(options.to) || !options.to.includes("@")) {
    throw new Error("an account letter needs a usable e-mail address");
  }
  if (TOKEN_TYPES.has(type) !== (options.token !== undefined)) {
    throw new Error(`the ${type} letter ${TOKEN_TYPES.has(type) ? "needs" : "takes no"} token`);
  }
  const namesNewEmail = type === "login_change_notice";
  if (namesNewEmail !== (options.newEmail !== undefined)) {
    throw new Error(`the ${type} letter ${namesNewEmail ? "needs" : "takes no"} newEmail`);
  }
  const locale = isLocale(options.locale) ? options.locale : DEFAULT_LOCALE;
  return {
    to: options.to,
    subject: accountMailSubject(type, locale),
    locale,
    kind: ACCOUNT_MAIL_KINDS[type],
    content: {
      appUrl: options.appUrl,
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.newEmail !== undefined ? { newEmail: options.newEmail } : {}),
    },
  };
}

export function accountMailSubject(type: AccountMailType, locale: Locale): string {
  const t = translatorFor(locale);
  switch (type) {
    case "confirm":
      return t("Mail.Account.Confirm.Subject");
    case "register_attempt":
      return t("Mail.Account.RegisterAttempt.Subject");
    case "reset":
      return t("Mail.Account.Reset.Subject");
    case "password_changed":
      return t("Mail.Account.PasswordChanged.Subject");
    case "login_change":
      return t("Mail.Account.LoginChange.Subject");
    case "login_change_notice":
      return t("Mail.Account.LoginChangeNotice.Subject");
    case "login_change_taken":
      return t("Mail.Account.LoginChangeTaken.Subject");
    case "totp_enabled":
      return t("Mail.Account.TotpEnabled.Subject");
    case "totp_disabled":
      return t("Mail.Account.TotpDisabled.Subject");
  }
}

/**
 * Writes an account letter to the outbox inside the caller's transaction (STYLE.md 7,
 * decision 020): it exists exactly when the change it reports committed.
 */
export async function enqueueAccountMail(
  options: Parameters<typeof prepareAccountMail>[0] & { tx: Transaction | Database },
): Promise<{ id: number }> {
  const { tx, ...mail } = options;
  const [row] = await tx
    .insert(mailOutbox)
    .values(prepareAccountMail(mail))
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail_outbox insert returned no row");
  return row;
}
