import type { AdminOrder } from "@obmen/contracts";
import { data, Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { consoleApi } from "../../api/client.ts";
import { formatDateTime } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { DESK_ROLES, requireOperator } from "../../session/session.ts";
import { StatusBadge } from "../../ui/common.tsx";
import { OrderActions } from "./order-actions.tsx";
import { OrderCustomer, OrderFacts } from "./order-facts.tsx";
import { RecalculationCard } from "./recalculation-card.tsx";
import { RefundNote } from "./refund-fields.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/admin/orders/{uuid}`: anything but an order number is an address the console has not. */
export async function orderLoader({ params, request }: LoaderFunctionArgs) {
  await requireOperator(DESK_ROLES);
  const uuid = params.uuid ?? "";
  if (!UUID.test(uuid)) throw data(null, { status: 404 });
  return consoleApi(request.signal).orders.get(uuid.toLowerCase());
}

/** One order: customer, fields unmasked, receipts, history, and the moves allowed now. */
export function OrderScreen() {
  const { t } = useI18n();
  const order = useLoaderData<typeof orderLoader>();
  const { revalidate } = useRevalidator();
  // After a move (or a 409: someone else moved it) the order is read again (decision 030).
  const reload = () => void revalidate();
  return (
    <section className="order" aria-labelledby="order-title">
      <p>
        <Link to="/">← {t("Console.Order.Back")}</Link>
      </p>
      <h1 id="order-title" className="order__title">
        {t("Console.Order.Title")} <span className="mono">{order.exchange_uuid}</span>
      </h1>
      <div className="order__grid">
        <OrderFacts order={order} />
        <OrderCustomer order={order} />
      </div>
      <OrderActions order={order} onChanged={reload} />
      <RecalculationCard
        key={`${order.exchange_status}:${order.events.length}`}
        order={order}
        onChanged={reload}
      />
      <OrderHistory order={order} />
    </section>
  );
}

function OrderHistory({ order }: { order: AdminOrder }) {
  const { t, locale } = useI18n();
  return (
    <div className="card">
      <h2>{t("Console.Order.History")}</h2>
      <ol className="events">
        {order.events.map((event) => (
          <li key={`${event.at}-${event.status}`}>
            <StatusBadge status={event.status} />{" "}
            <span className="muted">
              {formatDateTime(event.at, locale)} ·{" "}
              {event.actor.kind === "operator"
                ? event.actor.operator_email
                : t(`Console.Actor.${event.actor.kind}`)}
            </span>
            {event.comment && <p className="events__comment">{event.comment}</p>}
            <RefundNote refund={event.refund} />
          </li>
        ))}
      </ol>
    </div>
  );
}
