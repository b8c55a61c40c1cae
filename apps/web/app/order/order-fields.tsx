import type { OrderInfo } from "@obmen/contracts";
import { useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";

type Side = OrderInfo["fields"][number]["side"];

const HEADINGS = {
  send: "Order.SendDetailsHeading",
  receive: "Order.DetailsHeading",
} as const satisfies Record<Side, string>;

/**
 * What the customer filled in for one side of the order: the card they pay from (`send`) or
 * where the payout goes (`receive`). Values come masked from the API (decision 023); `full`
 * holds the values the creator's own tab kept (use-just-created.ts), each behind a toggle.
 */
export function OrderFields({
  fields,
  side,
  full,
}: {
  fields: OrderInfo["fields"];
  side: Side;
  full?: Record<string, string> | null;
}) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => field.side === side);
  if (shown.length === 0) return null;
  const headingId = `${side}-details-heading`;
  return (
    <section className="order__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(HEADINGS[side])}</h2>
      <dl className="order__facts">
        {shown.map((field) => {
          const fullValue = full?.[field.key];
          return (
            <div key={field.key}>
              <dt id={`field-${field.key}-label`}>{field.label}</dt>
              {fullValue === undefined ? (
                <dd className="order__field-value">{field.value}</dd>
              ) : (
                <RevealableValue
                  masked={field.value}
                  full={fullValue}
                  labelId={`field-${field.key}-label`}
                />
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** A masked value with "Show"/"Hide": the full one is in the page only while shown. */
function RevealableValue(props: { masked: string; full: string; labelId: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  return (
    <dd className="order__field-value order__field-value--revealable">
      <span aria-live="polite">{revealed ? props.full : props.masked}</span>
      <button
        type="button"
        className="copy-button"
        aria-describedby={props.labelId}
        onClick={() => setRevealed(!revealed)}
      >
        {revealed ? t("Order.HideValue") : t("Order.ShowValue")}
      </button>
    </dd>
  );
}
