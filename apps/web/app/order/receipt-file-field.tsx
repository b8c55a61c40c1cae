import { type ChangeEvent, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { RECEIPT_ACCEPT } from "./receipt-rules.ts";
import "./receipt-file-field.css";

/**
 * The receipt's file input, drawn as a drop zone with a button and the chosen file's name
 * instead of the browser's own "Choose File" strip (347 px wide, it pushed the order page past
 * a 360 px screen). The real input lies over the whole zone, transparent: clicks, the
 * keyboard (Tab, then Space or Enter) and files dropped on it reach the native control, so
 * the form still posts a plain file without JavaScript, and screen readers still hear a file
 * input named by its label. Without JavaScript the zone says "File chosen" from CSS alone.
 * Render it inside the form that a new key resets, so the name goes with the file.
 */
export function ReceiptFileField(props: {
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setFileName(event.currentTarget.files?.[0]?.name ?? null);
    setDragging(false);
    props.onChange(event);
  };
  const zoneClass = ["file-pick", dragging && "file-pick--over", fileName && "file-pick--chosen"]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="field">
      <label htmlFor="receipt" className="field__label">
        {t("Order.Receipt.Label")}
      </label>
      <div className={zoneClass}>
        <input
          id="receipt"
          name="receipt"
          type="file"
          accept={RECEIPT_ACCEPT}
          required
          className="file-pick__input"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? "receipt-hint receipt-error" : "receipt-hint"}
          onChange={onChange}
          onDragEnter={() => setDragging(true)}
          onDragLeave={() => setDragging(false)}
          onDrop={() => setDragging(false)}
        />
        {/* The input itself tells assistive technology its value; this is for the eye. */}
        <div className="file-pick__face" aria-hidden="true">
          <span className="file-pick__button">{t("Order.Receipt.Choose")}</span>
          {fileName === null ? (
            <span className="file-pick__status">
              <span className="file-pick__none">{t("Order.Receipt.Drop")}</span>
              <span className="file-pick__some">{t("Order.Receipt.Chosen")}</span>
            </span>
          ) : (
            <span className="file-pick__status file-pick__name">{fileName}</span>
          )}
        </div>
      </div>
      <p id="receipt-hint" className="field__hint">
        {t("Order.Receipt.Hint")}
      </p>
      {props.error && (
        <p id="receipt-error" className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
