import { isPlainDecimal } from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";

const EN_GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * Reads an amount as a visitor types it into the calculator and returns a plain decimal
 * string for the domain functions (`"8116.4"`), or null when it is not a number. Spaces of any
 * kind (the no-break space Intl groups with) are ignored; Russian and Ukrainian take a comma or
 * a point as the decimal separator; English takes the point, and a comma only as thousands
 * grouping (`8,116.40`) — otherwise `100,5` means 100.5 there too. A trailing separator while
 * typing (`100,`) reads as the whole number. It reads back what `formatAmountInput` (from
 * @obmen/domain) writes into the fields.
 */
export function parseAmountText(text: string, locale: Locale): string | null {
  let value = text.replace(/[\s\u00a0\u202f']/g, "");
  if (locale === "en" && EN_GROUPED.test(value)) value = value.replaceAll(",", "");
  value = value.replace(",", ".").replace(/\.$/, "");
  return isPlainDecimal(value) && !value.startsWith("-") ? value : null;
}
