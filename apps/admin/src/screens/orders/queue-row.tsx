import type { AdminOrderListItem } from "@obmen/contracts";
import { Link } from "react-router";
import { ageParts, formatDateTime } from "../../format/format.ts";
import { formatMoney } from "../../format/money.ts";
import type { ConsoleTranslate } from "../../i18n.tsx";
import { StatusBadge } from "../../ui/common.tsx";

/** One order of the queue: its amounts as the site and the letters write them (decision 022). */
export function QueueRow({
  order,
  now,
  t,
  locale,
}: {
  order: AdminOrderListItem;
  now: number;
  t: ConsoleTranslate;
  locale: string;
}) {
  const age = ageParts(order.created_at, now);
  const waiting = order.exchange_status === "new" || order.exchange_status === "paid";
  return (
    <li className={waiting ? "queue__row queue__row--waiting" : "queue__row"}>
      <Link className="queue__link" to={`/orders/${order.exchange_uuid}`}>
        <span className="queue__id">{order.exchange_uuid}</span>
      </Link>
      <StatusBadge status={order.exchange_status} />
      <span className="queue__amounts">
        {queueAmount(order.send_amount, order.send_currency, locale)} →{" "}
        {queueAmount(order.receive_amount, order.receive_currency, locale)}
      </span>
      <span className="queue__email">{order.email}</span>
      <span className="queue__age" title={formatDateTime(order.created_at, locale)}>
        {t(`Console.Age.${age.unit}`, { count: age.count })}
      </span>
    </li>
  );
}

/**
 * The queue names a currency by its `url_xml` (`USDTTRC20`, `SBERRUB`): two currencies may share
 * a code, and the operator must tell them apart at a glance.
 */
function queueAmount(
  amount: string,
  currency: AdminOrderListItem["send_currency"],
  locale: string,
): string {
  return formatMoney({
    amount,
    currency: { code: currency.url_xml, decimals: currency.decimals },
    locale,
  });
}
