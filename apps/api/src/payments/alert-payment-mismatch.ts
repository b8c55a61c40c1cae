import type { Transaction } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { readAlertSettings } from "../alerts/alert-settings.ts";
import { writeAlert } from "../alerts/sweep-alerts.ts";

/**
 * Tells the operators that a watched payment needs them (issue 28 point 4): a different amount
 * or a late one was recalculated, or money arrived for an order the watcher cannot move. In the
 * crediting transaction, once per order and set of transactions (`dedupe_key`), through the
 * alert channels of decision 038; always sent, whatever events the settings pick.
 */
export async function alertPaymentMismatch(options: {
  tx: Transaction;
  orderId: string;
  /** What happened: recalculated as a different or a late amount, or left to an operator. */
  kind: "mismatch" | "late" | { needsOperator: string };
  amount: string;
  expected: string;
  currencyCode: string;
  txIds: string[];
  appUrl: string;
}): Promise<void> {
  const { tx, orderId } = options;
  const settings = await readAlertSettings(tx);
  const t = translatorFor(settings.language);
  const values = {
    order: orderId.slice(0, 8),
    amount: `${options.amount} ${options.currencyCode}`,
    expected: `${options.expected} ${options.currencyCode}`,
  };
  const { kind } = options;
  const line =
    kind === "late"
      ? t("PaymentWatch.LateAlert", values)
      : kind === "mismatch"
        ? t("PaymentWatch.MismatchAlert", values)
        : t("PaymentWatch.NeedsOperatorAlert", { ...values, reason: kind.needsOperator });
  const text = [
    line,
    options.txIds.join(", "),
    new URL(`admin/orders/${orderId}`, options.appUrl).href,
  ].join("\n");
  await writeAlert(
    tx,
    settings,
    "payment_mismatch",
    `payment:${orderId}:${[...options.txIds].sort().join(",")}`,
    {
      subject: line,
      text,
    },
  );
}
