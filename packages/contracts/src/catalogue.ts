import {
  DECIMAL_PATTERN,
  MAX_CURRENCY_DECIMALS,
  ORDER_FIELD_FORMATS,
  ORDER_FIELD_TYPES,
} from "@obmen/domain";
import { z } from "zod";
import { dataResponse } from "./response.ts";
import { RowId } from "./whole-number.ts";

/**
 * The catalogue as the API answers it (spec §3). Wire names follow the spec exactly, even
 * `comission_amount`. Every amount and rate is a decimal string, never a JSON number.
 */
export const DecimalString = z
  .string()
  .regex(DECIMAL_PATTERN, "must be a decimal number written with a point");

/** How many decimal places a currency's amounts have. */
export const CurrencyDecimals = z.number().int().min(0).max(MAX_CURRENCY_DECIMALS);

export const CurrencyKind = z.enum(["crypto", "bank", "ewallet"]);
export type CurrencyKind = z.infer<typeof CurrencyKind>;

export const OrderFieldType = z.enum(ORDER_FIELD_TYPES);
export type OrderFieldType = z.infer<typeof OrderFieldType>;

/**
 * A payment system's account format that narrows a field's type (decision 025): the API
 * refuses a value that does not fit it. `yoomoney_wallet`, `payeer_account`,
 * `advcash_usd_wallet` and `iban` narrow `text`; `sbp_phone` narrows `phone`.
 */
export const OrderFieldFormat = z.enum(ORDER_FIELD_FORMATS);
export type OrderFieldFormat = z.infer<typeof OrderFieldFormat>;

/** One input the customer fills for a pair, e.g. the payout wallet address (DESIGN.md). */
export const OrderFieldDefinition = z.object({
  key: z.string(),
  type: OrderFieldType,
  /** For `crypto_address`: the network whose address rules apply (`BTC`, `ETH`, `TRX`, `TON`, …). */
  network: z.string().nullable(),
  /** The account format the value must have, or null for the type's own rule. */
  format: OrderFieldFormat.nullable(),
  /** Label in the request's language. */
  label: z.string(),
  required: z.boolean(),
  /** Which currency of the pair the field belongs to. */
  side: z.enum(["send", "receive"]),
});
export type OrderFieldDefinition = z.infer<typeof OrderFieldDefinition>;

export const CurrencyInService = z.object({
  reserve: z.object({ name: z.string(), reserve: DecimalString }),
  decimal: CurrencyDecimals,
  min_send_sum: DecimalString.nullable(),
  max_send_sum: DecimalString.nullable(),
  min_receive_sum: DecimalString.nullable(),
  max_receive_sum: DecimalString.nullable(),
  send_limit: z.object({
    min_send_sum: DecimalString.nullable(),
    max_send_sum: DecimalString.nullable(),
  }),
});
export type CurrencyInService = z.infer<typeof CurrencyInService>;

export const Currency = z.object({
  id: z.number().int(),
  pay_system: z.object({ name: z.string(), icon: z.string(), network_code: z.string().nullable() }),
  currency_code: z.object({ name: z.string() }),
  /** BestChange-style code (`BTC`, `USDTTRC20`, `SBERRUB`); also the URL slug. */
  url_xml: z.string(),
  /** Grouping for the calculator's lists. */
  kind: CurrencyKind,
  currency_in_services: CurrencyInService,
});
export type Currency = z.infer<typeof Currency>;

export const PairRate = z.object({
  send_rate: DecimalString,
  receive_rate: DecimalString,
  send_rate_real: DecimalString,
  receive_rate_real: DecimalString,
  comission_amount: DecimalString,
});
export type PairRate = z.infer<typeof PairRate>;

export const CurrencyPairEntry = z.object({
  id: z.number().int(),
  rate: PairRate,
  currency_pair: z.object({ send_currency: Currency, receive_currency: Currency }),
  fields: z.array(OrderFieldDefinition),
});
export type CurrencyPairEntry = z.infer<typeof CurrencyPairEntry>;

export const CurrencyPairListResponse = dataResponse(z.array(CurrencyPairEntry));
export const CurrencyPairResponse = dataResponse(CurrencyPairEntry);

export const CurrencyPairRequest = z.strictObject({
  currency_pairs_in_service_id: RowId,
});
