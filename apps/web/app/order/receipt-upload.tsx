import type { OrderInfo } from "@obmen/contracts";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { LocalTime } from "./local-time.tsx";
import { ReceiptFileField } from "./receipt-file-field.tsx";
import { checkReceiptFile } from "./receipt-rules.ts";

/**
 * "Attach a receipt" on the order page (spec §7 send-receipt): a plain multipart form posted to
 * the page's action, which forwards the file to the API. The file is checked as soon as it is
 * picked (type, 10 MB), and again on the server.
 */
export function ReceiptUpload(props: {
  receipts: OrderInfo["receipts"];
  /** The action's refusal, in the visitor's language. */
  error: string | undefined;
  /** The last upload went through (the action redirected with `?receipt=sent`). */
  sent: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "receipt";
  const [clientError, setClientError] = useState<string | undefined>(undefined);
  const error = clientError ?? (sending ? undefined : props.error);

  const check = (input: HTMLInputElement) => {
    const problem = checkReceiptFile(input.files?.[0] ?? null);
    return problem ? t(`Order.Receipt.Error.${problem}`) : undefined;
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setClientError(check(event.currentTarget));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("receipt") as HTMLInputElement;
    const message = check(input);
    if (message) {
      event.preventDefault();
      setClientError(message);
      input.focus();
    }
  };

  return (
    <section className="order__card receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{t("Order.Receipt.Heading")}</h2>
      <p className="receipt__lead">{t("Order.Receipt.Lead")}</p>
      {/* A new key after each upload empties the file input and forgets its name. */}
      <Form
        key={props.receipts.length}
        method="post"
        encType="multipart/form-data"
        className="receipt__form"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value="receipt" />
        <ReceiptFileField error={error} onChange={onChange} />
        <button type="submit" className="button button--secondary" disabled={sending}>
          {sending ? t("Order.Receipt.Sending") : t("Order.Receipt.Submit")}
        </button>
      </Form>
      {props.sent && !error && !sending && (
        <p className="receipt__sent" role="status">
          {t("Order.Receipt.Sent")}
        </p>
      )}
      {props.receipts.length > 0 && (
        <>
          <h3 className="receipt__list-heading">{t("Order.Receipt.Attached")}</h3>
          <ul className="receipt__list">
            {props.receipts.map((receipt) => (
              <li key={receipt.id}>
                <span className="receipt__name">{receipt.file_name}</span>{" "}
                <LocalTime iso={receipt.created_at} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
