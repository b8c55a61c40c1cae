import type { Locale } from "@obmen/contracts";
import type { Translate } from "@obmen/i18n";
import { html } from "./html.ts";

/**
 * The layout the account letters and the partner's withdrawal letters share: a 600 px card
 * that narrows to the phone's width (the viewport tag), inline styles only (mail clients drop
 * `<style>`), a greeting, paragraphs around one button, and the "sent automatically" footer.
 */
export interface LetterView {
  paragraphsBefore: string[];
  /** Null when the letter has no link to follow (the dispatcher removed a spent token). */
  button: { label: string; url: string } | null;
  /** Shown with a link that only works once: the raw URL for a mail client without buttons. */
  showUrl: boolean;
  paragraphsAfter: string[];
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

/** The letter as plain text: the same parts, the button as its URL. */
export function renderLetterText(view: LetterView, t: Translate, withoutButton?: string): string {
  const link = view.button
    ? [view.showUrl ? `${t("Mail.Account.LinkIntro")}\n${view.button.url}` : view.button.url]
    : withoutButton
      ? [withoutButton]
      : [];
  const text = [
    t("Mail.Greeting"),
    ...view.paragraphsBefore,
    ...link,
    ...view.paragraphsAfter,
    `—\n${t("Mail.Account.Footer")}`,
  ].join("\n\n");
  return `${text}\n`;
}

export function renderLetterHtml(
  view: LetterView,
  locale: Locale,
  subject: string,
  t: Translate,
  /** What stands where the button would be when there is none. */
  withoutButton?: string,
): string {
  const paragraphs = (list: string[]) =>
    list.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p>`);
  const { button } = view;
  const action = button
    ? html`<p style="margin:8px 0 20px;"><a href="${button.url}" style="${STYLE.button}">${button.label}</a></p>
${view.showUrl ? html`<p style="${STYLE.small}">${t("Mail.Account.LinkIntro")} <a href="${button.url}" style="color:#1d4ed8;">${button.url}</a></p>` : ""}`
    : withoutButton
      ? html`<p style="${STYLE.small}">${withoutButton}</p>`
      : "";
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
`.value;
}
