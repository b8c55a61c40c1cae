import type { AdminOrder } from "@obmen/contracts";
import { formatDateTime } from "../../format/format.ts";
import { formatMoney, formatRateSafe } from "../../format/money.ts";
import { useI18n } from "../../i18n.tsx";
import { CopyButton, StatusBadge } from "../../ui/common.tsx";

/** The order's state, amounts, rates, customer and times. */
export function OrderFacts({ order }: { order: AdminOrder }) {
  const { t, locale } = useI18n();
  return (
    <div className="card">
      <dl className="facts">
        <dt>{t("Console.Order.Status")}</dt>
        <dd>
          <StatusBadge status={order.exchange_status} />
        </dd>
        <dt>{t("Console.Order.Send")}</dt>
        <dd>
          {amountOf(order, "send", locale)} · {order.send_currency.pay_system}
        </dd>
        <dt>{t("Console.Order.Receive")}</dt>
        <dd>
          {amountOf(order, "receive", locale)} · {order.receive_currency.pay_system}
        </dd>
        <dt>{t("Console.Order.Rate")}</dt>
        <dd>
          {rateOf(order, order.rate, locale)} ({t("Console.Order.RealRate")}{" "}
          {rateOf(
            order,
            { send_rate: order.rate.send_rate_real, receive_rate: order.rate.receive_rate_real },
            locale,
          )}
          )
        </dd>
        <dt>{t("Console.Order.Email")}</dt>
        <dd className="copyable">
          <span className="wrap">{order.email}</span>{" "}
          <CopyButton value={order.email} label={t("Console.Order.Email")} />
        </dd>
        <dt>{t("Console.Order.Created")}</dt>
        <dd>{formatDateTime(order.created_at, locale)}</dd>
        <dt>{t("Console.Order.Expires")}</dt>
        <dd>{formatDateTime(order.expires_at, locale)}</dd>
        <dt>{t("Console.Order.Language")}</dt>
        <dd>{order.locale.toUpperCase()}</dd>
        {order.client_ip && (
          <>
            <dt>IP</dt>
            <dd className="mono">{order.client_ip}</dd>
          </>
        )}
        {order.payout_reference && (
          <>
            <dt>{t("Console.Order.PayoutReference")}</dt>
            <dd className="copyable">
              <span className="mono wrap">{order.payout_reference}</span>{" "}
              <CopyButton
                value={order.payout_reference}
                label={t("Console.Order.PayoutReference")}
              />
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** What the customer filled in, unmasked and each with a copy button, and their receipts. */
export function OrderCustomer({ order }: { order: AdminOrder }) {
  const { t, locale } = useI18n();
  return (
    <div className="card">
      <h2>{t("Console.Order.Fields")}</h2>
      {order.fields.length === 0 && <p>{t("Console.Order.NoFields")}</p>}
      <dl className="facts">
        {order.fields.map((field) => (
          <div key={field.key} className="facts__pair">
            <dt>{field.label}</dt>
            <dd className="copyable">
              <span className="mono wrap">{field.value}</span>{" "}
              <CopyButton value={field.value} label={field.label} />
            </dd>
          </div>
        ))}
      </dl>
      <h2>{t("Console.Order.Receipts")}</h2>
      {order.receipts.length === 0 ? (
        <p>{t("Console.Order.NoReceipts")}</p>
      ) : (
        <ul className="plain">
          {order.receipts.map((receipt) => (
            <li key={receipt.id}>
              <a href={receipt.url} target="_blank" rel="noopener noreferrer">
                {receipt.file_name}
              </a>{" "}
              <span className="muted">
                ({Math.ceil(receipt.size_bytes / 1024)} KB,{" "}
                {formatDateTime(receipt.created_at, locale)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An order's amount as the page and the letters write it (decision 022). */
export function amountOf(order: AdminOrder, side: "send" | "receive", locale: string): string {
  const currency = side === "send" ? order.send_currency : order.receive_currency;
  return formatMoney({
    amount: side === "send" ? order.send_amount : order.receive_amount,
    currency: { code: currency.currency_code, decimals: currency.decimals },
    locale,
  });
}

/** A rate as one line, `1 BTC = 7 710 580 RUB`, as the page and the letters write it. */
export function rateOf(
  order: AdminOrder,
  rate: { send_rate: string; receive_rate: string },
  locale: string,
): string {
  return formatRateSafe({
    rate,
    sendCode: order.send_currency.currency_code,
    receiveCode: order.receive_currency.currency_code,
    locale,
  });
}
