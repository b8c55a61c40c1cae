import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useNotify } from "../notifications/notifications.tsx";

/**
 * Copies a value to the clipboard and says so twice: on the button itself (politely, for
 * screen readers too) and as a notification at the top right (spec §2).
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
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
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          notify(t("Notify.Copied"), { kind: "success" });
        });
      }}
    >
      <span aria-live="polite">{copied ? t("Order.Copied") : t("Order.Copy")}</span>
    </button>
  );
}
