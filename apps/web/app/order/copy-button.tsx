import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";

/** Copies a value to the clipboard and says so (politely, for screen readers too). */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={t("Order.CopyLabel", { what })}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true));
      }}
    >
      <span aria-live="polite">{copied ? t("Order.Copied") : t("Order.Copy")}</span>
    </button>
  );
}
