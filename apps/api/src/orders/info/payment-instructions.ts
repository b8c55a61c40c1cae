import type { CurrencyKind, Locale, PaymentInstructions, PaymentReceived } from "@obmen/contracts";
import { formatAmount, plainAmount } from "@obmen/domain";
import { translatorFor } from "@obmen/i18n/catalogs";

/** What the instructions need of the currency the customer pays in. */
export interface SendCurrency {
  currencyCode: string;
  kind: CurrencyKind;
  networkCode: string | null;
  paySystemName: string;
  paymentTarget: string | null;
  paymentHolder: string | null;
  /** The target is still the demo catalogue's placeholder (`currencies.payment_target_demo`). */
  paymentTargetDemo: boolean;
}

/**
 * BIP-21 URI schemes: wallets scanning `bitcoin:addr?amount=0.01` prefill the amount in coins.
 * Other networks' URIs count in base units or differ between wallets, so they get the address.
 */
const URI_SCHEMES: Record<string, string> = { BTC: "bitcoin", LTC: "litecoin", DOGE: "dogecoin" };

/** Where and how the customer pays an order's send amount, in the request's language. */
export function paymentInstructions(options: {
  currency: SendCurrency;
  amount: string;
  /** The send currency's places: how the amount is written (decision 022). */
  decimals: number;
  lang: Locale;
  /**
   * The order's own target where its currency is watched on chain (issue 28): its address
   * (or the operator's TRON address) and the amount to send, unique on TRON.
   */
  own?: { target: string; amount: string } | null;
  /** What the watcher has seen paid to it. */
  received?: PaymentReceived | null;
}): PaymentInstructions {
  const { decimals, lang } = options;
  const own = options.own ?? null;
  const currency = own
    ? { ...options.currency, paymentTarget: own.target, paymentTargetDemo: false }
    : options.currency;
  const amount = own?.amount ?? options.amount;
  const targetKind = targetKindOf(currency);
  const text = translatorFor(lang)(textKeyOf(currency, targetKind), {
    // Exactly what must be sent, written as the page and the letters write amounts.
    amount: formatAmount({
      amount,
      // A unique TRON amount's last places are the point: never rounded away.
      currency: { code: currency.currencyCode, decimals: Math.max(decimals, placesOf(amount)) },
      locale: lang,
    }),
    network: currency.networkCode ?? currency.paySystemName,
    system: currency.paySystemName,
  });
  return {
    amount,
    currency_code: currency.currencyCode,
    target: currency.paymentTarget,
    holder: currency.paymentHolder,
    demo: currency.paymentTargetDemo,
    target_kind: targetKind,
    network_code: currency.networkCode,
    text,
    // A unique TRON amount has more places than the currency shows: written whole.
    qr_payload: qrPayloadOf(currency, own ? amount : plainAmount({ amount, decimals })),
    received: options.received ?? null,
  };
}

function placesOf(amount: string): number {
  return amount.split(".")[1]?.length ?? 0;
}

function textKeyOf(currency: SendCurrency, targetKind: PaymentInstructions["target_kind"]) {
  // Without a target the operator sends the details by e-mail.
  if (!currency.paymentTarget) return "Payment.manual" as const;
  // A coin on its own chain (BTC on Bitcoin) needs no network named: "0,01 BTC (BTC)" said
  // the code twice. A token (USDT on TRC20) does: the wrong network loses the money.
  const onOtherNetwork = currency.networkCode && currency.networkCode !== currency.currencyCode;
  if (targetKind === "crypto_address" && onOtherNetwork) return "Payment.crypto_address_network";
  return `Payment.${targetKind}` as const;
}

function targetKindOf(currency: SendCurrency): PaymentInstructions["target_kind"] {
  if (currency.kind === "crypto") return "crypto_address";
  const target = currency.paymentTarget ?? "";
  if (/^\+/.test(target)) return "phone";
  if (currency.kind === "bank" && /^[\d ]{13,23}$/.test(target)) return "card_number";
  return "account";
}

function qrPayloadOf(currency: SendCurrency, amount: string): string | null {
  if (currency.kind !== "crypto" || !currency.paymentTarget) return null;
  const scheme = URI_SCHEMES[currency.currencyCode];
  return scheme ? `${scheme}:${currency.paymentTarget}?amount=${amount}` : currency.paymentTarget;
}
