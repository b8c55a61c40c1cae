import type { OrderInfo } from "@obmen/contracts";
import { formatAmount } from "@obmen/domain";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocale } from "../i18n/use-locale.ts";

/**
 * What the chain watcher has seen paid (issue 28): "payment seen, 1 of 2 confirmations" while
 * it confirms, "confirmed on chain" once it has, with the transaction on a block explorer. The
 * page's status polling brings each change without a reload; a live region reads it out.
 */
export function PaymentReceived(props: { order: OrderInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const received = props.order.payment.received;
  if (!received) return null;
  const confirmed = received.confirmations >= received.required_confirmations;
  const places = received.amount.split(".")[1]?.length ?? 0;
  const amount = formatAmount({
    amount: received.amount,
    currency: {
      code: props.order.payment.currency_code,
      decimals: Math.max(props.order.send_currency.decimal, places),
    },
    locale,
  });
  return (
    <section className="order__card paid-seen" aria-labelledby="paid-seen-heading">
      <h2 id="paid-seen-heading" role="status" className="paid-seen__state">
        {confirmed
          ? t("PaymentWatch.Confirmed")
          : t("PaymentWatch.Seen", {
              count: received.confirmations,
              required: received.required_confirmations,
            })}
      </h2>
      <p>{t("PaymentWatch.Received", { amount })}</p>
      <p className="paid-seen__tx">
        <code>{received.tx_id}</code>{" "}
        {received.explorer_url && (
          <a href={received.explorer_url} target="_blank" rel="noopener noreferrer">
            {t("PaymentWatch.Explorer")}
          </a>
        )}
      </p>
    </section>
  );
}
