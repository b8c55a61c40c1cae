import type { AdminOrder } from "@obmen/contracts";
import { useI18n } from "../../i18n.tsx";

export interface RefundDetails {
  refundTo: string;
  reference: string;
}

/**
 * What a refund asks for, as a completion asks for the payout's reference (issue 26 point 10):
 * where the money went back and the refund's reference, each with the server's refusal under it.
 */
export function RefundFields({
  value,
  onChange,
  fields,
}: {
  value: RefundDetails;
  onChange: (value: RefundDetails) => void;
  fields: Record<string, string>;
}) {
  const { t } = useI18n();
  const input = (
    name: "refund_to" | "refund_reference",
    label: string,
    hint: string,
    current: string,
    set: (text: string) => void,
  ) => (
    <div className="field">
      <label htmlFor={`action-${name}`}>{label}</label>
      <input
        id={`action-${name}`}
        required
        value={current}
        onChange={(event) => set(event.target.value)}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={`action-${name}-hint${fields[name] ? ` action-${name}-error` : ""}`}
      />
      <p className="muted" id={`action-${name}-hint`}>
        {hint}
      </p>
      {fields[name] && (
        <p className="field__error" id={`action-${name}-error`}>
          {fields[name]}
        </p>
      )}
    </div>
  );
  return (
    <>
      {input(
        "refund_to",
        t("ConsoleOps.Refund.RefundTo"),
        t("ConsoleOps.Refund.RefundToHint"),
        value.refundTo,
        (refundTo) => onChange({ ...value, refundTo }),
      )}
      {input(
        "refund_reference",
        t("ConsoleOps.Refund.Reference"),
        t("ConsoleOps.Refund.ReferenceHint"),
        value.reference,
        (reference) => onChange({ ...value, reference }),
      )}
    </>
  );
}

/** A refunded event's details in the order's history. */
export function RefundNote({ refund }: { refund: AdminOrder["refund"] }) {
  const { t } = useI18n();
  if (!refund) return null;
  return (
    <p className="events__comment" data-testid="refund-details">
      {t("ConsoleOps.Refund.Done", { to: refund.refund_to, reference: refund.reference })}
    </p>
  );
}
