import type { CurrencyKind, OrderFieldFormat } from "../schema/catalogue.ts";
import { demoCryptoCurrencies } from "./demo-crypto.ts";
import { demoFiatCurrencies } from "./demo-fiat.ts";

/** How a customer identifies themselves or the payout for this currency (see demo-fields.ts). */
export type FieldStyle =
  | { style: "crypto"; network: string; walletName: string; memo?: boolean }
  | { style: "card" }
  | { style: "sbp" }
  | {
      style: "ewallet";
      account: { ru: string; en: string; uk: string };
      /** What an account number of this payment system looks like (decision 025). */
      format: OrderFieldFormat;
    };

export type DemoCurrency = {
  urlXml: string;
  currencyCode: string;
  kind: CurrencyKind;
  /** `nameRu`/`nameEn`/`nameUk`: only where a language writes the name its own way. */
  paySystem: {
    name: string;
    nameRu?: string;
    nameEn?: string;
    nameUk?: string;
    icon: string;
    networkCode: string | null;
  };
  decimals: number;
  reserve: string;
  reserveName: string;
  sendMin: string;
  sendMax: string;
  /** Market value of one unit: in US dollars, or as units per dollar for fiat. */
  price: { usd: string } | { perUsd: string };
  /** Network fee of a payout in this currency: the `comission_amount` of pairs receiving it. */
  payoutFee: string;
  /** Smallest payout worth its network fee: the `min_receive_sum` of pairs receiving it. */
  minPayout?: string;
  fields: FieldStyle;
};

/**
 * The demo catalogue, in display order: crypto first, then banks and e-wallets. Market prices
 * are a believable late-2026 snapshot. Some reserves (BTC, BNB, VTB, YooMoney, AdvCash) are
 * deliberately below what their pairs' limits allow, so the calculator shows the reserve cap
 * (DESIGN "Domain rules").
 */
export const demoCurrencies: DemoCurrency[] = [...demoCryptoCurrencies, ...demoFiatCurrencies];
