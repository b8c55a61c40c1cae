import type { Locale } from "@obmen/contracts";
import type { Translate } from "@obmen/i18n";
import { html, multiline, type SafeHtml } from "./html.ts";
import {
  buildOrderMailView,
  type DetailRow,
  type OrderMailView,
  type OrderMailViewInput,
} from "./order-mail-view.ts";

export interface RenderedMail {
  locale: Locale;
  subject: string;
  text: string;
  html: string;
}

/** An order mail in the order's language, as plain text and as simple inline-styled HTML. */
export function renderOrderMail(input: OrderMailViewInput): RenderedMail {
  const view = buildOrderMailView(input);
  return {
    locale: view.locale,
    subject: view.subject,
    text: renderText(view),
    html: renderHtml(view).value,
  };
}

function renderText(view: OrderMailView): string {
  const { t } = view;
  const rows = (list: DetailRow[]) => list.map((row) => `${row.label}: ${row.value}`).join("\n");
  const blocks: string[] = [t("Mail.Greeting"), ...view.intro];
  if (view.comment) blocks.push(`${t("Mail.OperatorComment")}: ${view.comment}`);
  if (view.payment) {
    const { text, target, holder, demo } = view.payment;
    const warning = demo ? demoWarning(t) : null;
    const lines = [t("Mail.PaymentHeading"), text, warning, target, holder].filter(Boolean);
    blocks.push(lines.join("\n"), t("Mail.AfterPayment"));
  }
  blocks.push(`${t("Mail.DetailsHeading")}\n${rows(view.details)}`);
  if (view.customerFields.length > 0) {
    blocks.push(`${t("Mail.YourDetails")}\n${rows(view.customerFields)}`);
  }
  blocks.push(`${t("Mail.OrderLinkIntro")}\n${view.orderUrl}`, `—\n${t("Mail.Footer")}`);
  return `${blocks.join("\n\n")}\n`;
}

/** The order page's "demo details, do not pay" (Order.DemoTarget), as one sentence pair. */
function demoWarning(t: Translate): string {
  return `${t("Order.DemoTarget.Title")} ${t("Order.DemoTarget.Text")}`;
}

const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f4f6;",
  wrapper:
    "max-width:600px;margin:0 auto;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;",
  card: "background-color:#ffffff;border-radius:8px;padding:24px;",
  heading: "margin:24px 0 8px;font-size:17px;line-height:1.3;color:#111827;",
  paragraph: "margin:0 0 12px;",
  note: "margin:0 0 12px;padding:12px;background-color:#f3f4f6;border-radius:6px;",
  warning:
    "margin:0 0 12px;padding:12px;background-color:#fef3f2;border:2px solid #b42318;border-radius:6px;color:#7a271a;",
  instructions:
    "margin:0 0 12px;padding:12px;background-color:#eef2ff;border-radius:6px;font-family:Consolas,Menlo,monospace;font-size:14px;word-break:break-all;",
  table: "width:100%;border-collapse:collapse;",
  label: "padding:6px 12px 6px 0;color:#4b5563;vertical-align:top;width:40%;",
  value: "padding:6px 0;font-weight:bold;vertical-align:top;word-break:break-word;",
  button:
    "display:inline-block;padding:12px 20px;background-color:#1d4ed8;border-radius:6px;color:#ffffff;font-weight:bold;text-decoration:none;",
  small: "margin:16px 0 0;font-size:13px;color:#4b5563;word-break:break-all;",
  footer: "margin:16px 12px 0;font-size:12px;color:#6b7280;",
} as const;

function table(rows: DetailRow[]): SafeHtml {
  return html`<table role="presentation" style="${STYLE.table}">${rows.map(
    (row) =>
      html`<tr><td style="${STYLE.label}">${row.label}</td><td style="${STYLE.value}">${row.value}</td></tr>`,
  )}</table>`;
}

function renderHtml(view: OrderMailView): SafeHtml {
  const { t, payment } = view;
  const paymentBlock = payment
    ? html`<h2 style="${STYLE.heading}">${t("Mail.PaymentHeading")}</h2>
<p style="${STYLE.paragraph}">${payment.text}</p>
${payment.demo ? html`<p style="${STYLE.warning}"><strong>${demoWarning(t)}</strong></p>` : ""}
${payment.target ? html`<p style="${STYLE.instructions}">${multiline(payment.target)}</p>` : ""}
${payment.holder ? html`<p style="${STYLE.paragraph}">${multiline(payment.holder)}</p>` : ""}
<p style="${STYLE.paragraph}">${t("Mail.AfterPayment")}</p>`
    : "";
  const comment = view.comment
    ? html`<p style="${STYLE.note}"><strong>${t("Mail.OperatorComment")}:</strong> ${view.comment}</p>`
    : "";
  const customerFields =
    view.customerFields.length > 0
      ? html`<h2 style="${STYLE.heading}">${t("Mail.YourDetails")}</h2>${table(view.customerFields)}`
      : "";
  return html`<!doctype html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${view.subject}</title>
</head>
<body style="${STYLE.body}">
<div style="${STYLE.wrapper}">
<div style="${STYLE.card}">
<p style="${STYLE.paragraph}">${t("Mail.Greeting")}</p>
${view.intro.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p>`)}
${comment}
${paymentBlock}
<h2 style="${STYLE.heading}">${t("Mail.DetailsHeading")}</h2>
${table(view.details)}
${customerFields}
<p style="margin:24px 0 0;"><a href="${view.orderUrl}" style="${STYLE.button}">${t("Mail.OpenOrder")}</a></p>
<p style="${STYLE.small}">${t("Mail.OrderLinkIntro")} <a href="${view.orderUrl}" style="color:#1d4ed8;">${view.orderUrl}</a></p>
</div>
<p style="${STYLE.footer}">${t("Mail.Footer")}</p>
</div>
</body>
</html>
`;
}
