import { formatMoney } from "./money.ts";

/**
 * Pure helpers of the console's screens, tested in format.test.ts. Amounts and rates are written
 * by the domain's formatter through `money.ts` (`formatMoney`, `formatRateSafe`), as on the site
 * and in the letters (docs/decisions/022-amounts-and-status-names.md, 040).
 */

/** How long ago, as the largest whole unit: `{unit: "minutes", count: 5}`. */
export function ageParts(
  fromIso: string,
  now: number,
): { unit: "seconds" | "minutes" | "hours" | "days"; count: number } {
  const seconds = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
  if (seconds < 60) return { unit: "seconds", count: seconds };
  if (seconds < 3600) return { unit: "minutes", count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: "hours", count: Math.floor(seconds / 3600) };
  return { unit: "days", count: Math.floor(seconds / 86_400) };
}

/** A date and time in the operator's language, to the minute. */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(
    new Date(iso),
  );
}

/**
 * An amount whose currency's places the screen is not told (the affiliate programme's balances
 * and withdrawals, in its one currency): the shared formatter of decision 022, with the places
 * the API wrote, as the site's partner pages write the same amounts.
 */
export function formatProgrammeAmount(options: {
  amount: string;
  code: string;
  locale: string;
}): string {
  // A figure longer than any currency's places is rounded to 18 (formatMoney, issue 26).
  const decimals = Math.min(options.amount.split(".")[1]?.length ?? 0, 18);
  return formatMoney({
    amount: options.amount,
    currency: { code: options.code, decimals },
    locale: options.locale,
  });
}

/**
 * What an operator typed as a decimal, written for the API (a point, no spaces); `null` for an
 * empty input (a cleared limit). A comma is accepted as the decimal sign, as Russian writes it.
 */
export function toApiDecimal(input: string): string | null {
  const compact = input.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return compact === "" ? null : compact;
}

/**
 * The keys whose value the operator changed, for a PATCH that sends only those (the API
 * refuses an empty patch and audits the before and after of each key).
 */
export function changedValues<T extends Record<string, unknown>>(
  original: T,
  draft: Partial<T>,
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (draft[key] !== original[key]) changes[key] = draft[key];
  }
  return changes;
}

/** Statuses the desk shows first and highlights: someone must act on them. */
export const WAITING_STATUSES = ["new", "paid"] as const;

/** Which inputs an action needs before it can be sent (decision 028). */
export function actionNeeds(status: string): {
  payoutReference: boolean;
  commentRequired: boolean;
  refundDetails: boolean;
} {
  return {
    payoutReference: status === "completed",
    commentRequired: status === "hold" || status === "error",
    // Where the money went back and its reference (issue 26 point 10).
    refundDetails: status === "refunded",
  };
}
