import type { AdminOrder } from "@obmen/contracts";
import { useI18n } from "../../i18n.tsx";

/**
 * What the chain watcher saw for the order (issue 28), beside the customer's claim: where it
 * is paid, the transaction, its confirmations and "confirmed on chain" once they are enough.
 * Nothing for a currency an operator confirms by hand.
 */
export function ChainPaymentFacts({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const chain = order.chain_payment;
  if (!chain) return null;
  const received = chain.received;
  const confirmed = received !== null && received.confirmations >= received.required_confirmations;
  return (
    <>
      <dt>{t("Console.PaymentWatch.ChainTarget")}</dt>
      <dd className="mono wrap">
        {chain.address ?? chain.invoice_id} · {chain.amount} {order.send_currency.currency_code}
      </dd>
      <dt>{t("Console.PaymentWatch.Title")}</dt>
      <dd data-testid="chain-payment">
        {received === null ? (
          t("Console.PaymentWatch.ChainNothing")
        ) : (
          <>
            <strong>
              {confirmed
                ? t("Console.PaymentWatch.ChainConfirmed")
                : t("Console.PaymentWatch.ChainSeen", {
                    count: received.confirmations,
                    required: received.required_confirmations,
                  })}
            </strong>
            {" · "}
            {t("Console.PaymentWatch.Received")}: {received.amount}{" "}
            {order.send_currency.currency_code}
            <br />
            <span className="mono wrap">{received.tx_id}</span>{" "}
            {received.explorer_url && (
              <a href={received.explorer_url} target="_blank" rel="noopener noreferrer">
                {t("Console.PaymentWatch.Explorer")}
              </a>
            )}
          </>
        )}
      </dd>
    </>
  );
}
