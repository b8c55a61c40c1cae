import {
  RefChannelClickResponse,
  type RefChannelCreateRequest,
  RefChannelCreateResponse,
  RefChannelDailyResponse,
  RefChannelInfoResponse,
  RefChannelListResponse,
  RefProgrammeTermsResponse,
  RefReferralListResponse,
  type WithdrawalCreateRequest,
  WithdrawalCreateResponse,
  WithdrawalCurrencyListResponse,
  WithdrawalListResponse,
} from "../affiliate.ts";
import type { DataResponseSchema } from "../response.ts";
import type { CallerContext, ResponseData } from "./client.ts";

type Call = <S extends DataResponseSchema>(
  caller: CallerContext,
  path: string,
  payload: Record<string, unknown>,
  idempotent: boolean,
  response: S,
) => Promise<ResponseData<S>>;

/**
 * The affiliate programme's calls (docs/decisions/029-affiliate-ledger.md). All but `click`
 * need the partner's session in `caller.userAuthToken`. Reads are retried; creates are not
 * (a retried withdrawal would hold the amount twice), so a failed create is shown, not repeated.
 */
export function createAffiliateClient(call: Call) {
  return {
    /** The partner's channels with their stats; the default one is made on the first call. */
    channels: (caller: CallerContext) =>
      call(caller, "/rest/ref_channel/list", {}, true, RefChannelListResponse),
    createChannel: (caller: CallerContext, form: RefChannelCreateRequest) =>
      call(caller, "/rest/ref_channel/create", { ...form }, false, RefChannelCreateResponse),
    /** The default link, the balance and the programme's terms (share, minimum). */
    info: (caller: CallerContext) =>
      call(caller, "/rest/ref_channel/info", {}, true, RefChannelInfoResponse),
    /** Stats per channel and UTC day over the last `days` days, for the chart. */
    daily: (caller: CallerContext, days?: number) =>
      call(
        caller,
        "/rest/ref_channel/daily",
        days === undefined ? {} : { days },
        true,
        RefChannelDailyResponse,
      ),
    /** The programme's terms (share, currency, minimum), for anyone: no user token needed. */
    terms: (caller: CallerContext) =>
      call(caller, "/rest/ref_channel/terms", {}, true, RefProgrammeTermsResponse),
    /**
     * A visitor arrived with `?rid=`: the web tier reports it with the visitor's IP in
     * `caller.ip` and no user token. Counted once per visitor, channel and day.
     */
    click: (caller: CallerContext, rid: string) =>
      call(caller, "/rest/ref_channel/click", { rid }, true, RefChannelClickResponse),
    referrals: (caller: CallerContext, page?: number) =>
      call(
        caller,
        "/rest/ref_referral/list",
        page === undefined ? {} : { page },
        true,
        RefReferralListResponse,
      ),
    withdrawalCurrencies: (caller: CallerContext) =>
      call(caller, "/rest/currency/withdrawal_list", {}, true, WithdrawalCurrencyListResponse),
    createWithdrawal: (caller: CallerContext, form: WithdrawalCreateRequest) =>
      call(caller, "/rest/ref_withdrawal/create", { ...form }, false, WithdrawalCreateResponse),
    withdrawals: (caller: CallerContext) =>
      call(caller, "/rest/ref_withdrawal/list", {}, true, WithdrawalListResponse),
  };
}

export type AffiliateClient = ReturnType<typeof createAffiliateClient>;
