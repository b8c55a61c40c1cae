import { isLocale, type Locale } from "@obmen/contracts";
import { mailOutbox, type Transaction } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { escapeHtml } from "../../mail/templates/html.ts";

/**
 * The partner's letter when a withdrawal is paid or rejected, written to the outbox in the
 * decision's transaction (decision 020) in the partner's language (`users.lang`). Rendered
 * here, since it carries no link or secret: the outbox keeps its text as the mail log.
 */
export async function enqueueWithdrawalLetter(options: {
  tx: Transaction;
  to: string;
  lang: string;
  decision: "paid" | "rejected";
  withdrawal: { id: number; amount: string; currency: string };
  /** The payout's reference (paid) or the operator's reason (rejected), if given. */
  note: string | null;
  appUrl: string;
}): Promise<void> {
  const locale: Locale = isLocale(options.lang) ? options.lang : "ru";
  const t = translatorFor(locale);
  const kind = options.decision === "paid" ? "Paid" : "Rejected";
  const values = {
    id: options.withdrawal.id,
    amount: options.withdrawal.amount,
    currency: options.withdrawal.currency,
  };
  const subject = t(`Mail.Affiliate.${kind}.Subject`, values);
  const intro = t(`Mail.Affiliate.${kind}.Intro`, values);
  const note = options.note ? t(`Mail.Affiliate.${kind}.Note`, { note: options.note }) : null;
  const link = new URL(`${locale === "ru" ? "" : `/${locale}`}/account/affiliate`, options.appUrl)
    .href;
  const lines = [t("Mail.Greeting"), intro, note, `${t("Mail.Affiliate.Open")}: ${link}`];
  const text = lines.filter(Boolean).join("\n\n");
  const html = lines
    .filter((line): line is string => Boolean(line))
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
  await options.tx.insert(mailOutbox).values({
    to: options.to,
    subject,
    text,
    html,
    locale,
    kind: `affiliate_withdrawal_${options.decision}`,
  });
}
