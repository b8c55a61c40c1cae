import type { OrderInfo } from "@obmen/contracts";
import { formatAmount, plainAmount } from "@obmen/domain";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocale } from "../i18n/use-locale.ts";
import { CancelOrderLink } from "./cancel-order-dialog.tsx";
import { CopyButton } from "./copy-button.tsx";
import { Countdown } from "./countdown.tsx";
import { OrderEmailProof } from "./order-email-proof.tsx";
import "./payment-panel.css";

/**
 * What to pay and where: while the order waits for payment, with the time left, "I paid" and
 * "Cancel"; afterwards folded away but kept until the order is finished, since the customer may
 * need the details again (a second transfer, a question from the bank).
 */
export function PaymentPanel(props: {
  order: OrderInfo;
  qrSvg: string | null;
  serverNow: number;
  /** Why "I paid" was refused for its e-mail (decision 052). */
  proofError?: string;
}) {
  const { order, qrSvg } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const { payment } = order;
  // A unique TRON amount (issue 28) has more places than the currency: its last ones matter.
  const decimals = Math.max(order.send_currency.decimal, payment.amount.split(".")[1]?.length ?? 0);
  const amount = formatAmount({
    amount: payment.amount,
    currency: { code: payment.currency_code, decimals },
    locale,
  });
  const targetLabel = t(`Order.Target.${payment.target_kind}`);
  const waiting = order.exchange_status === "new";
  const Frame = waiting ? "section" : "details";
  return (
    <Frame
      className={`order__card pay${waiting ? "" : " pay--kept"}`}
      aria-labelledby="pay-heading"
    >
      {waiting ? (
        <div className="pay__head">
          <h2 id="pay-heading">{t("Order.PayHeading")}</h2>
          <Countdown expiresAt={order.expires_at} serverNow={props.serverNow} />
        </div>
      ) : (
        <summary className="pay__head">
          <h2 id="pay-heading">{t("Order.PaymentKeptHeading")}</h2>
        </summary>
      )}
      <p className="pay__text">{payment.text}</p>
      {payment.demo && (
        // The demo catalogue's placeholder: a real, payable address that is not the exchange's
        // (docs/decisions/018-demo-data.md). Said before the details, where the eye lands.
        <p className="pay__demo" role="note">
          <strong>{t("Order.DemoTarget.Title")}</strong> {t("Order.DemoTarget.Text")}
        </p>
      )}
      <div className="pay__body">
        {qrSvg && (
          <div
            className="pay__qr"
            role="img"
            aria-label={t("Order.QrLabel")}
            // Drawn by the qrcode library from the payment URI on our server: paths only.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated SVG, no user markup.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        )}
        <dl className="pay__details">
          <div>
            <dt>{t("Order.Amount")}</dt>
            <dd>
              <span className="pay__value pay__value--amount">{amount}</span>
              {/* The machine form (`0.01`): what a wallet's or bank's amount field accepts. */}
              <CopyButton
                value={plainAmount({ amount: payment.amount, decimals })}
                what={t("Order.Amount")}
              />
            </dd>
          </div>
          {payment.target && (
            <div>
              <dt>{targetLabel}</dt>
              <dd>
                <span className="pay__value pay__value--mono">{payment.target}</span>
                <CopyButton value={payment.target} what={targetLabel} />
              </dd>
            </div>
          )}
          {payment.network_code && (
            <div>
              <dt>{t("Order.Network")}</dt>
              <dd>{payment.network_code}</dd>
            </div>
          )}
          {payment.holder && (
            <div>
              <dt>{t("Order.Holder")}</dt>
              <dd>{payment.holder}</dd>
            </div>
          )}
        </dl>
      </div>
      {order.customer_actions.length > 0 && (
        <div className="pay__actions">
          {order.customer_actions.includes("paid") && (
            <Form method="post" className="pay__paid">
              {order.email_required && (
                <OrderEmailProof
                  id="proof-paid"
                  maskedEmail={order.email}
                  error={props.proofError}
                />
              )}
              <button type="submit" name="intent" value="paid" className="button" disabled={busy}>
                {t("Order.Paid")}
              </button>
            </Form>
          )}
          {order.customer_actions.includes("cancelled") && <CancelOrderLink />}
        </div>
      )}
    </Frame>
  );
}
