import type { Locale } from "@obmen/contracts";
import type { Translate } from "@obmen/i18n";
import { translatorFor } from "@obmen/i18n/catalogs";
import {
  type AccountMailType,
  accountMailSubject,
  type StoredAccountMail,
} from "../account-mail.ts";
import { type LetterView, renderLetterHtml, renderLetterText } from "./letter-layout.ts";
import type { RenderedMail } from "./render-order-mail.ts";

/** The site's page at `path` in the letter's language: ru has no prefix (spec §1). */
function siteUrl(appUrl: string, locale: Locale, path: string): string {
  const base = appUrl.replace(/\/+$/, "");
  return `${base}${locale === "ru" ? "" : `/${locale}`}${path}`;
}

function buildView(
  type: AccountMailType,
  locale: Locale,
  content: StoredAccountMail,
  t: Translate,
): LetterView {
  const forgot = siteUrl(content.appUrl, locale, "/forgot");
  const linked = (path: string, label: string) =>
    content.token
      ? {
          label,
          url: siteUrl(content.appUrl, locale, `${path}/${encodeURIComponent(content.token)}`),
        }
      : null;
  switch (type) {
    case "confirm":
      return {
        paragraphsBefore: [t("Mail.Account.Confirm.Intro")],
        button: linked("/confirm", t("Mail.Account.Confirm.Button")),
        showUrl: true,
        paragraphsAfter: [t("Mail.Account.Confirm.Expiry"), t("Mail.Account.Confirm.NotYou")],
      };
    case "reset":
      return {
        paragraphsBefore: [t("Mail.Account.Reset.Intro")],
        button: linked("/restore", t("Mail.Account.Reset.Button")),
        showUrl: true,
        paragraphsAfter: [t("Mail.Account.Reset.Expiry"), t("Mail.Account.Reset.NotYou")],
      };
    case "register_attempt":
      return {
        paragraphsBefore: [
          t("Mail.Account.RegisterAttempt.Intro"),
          t("Mail.Account.RegisterAttempt.Hint"),
        ],
        button: { label: t("Mail.Account.RegisterAttempt.Button"), url: forgot },
        showUrl: false,
        paragraphsAfter: [t("Mail.Account.RegisterAttempt.NotYou")],
      };
    case "password_changed":
      return {
        paragraphsBefore: [
          t("Mail.Account.PasswordChanged.Intro"),
          t("Mail.Account.PasswordChanged.NotYou"),
        ],
        button: { label: t("Mail.Account.PasswordChanged.Button"), url: forgot },
        showUrl: false,
        paragraphsAfter: [],
      };
    case "login_change":
      return {
        paragraphsBefore: [t("Mail.Account.LoginChange.Intro")],
        button: linked("/confirm-login", t("Mail.Account.LoginChange.Button")),
        showUrl: true,
        paragraphsAfter: [
          t("Mail.Account.LoginChange.Expiry"),
          t("Mail.Account.LoginChange.NotYou"),
        ],
      };
    case "login_change_notice":
      return {
        paragraphsBefore: [
          t("Mail.Account.LoginChangeNotice.Intro", { email: content.newEmail ?? "" }),
          t("Mail.Account.LoginChangeNotice.NotYou"),
        ],
        button: { label: t("Mail.Account.LoginChangeNotice.Button"), url: forgot },
        showUrl: false,
        paragraphsAfter: [],
      };
    case "login_change_taken":
      return {
        paragraphsBefore: [
          t("Mail.Account.LoginChangeTaken.Intro"),
          t("Mail.Account.LoginChangeTaken.Hint"),
        ],
        button: { label: t("Mail.Account.LoginChangeTaken.Button"), url: forgot },
        showUrl: false,
        paragraphsAfter: [t("Mail.Account.LoginChangeTaken.NotYou")],
      };
    case "totp_enabled":
    case "totp_disabled": {
      const key = type === "totp_enabled" ? "TotpEnabled" : "TotpDisabled";
      return {
        paragraphsBefore: [
          t(`Mail.Account.${key}.Intro` as const),
          t(`Mail.Account.${key}.NotYou` as const),
        ],
        button: { label: t(`Mail.Account.${key}.Button` as const), url: forgot },
        showUrl: false,
        paragraphsAfter: [],
      };
    }
  }
}

/** An account letter in its language, as plain text and as simple inline-styled HTML. */
export function renderAccountMail(options: {
  type: AccountMailType;
  locale: Locale;
  content: StoredAccountMail;
}): RenderedMail {
  const { type, locale } = options;
  const t = translatorFor(locale);
  const view = buildView(type, locale, options.content, t);
  const subject = accountMailSubject(type, locale);
  const removed = t("Mail.Account.LinkRemoved");
  return {
    locale,
    subject,
    text: renderLetterText(view, t, removed),
    html: renderLetterHtml(view, locale, subject, t, removed),
  };
}
