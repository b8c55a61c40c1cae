/**
 * The programme's share as a percentage in the visitor's language: `0.3` → `30 %` in Russian
 * and Ukrainian, `30%` in English. A display value only: the amounts are never computed here.
 */
export function formatShare(share: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    Number(share),
  );
}
