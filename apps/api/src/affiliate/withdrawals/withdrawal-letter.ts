import { isLocale, type Locale } from "@obmen/contracts";
import { mailOutbox, type Transaction } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { renderLetterHtml, renderLetterText } from "../../mail/templates/letter-layout.ts";
import { programmeAmount } from "./programme-amount.ts";

/**
 * The partner's letter when a withdrawal is paid or rejected, written to the outbox in the
 * decision's transaction (decision 020) in the partner's language (`users.lang`). Rendered
 * here, since it carries no link or secret: the outbox keeps its text as the mail log. The
 * account letters' layout (a card that fits a phone, a button to the partner's page) and the
 * one formatter's amounts (`50,25 USDT`; decisions 022, 055).
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
  const letter = renderWithdrawalLetter(options);
  await options.tx.insert(mailOutbox).values({
    to: options.to,
    ...letter,
    kind: `affiliate_withdrawal_${options.decision}`,
  });
}

export function renderWithdrawalLetter(options: {
  lang: string;
  decision: "paid" | "rejected";
  withdrawal: { id: number; amount: string; currency: string };
  note: string | null;
  appUrl: string;
}): { subject: string; text: string; html: string; locale: Locale } {
  const locale: Locale = isLocale(options.lang) ? options.lang : "ru";
  const t = translatorFor(locale);
  const kind = options.decision === "paid" ? "Paid" : "Rejected";
  const { id, amount, currency } = options.withdrawal;
  const values = { id, amount: programmeAmount(amount, currency, locale) };
  const subject = t(`Mail.Affiliate.${kind}.Subject`, values);
  const url = new URL(`${locale === "ru" ? "" : `/${locale}`}/account/affiliate`, options.appUrl)
    .href;
  const view = {
    paragraphsBefore: [
      t(`Mail.Affiliate.${kind}.Intro`, values),
      ...(options.note ? [t(`Mail.Affiliate.${kind}.Note`, { note: options.note })] : []),
    ],
    button: { label: t("Mail.Affiliate.Open"), url },
    showUrl: false,
    paragraphsAfter: [],
  };
  return {
    subject,
    text: renderLetterText(view, t),
    html: renderLetterHtml(view, locale, subject, t),
    locale,
  };
}
