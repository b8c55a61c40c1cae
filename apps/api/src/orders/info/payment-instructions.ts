import type { CurrencyKind, Locale, PaymentInstructions } from "@obmen/contracts";

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

const TEXT = {
  crypto: {
    ru: "Отправьте ровно {amount} {code} ({network}) одним переводом на адрес ниже. Другая сеть или сумма задержат обмен.",
    en: "Send exactly {amount} {code} ({network}) in one transfer to the address below. Another network or amount will delay the exchange.",
    uk: "Надішліть рівно {amount} {code} ({network}) одним переказом на адресу нижче. Інша мережа чи сума затримають обмін.",
  },
  card_number: {
    ru: "Переведите {amount} {code} на карту {system} ниже одним платежом. В комментарии ничего не пишите.",
    en: "Transfer {amount} {code} to the {system} card below in one payment. Leave the payment comment empty.",
    uk: "Перекажіть {amount} {code} на картку {system} нижче одним платежем. Коментар до платежу не пишіть.",
  },
  phone: {
    ru: "Переведите {amount} {code} по СБП на номер телефона ниже одним платежом.",
    en: "Transfer {amount} {code} via SBP (Faster Payments) to the phone number below in one payment.",
    uk: "Перекажіть {amount} {code} через СШП на номер телефону нижче одним платежем.",
  },
  account: {
    ru: "Переведите {amount} {code} в {system} на счёт ниже.",
    en: "Transfer {amount} {code} in {system} to the account below.",
    uk: "Перекажіть {amount} {code} у {system} на рахунок нижче.",
  },
  manual: {
    ru: "Реквизиты для оплаты {amount} {code} оператор пришлёт на ваш e-mail.",
    en: "The operator will e-mail you the details for paying {amount} {code}.",
    uk: "Реквізити для оплати {amount} {code} оператор надішле на ваш e-mail.",
  },
} satisfies Record<string, Record<Locale, string>>;

/** Where and how the customer pays an order's send amount, in the request's language. */
export function paymentInstructions(options: {
  currency: SendCurrency;
  amount: string;
  lang: Locale;
}): PaymentInstructions {
  const { currency, amount, lang } = options;
  const targetKind = targetKindOf(currency);
  const template = currency.paymentTarget
    ? TEXT[targetKind === "crypto_address" ? "crypto" : targetKind][lang]
    : TEXT.manual[lang];
  const text = template
    .replace("{amount}", amount)
    .replace("{code}", currency.currencyCode)
    .replace("{network}", currency.networkCode ?? currency.paySystemName)
    .replace("{system}", currency.paySystemName);
  return {
    amount,
    currency_code: currency.currencyCode,
    target: currency.paymentTarget,
    holder: currency.paymentHolder,
    demo: currency.paymentTargetDemo,
    target_kind: targetKind,
    network_code: currency.networkCode,
    text,
    qr_payload: qrPayloadOf(currency, amount),
  };
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
