import type { OrderInfo, Recalculation } from "@obmen/contracts";
import { formatAmount, formatRate } from "@obmen/domain";
import { Form } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocale } from "../i18n/use-locale.ts";
import { OrderEmailProof } from "./order-email-proof.tsx";

/**
 * The operator recalculated the order at the current rate (decision 035): the amounts before
 * and after, the operator's note, and the customer's two answers — accept, or a refund to
 * details they type. Two plain forms posting to the page's action: they work without
 * JavaScript. Once a refund is asked for, the page says where it goes.
 */
export function RecalculationPanel({
  order,
  recalculation,
  canAnswer,
  error,
}: {
  order: OrderInfo;
  recalculation: Recalculation;
  canAnswer: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const send = { code: order.send_currency.currency_code, decimals: order.send_currency.decimal };
  const receive = {
    code: order.receive_currency.currency_code,
    decimals: order.receive_currency.decimal,
  };
  const amounts = (side: Recalculation["previous"]) => ({
    send: formatAmount({ amount: side.send_amount, currency: send, locale }),
    receive: formatAmount({ amount: side.receive_amount, currency: receive, locale }),
    rate: formatRate({
      rate: side.rate,
      sendCode: send.code,
      receiveCode: receive.code,
      locale,
    }),
  });
  const before = amounts(recalculation.previous);
  const after = amounts(recalculation.current);
  const kind = order.send_currency.kind;
  return (
    <section className="order__card recalc" aria-labelledby="recalc-heading">
      <h2 id="recalc-heading">{t("Order.Recalculation.Heading")}</h2>
      <table className="recalc__table">
        <thead>
          <tr>
            <td />
            <th scope="col">{t("Order.Recalculation.Before")}</th>
            <th scope="col">{t("Order.Recalculation.After")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("Order.Send")}</th>
            <td>{before.send}</td>
            <td data-testid="recalc-send">{after.send}</td>
          </tr>
          <tr>
            <th scope="row">{t("Order.Receive")}</th>
            <td>{before.receive}</td>
            <td data-testid="recalc-receive">
              <strong>{after.receive}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">{t("Order.Rate")}</th>
            <td>{before.rate}</td>
            <td>{after.rate}</td>
          </tr>
        </tbody>
      </table>
      {recalculation.comment && (
        <p className="recalc__comment">
          {t("Order.Recalculation.OperatorComment")}: {recalculation.comment}
        </p>
      )}
      {recalculation.state === "refund_requested" && recalculation.refund_to && (
        <p role="status">
          {t("Order.Recalculation.RefundRequested", { target: recalculation.refund_to })}
        </p>
      )}
      {error && (
        <p id="recalc-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      {canAnswer && (
        <div className="recalc__answers">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="recalculation_id" value={recalculation.id} />
            {order.email_required && (
              <OrderEmailProof id="proof-accept" maskedEmail={order.email} />
            )}
            <button type="submit" name="intent" value="recalculation_accept" className="button">
              {t("Order.Recalculation.Accept", { receive: after.receive })}
            </button>
          </Form>
          <Form method="post" preventScrollReset className="recalc__refund">
            <h3>{t("Order.Recalculation.RefundHeading")}</h3>
            <input type="hidden" name="recalculation_id" value={recalculation.id} />
            <div className="field">
              <label htmlFor="refund-to" className="field__label">
                {t(`Order.Recalculation.RefundTo.${kind}`, { code: send.code })}
              </label>
              <input
                id="refund-to"
                name="refund_to"
                className="field__input"
                required
                maxLength={128}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "recalc-error" : undefined}
              />
            </div>
            {order.email_required && (
              <OrderEmailProof id="proof-refund" maskedEmail={order.email} />
            )}
            <button
              type="submit"
              name="intent"
              value="recalculation_refund"
              className="button button--secondary"
            >
              {t("Order.Recalculation.RefundSubmit")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
