import type { Locale } from "@obmen/contracts";
import type { Translate } from "@obmen/i18n";
import { translatorFor } from "@obmen/i18n/catalogs";
import {
  type AccountMailType,
  accountMailSubject,
  type StoredAccountMail,
} from "../account-mail.ts";
import { html } from "./html.ts";
import type { RenderedMail } from "./render-order-mail.ts";

/** A letter's parts in reading order: paragraphs, and one button with its link. */
interface AccountMailView {
  paragraphsBefore: string[];
  /** Null once the dispatcher removed the token from a delivered letter. */
  button: { label: string; url: string } | null;
  /** Shown with a link that only works once: the raw URL for a mail client without buttons. */
  showUrl: boolean;
  paragraphsAfter: string[];
}

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
): AccountMailView {
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
  const link = view.button
    ? [view.showUrl ? `${t("Mail.Account.LinkIntro")}\n${view.button.url}` : view.button.url]
    : [t("Mail.Account.LinkRemoved")];
  const text = [
    t("Mail.Greeting"),
    ...view.paragraphsBefore,
    ...link,
    ...view.paragraphsAfter,
    `—\n${t("Mail.Account.Footer")}`,
  ].join("\n\n");
  return { locale, subject, text: `${text}\n`, html: renderHtml(view, locale, subject, t).value };
}

const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f4f6;",
  wrapper:
    "max-width:600px;margin:0 auto;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;",
  card: "background-color:#ffffff;border-radius:8px;padding:24px;",
  paragraph: "margin:0 0 12px;",
  button:
    "display:inline-block;padding:12px 20px;background-color:#1d4ed8;border-radius:6px;color:#ffffff;font-weight:bold;text-decoration:none;",
  small: "margin:0 0 12px;font-size:13px;color:#4b5563;word-break:break-all;",
  footer: "margin:16px 12px 0;font-size:12px;color:#6b7280;",
} as const;

function renderHtml(view: AccountMailView, locale: Locale, subject: string, t: Translate) {
  const paragraphs = (list: string[]) =>
    list.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p>`);
  const { button } = view;
  const action = button
    ? html`<p style="margin:8px 0 20px;"><a href="${button.url}" style="${STYLE.button}">${button.label}</a></p>
${view.showUrl ? html`<p style="${STYLE.small}">${t("Mail.Account.LinkIntro")} <a href="${button.url}" style="color:#1d4ed8;">${button.url}</a></p>` : ""}`
    : html`<p style="${STYLE.small}">${t("Mail.Account.LinkRemoved")}</p>`;
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="${STYLE.body}">
<div style="${STYLE.wrapper}">
<div style="${STYLE.card}">
<p style="${STYLE.paragraph}">${t("Mail.Greeting")}</p>
${paragraphs(view.paragraphsBefore)}
${action}
${paragraphs(view.paragraphsAfter)}
</div>
<p style="${STYLE.footer}">${t("Mail.Account.Footer")}</p>
</div>
</body>
</html>
`;
}
