import { useState } from "react";
import { useI18n } from "../i18n.tsx";

export const ORDER_STATUS_NAMES = [
  "new",
  "paid",
  "processing",
  "hold",
  "error",
  "completed",
  "cancelled",
  "expired",
  "refunded",
] as const;

/**
 * A status by the name the customer reads on the order page and in the letters (`Status.*`,
 * decisions 022 and 040): an operator and a customer on the phone name a state alike.
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return (
    <span className={`badge badge--${status}`}>
      {t(`Status.${status as (typeof ORDER_STATUS_NAMES)[number]}.Name`)}
    </span>
  );
}

/** Previous and next page of a list of `pageSize` rows; nothing when one page holds all. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("Console.Pager.Label")}>
      <button
        type="button"
        className="button button--quiet"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("Console.Pager.Previous")}
      </button>
      <span>{t("Console.Pager.Of", { page, pages })}</span>
      <button
        type="button"
        className="button button--quiet"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("Console.Pager.Next")}
      </button>
    </nav>
  );
}

/** Copies a value and says so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--small button--quiet"
      onClick={copy}
      aria-label={t("Console.Copy", { what: label })}
    >
      {copied ? t("Console.Copied") : t("Console.CopyShort")}
    </button>
  );
}
