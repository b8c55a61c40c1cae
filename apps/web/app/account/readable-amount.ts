import { formatAmountNumber } from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";

/** An amount as the API wrote it (its own decimal places), grouped for reading: `1 500,25`. */
export function readableAmount(amount: string, locale: Locale): string {
  const decimals = amount.split(".")[1]?.length ?? 0;
  return formatAmountNumber({ amount, decimals, locale });
}
