import { MAX_CURRENCY_DECIMALS } from "@obmen/domain";
import { z } from "zod";
import { DecimalString, OrderFieldDefinition } from "./catalogue.ts";
import { visibleName } from "./display-name.ts";
import { OrderId, OrderStatus } from "./orders.ts";
import { dataResponse } from "./response.ts";
import { RowId, WholeNumber } from "./whole-number.ts";

/**
 * The affiliate programme (spec §1, §3, §4, §7, §9; issue 18; docs/decisions/029). Every call
 * but `ref_channel/click` needs the envelope's `user_auth_token`: a partner is a signed-in user,
 * and sees only its own channels, referrals and withdrawals. Amounts are decimal strings in the
 * programme currency (`balance.currency`, `AFFILIATE_CURRENCY`, default USDT).
 */

const RecordId = RowId;
const Timestamp = z.string().describe("ISO 8601 date and time, UTC");
/** A positive amount as typed: digits, an optional point, no sign, no exponent. */
const PositiveAmount = z
  .string()
  .trim()
  .regex(
    new RegExp(`^\\d{1,20}(\\.\\d{1,${MAX_CURRENCY_DECIMALS}})?$`),
    "must be a positive decimal number",
  );

/**
 * A referral channel: a labelled link `ref_link` (`{APP_URL}/?rid={code}`). Stats: `clicks`
 * (distinct visitors per day, summed), `registrations` (users who registered with its rid),
 * `orders` (orders attributed to it), `earned` (rewards net of reversals).
 */
export const RefChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The `rid` in the link. */
  rid: z.string(),
  ref_link: z.string(),
  is_default: z.boolean(),
  created_at: Timestamp,
  clicks: z.number().int(),
  registrations: z.number().int(),
  orders: z.number().int(),
  earned: DecimalString,
});
export type RefChannel = z.infer<typeof RefChannel>;

/** The partner's channels, the default one first (made on the first call). */
export const RefChannelListRequest = z.strictObject({});
export const RefChannelListResponse = dataResponse(z.array(RefChannel));

export const RefChannelCreateRequest = z.strictObject({
  name: visibleName(z.string().trim().min(1).max(100)),
});
export type RefChannelCreateRequest = z.input<typeof RefChannelCreateRequest>;
export const RefChannelCreateResponse = dataResponse(RefChannel);

/** Balances derived from the ledger: available, held by open withdrawals, paid out. */
export const AffiliateBalance = z.object({
  available: DecimalString,
  on_hold: DecimalString,
  paid: DecimalString,
  currency: z.string(),
});
export type AffiliateBalance = z.infer<typeof AffiliateBalance>;

/**
 * The partner's own balance (`ref_channel/info`): the ledger's balances and what the partner
 * owes (decision 039), so a partner with a debt can see why `available` is 0.
 */
export const PartnerBalance = AffiliateBalance.extend({
  debt: DecimalString.describe(
    "What the partner owes from a reward reversed after it was withdrawn (an order refunded " +
      'after completion), zero or more ("0" when none); the next rewards pay it off before ' +
      "`available` grows (decision 039)",
  ),
});
export type PartnerBalance = z.infer<typeof PartnerBalance>;

export const RefChannelInfoRequest = z.strictObject({});
export const RefChannelInfo = z.object({
  /** The default channel's link (spec §7 `data.ref_link`). */
  ref_link: z.string(),
  balance: PartnerBalance,
  /** The programme's terms, for the page that explains them. */
  share: DecimalString,
  min_withdrawal: DecimalString,
});
export const RefChannelInfoResponse = dataResponse(RefChannelInfo);

/**
 * The programme's terms for anyone (the public `/partner` page; signed, no user token): the
 * partner's share of the operator's profit, the programme currency and the smallest withdrawal.
 */
export const RefProgrammeTermsRequest = z.strictObject({});
export const RefProgrammeTerms = z.object({
  share: DecimalString,
  currency: z.string(),
  min_withdrawal: DecimalString,
});
export const RefProgrammeTermsResponse = dataResponse(RefProgrammeTerms);

/**
 * The partner's stats per channel and UTC day over the last `days` days (default 30), for the
 * chart on `/account/affiliate`: only days with something to count are listed.
 */
export const RefChannelDailyRequest = z.strictObject({
  days: WholeNumber.pipe(z.number().int().min(1).max(365)).optional(),
});
export const RefChannelDay = z.object({
  channel_id: z.number().int(),
  /** `YYYY-MM-DD`, UTC. */
  day: z.string(),
  clicks: z.number().int(),
  orders: z.number().int(),
  earned: DecimalString,
});
export type RefChannelDay = z.infer<typeof RefChannelDay>;
export const RefChannelDailyResponse = dataResponse(z.array(RefChannelDay));

/**
 * A visitor arrived with `?rid=`: the web tier reports it (signed, no user token; the
 * envelope's `ip` is the visitor's). Counted once per visitor, channel and day; an unknown rid
 * is answered the same `{counted: false}` as a repeat, so it tells nothing.
 */
export const RefChannelClickRequest = z.strictObject({ rid: z.string().max(64) });
export const RefChannelClickResponse = dataResponse(z.object({ counted: z.boolean() }));

export const ReferralCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
});

/** An order of a referred customer, without the customer's e-mail or details. */
export const Referral = z.object({
  exchange_uuid: OrderId,
  created_at: Timestamp,
  channel_id: z.number().int(),
  send_currency: ReferralCurrency,
  receive_currency: ReferralCurrency,
  send_amount: DecimalString,
  receive_amount: DecimalString,
  exchange_status: OrderStatus,
  /** The reward posted for it net of a reversal ("0" before completion). */
  reward: DecimalString,
});
export type Referral = z.infer<typeof Referral>;
export const RefReferralListRequest = z.strictObject({
  page: WholeNumber.pipe(z.number().int().min(1).max(10_000)).optional(),
});
export const RefReferralList = z.object({
  items: z.array(Referral),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const RefReferralListResponse = dataResponse(RefReferralList);

/** A currency a partner may be paid in, with the payout details it asks for. */
export const WithdrawalCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** In the programme currency. */
  min_amount: DecimalString,
  fields: z.array(OrderFieldDefinition),
});
export type WithdrawalCurrency = z.infer<typeof WithdrawalCurrency>;
export const WithdrawalCurrencyListRequest = z.strictObject({});
export const WithdrawalCurrencyListResponse = dataResponse(z.array(WithdrawalCurrency));

export const WithdrawalStatus = z.enum(["requested", "paid", "rejected"]);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/**
 * Asks to be paid `amount` (programme currency) to `currency_id` with `fields` checked like an
 * order's. A field error is under `fields.<key>`; below the minimum or above the available
 * balance under `amount` (the latter 409 CONFLICT).
 */
export const WithdrawalCreateRequest = z.strictObject({
  currency_id: RecordId,
  amount: PositiveAmount,
  fields: z
    .array(z.strictObject({ key: z.string().max(64), value: z.string().max(512) }))
    .max(20)
    .default([]),
});
export type WithdrawalCreateRequest = z.input<typeof WithdrawalCreateRequest>;

export const Withdrawal = z.object({
  id: z.number().int(),
  amount: DecimalString,
  currency: z.string(),
  /** The currency paid out to. */
  payout_currency: ReferralCurrency,
  status: WithdrawalStatus,
  created_at: Timestamp,
  decided_at: Timestamp.nullable(),
  /** The payout's reference once paid; the reason once rejected. */
  reference: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalCreateResponse = dataResponse(Withdrawal);
export const WithdrawalListRequest = z.strictObject({});
export const WithdrawalListResponse = dataResponse(z.array(Withdrawal));

// The console's withdrawal desk and partner list (`/admin/api/withdrawals`, `/admin/api/partners`).

export const AdminWithdrawalListQuery = z.strictObject({
  status: WithdrawalStatus.optional(),
  page: WholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
});
export const AdminWithdrawal = Withdrawal.extend({
  partner: z.object({ id: z.uuid(), email: z.string() }),
  /** The payout details, each under its label in the console's language (the key if none). */
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  operator_id: z.uuid().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalListResponse = dataResponse(
  z.object({
    items: z.array(AdminWithdrawal),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export const AdminWithdrawalParams = z.strictObject({ id: RecordId });
export const AdminWithdrawalDecision = z.strictObject({
  status: z.enum(["paid", "rejected"]),
  reference: z.string().trim().max(200).optional(),
  reason: z.string().trim().max(1000).optional(),
});
export type AdminWithdrawalDecision = z.input<typeof AdminWithdrawalDecision>;
export const AdminWithdrawalResponse = dataResponse(AdminWithdrawal);

export const AdminPartnerListQuery = z.strictObject({
  page: WholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
});
export const AdminPartner = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: Timestamp,
  channels: z.number().int(),
  orders: z.number().int(),
  balance: AffiliateBalance,
  /**
   * What the partner owes from rewards reversed after they were withdrawn (zero or more), paid
   * off by the next credits before `available` grows (decision 039).
   */
  debt: DecimalString,
});
export type AdminPartner = z.infer<typeof AdminPartner>;
export const AdminPartnerListResponse = dataResponse(
  z.object({
    items: z.array(AdminPartner),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
