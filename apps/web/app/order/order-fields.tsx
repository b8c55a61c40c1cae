import type { OrderInfo } from "@obmen/contracts";
import { useTranslation } from "../i18n/i18n-context.tsx";

type Side = OrderInfo["fields"][number]["side"];

const HEADINGS = {
  send: "Order.SendDetailsHeading",
  receive: "Order.DetailsHeading",
} as const satisfies Record<Side, string>;

/**
 * What the customer filled in for one side of the order: the card they pay from (`send`) or
 * where the payout goes (`receive`). Values come masked from the API (decision 023).
 */
export function OrderFields({ fields, side }: { fields: OrderInfo["fields"]; side: Side }) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => field.side === side);
  if (shown.length === 0) return null;
  const headingId = `${side}-details-heading`;
  return (
    <section className="order__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(HEADINGS[side])}</h2>
      <dl className="order__facts">
        {shown.map((field) => (
          <div key={field.key}>
            <dt>{field.label}</dt>
            <dd className="order__field-value">{field.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
