import type { DemoCurrency } from "./demo-currencies.ts";

type FiatSpec = Omit<DemoCurrency, "paySystem" | "payoutFee" | "decimals"> & {
  paySystem: string;
  /** The bank's name where a language writes it its own way ("Сбербанк", "ПриватБанк"). */
  names?: { ru?: string; en?: string; uk?: string };
  icon: string;
};

function fiat(spec: FiatSpec): DemoCurrency {
  const { paySystem, names, icon, ...rest } = spec;
  // Bank and wallet payouts cost the customer nothing extra; the markup covers the transfer.
  return {
    ...rest,
    decimals: 2,
    payoutFee: "0",
    paySystem: {
      name: paySystem,
      nameRu: names?.ru,
      nameEn: names?.en,
      nameUk: names?.uk,
      icon: `/icons/${icon}.svg`,
      networkCode: null,
    },
  };
}

const RUB = { perUsd: "82.4" };
const UAH = { perUsd: "42.1" };
const KZT = { perUsd: "512" };
const USD = { usd: "1" };
const card = { style: "card" } as const;

/** Russian, Ukrainian and Kazakh banks, SBP and e-wallets, priced per US dollar. */
export const demoFiatCurrencies: DemoCurrency[] = [
  fiat({
    urlXml: "SBERRUB",
    currencyCode: "RUB",
    kind: "bank",
    paySystem: "Sberbank",
    names: { ru: "Сбербанк", uk: "Сбербанк" },
    icon: "sberbank",
    reserve: "18500000",
    reserveName: "Sberbank RUB",
    sendMin: "2000",
    sendMax: "1500000",
    price: RUB,
    fields: card,
  }),
  fiat({
    urlXml: "TCSBRUB",
    currencyCode: "RUB",
    kind: "bank",
    paySystem: "T-Bank",
    names: { ru: "Т-Банк", uk: "Т-Банк" },
    icon: "tbank",
    reserve: "12400000",
    reserveName: "T-Bank RUB",
    sendMin: "2000",
    sendMax: "1500000",
    price: RUB,
    fields: card,
  }),
  fiat({
    urlXml: "SBPRUB",
    currencyCode: "RUB",
    kind: "bank",
    paySystem: "SBP",
    names: { ru: "СБП", uk: "СБП" },
    icon: "sbp",
    reserve: "9100000",
    reserveName: "SBP RUB",
    sendMin: "1000",
    sendMax: "600000",
    price: RUB,
    fields: { style: "sbp" },
  }),
  fiat({
    urlXml: "ACRUB",
    currencyCode: "RUB",
    kind: "bank",
    paySystem: "Alfa-Bank",
    names: { ru: "Альфа-Банк", uk: "Альфа-Банк" },
    icon: "alfabank",
    reserve: "7600000",
    reserveName: "Alfa-Bank RUB",
    sendMin: "2000",
    sendMax: "1000000",
    price: RUB,
    fields: card,
  }),
  fiat({
    urlXml: "TBRUB",
    currencyCode: "RUB",
    kind: "bank",
    paySystem: "VTB",
    names: { ru: "ВТБ", uk: "ВТБ" },
    icon: "vtb",
    reserve: "3200000",
    reserveName: "VTB RUB",
    sendMin: "2000",
    sendMax: "1000000",
    price: RUB,
    fields: card,
  }),
  fiat({
    urlXml: "MONOBUAH",
    currencyCode: "UAH",
    kind: "bank",
    paySystem: "Monobank",
    names: { ru: "monobank", en: "monobank", uk: "monobank" },
    icon: "monobank",
    reserve: "2450000",
    reserveName: "Monobank UAH",
    sendMin: "1000",
    sendMax: "400000",
    price: UAH,
    fields: card,
  }),
  fiat({
    urlXml: "P24UAH",
    currencyCode: "UAH",
    kind: "bank",
    paySystem: "PrivatBank",
    names: { ru: "ПриватБанк", uk: "ПриватБанк" },
    icon: "privatbank",
    reserve: "1150000",
    reserveName: "PrivatBank UAH",
    sendMin: "1000",
    sendMax: "300000",
    price: UAH,
    fields: card,
  }),
  fiat({
    urlXml: "KSPBKZT",
    currencyCode: "KZT",
    kind: "bank",
    paySystem: "Kaspi Bank",
    icon: "kaspi",
    reserve: "38000000",
    reserveName: "Kaspi Bank KZT",
    sendMin: "10000",
    sendMax: "5000000",
    price: KZT,
    fields: card,
  }),
  fiat({
    urlXml: "YAMRUB",
    currencyCode: "RUB",
    kind: "ewallet",
    paySystem: "YooMoney",
    names: { ru: "ЮMoney", uk: "ЮMoney" },
    icon: "yoomoney",
    reserve: "450000",
    reserveName: "YooMoney RUB",
    sendMin: "1000",
    sendMax: "150000",
    price: RUB,
    fields: {
      style: "ewallet",
      account: {
        ru: "номер кошелька ЮMoney (4100…)",
        en: "YooMoney wallet number (4100…)",
        uk: "номер гаманця ЮMoney (4100…)",
      },
      format: "yoomoney_wallet",
    },
  }),
  fiat({
    urlXml: "PRUSD",
    currencyCode: "USD",
    kind: "ewallet",
    paySystem: "Payeer",
    icon: "payeer",
    reserve: "12500",
    reserveName: "Payeer USD",
    sendMin: "20",
    sendMax: "5000",
    price: USD,
    fields: {
      style: "ewallet",
      account: {
        ru: "номер счёта Payeer (P…)",
        en: "Payeer account number (P…)",
        uk: "номер рахунку Payeer (P…)",
      },
      format: "payeer_account",
    },
  }),
  fiat({
    urlXml: "ADVCUSD",
    currencyCode: "USD",
    kind: "ewallet",
    paySystem: "AdvCash",
    icon: "advcash",
    reserve: "3800",
    reserveName: "AdvCash USD",
    sendMin: "20",
    sendMax: "10000",
    price: USD,
    fields: {
      style: "ewallet",
      account: {
        ru: "кошелёк или e-mail AdvCash",
        en: "AdvCash wallet or e-mail",
        uk: "гаманець або e-mail AdvCash",
      },
      format: "advcash_usd_wallet",
    },
  }),
];
