import { stripLocalePrefix } from "../i18n/locale.ts";

/** Spec §9: chat and call-back widgets load after 4500 ms … */
export const WIDGET_DELAY_MS = 4_500;
/** … or 5500 ms on pages about exchanging and paying, where the visitor is busy with a form. */
export const WIDGET_DELAY_CHECKOUT_MS = 5_500;

/**
 * The spec's "pages containing exchange/pay": any path with `exchange` or `pay` in it, and the
 * order page (`/order/{id}`), which is where an order is paid. The home page is a calculator
 * too, but its path contains neither word, so it keeps the shorter delay as the spec reads.
 */
export function widgetDelayMs(pathname: string): number {
  const path = stripLocalePrefix(pathname).toLowerCase();
  const checkout = path.includes("exchange") || path.includes("pay") || path.startsWith("/order/");
  return checkout ? WIDGET_DELAY_CHECKOUT_MS : WIDGET_DELAY_MS;
}
