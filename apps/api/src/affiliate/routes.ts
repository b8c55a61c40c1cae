import {
  RefChannelClickRequest,
  RefChannelClickResponse,
  RefChannelCreateRequest,
  RefChannelCreateResponse,
  RefChannelDailyRequest,
  RefChannelDailyResponse,
  RefChannelInfoRequest,
  RefChannelInfoResponse,
  RefChannelListRequest,
  RefChannelListResponse,
  RefProgrammeTermsRequest,
  RefProgrammeTermsResponse,
  RefReferralListRequest,
  RefReferralListResponse,
  WithdrawalCreateRequest,
  WithdrawalCreateResponse,
  WithdrawalCurrencyListRequest,
  WithdrawalCurrencyListResponse,
  WithdrawalListRequest,
  WithdrawalListResponse,
} from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { channelDaily } from "./channels/channel-daily.ts";
import { channelInfo } from "./channels/channel-info.ts";
import { countClick } from "./channels/count-click.ts";
import { createChannel } from "./channels/create-channel.ts";
import { listChannels } from "./channels/list-channels.ts";
import { listReferrals } from "./referrals/list-referrals.ts";
import { createWithdrawal } from "./withdrawals/create-withdrawal.ts";
import { listWithdrawals } from "./withdrawals/list-withdrawals.ts";
import { createNewWithdrawalQueue } from "./withdrawals/new-withdrawal-queue.ts";
import { createWithdrawalCurrencyCache } from "./withdrawals/withdrawal-currency-cache.ts";

/**
 * The affiliate programme's calls (spec §7, issue 18, docs/decisions/029-affiliate-ledger.md).
 * All but the click are `auth: "user"`, and every query names the caller as the partner, so
 * nobody reads or moves another partner's channels, referrals, balance or withdrawals.
 */
export function registerAffiliateRoutes({ define, deps }: ApiRoutes) {
  const { db, appUrl, pairCache } = deps;
  const settings = deps.affiliate;
  const withdrawalCurrencies = createWithdrawalCurrencyCache({
    db,
    settings,
    changes: deps.catalogueChanges,
  });
  const newWithdrawals = createNewWithdrawalQueue({ db });

  define({
    path: "/rest/ref_channel/list",
    methods: ["POST"],
    summary:
      "The partner's referral channels with clicks, registrations, orders and earnings; the default channel is made on the first call",
    auth: "user",
    payload: RefChannelListRequest,
    response: RefChannelListResponse,
    handler: ({ user, lang }) => listChannels({ db, appUrl, userId: user.id, lang }),
  });

  define({
    path: "/rest/ref_channel/create",
    methods: ["POST"],
    summary: "A new labelled referral channel with a link of its own (at most 100)",
    auth: "user",
    payload: RefChannelCreateRequest,
    response: RefChannelCreateResponse,
    handler: ({ payload, user, lang }) =>
      createChannel({ db, appUrl, userId: user.id, lang, name: payload.name }),
  });

  define({
    path: "/rest/ref_channel/info",
    methods: ["POST"],
    summary:
      "The default referral link and the balance (available, on hold, paid, and the debt left by a reward reversed after it was withdrawn) in the programme currency, with the programme's share and minimum withdrawal",
    auth: "user",
    payload: RefChannelInfoRequest,
    response: RefChannelInfoResponse,
    handler: ({ user, lang }) => channelInfo({ db, appUrl, settings, userId: user.id, lang }),
  });

  define({
    path: "/rest/ref_channel/daily",
    methods: ["POST"],
    summary:
      "The partner's clicks, orders and rewards per channel and UTC day over the last `days` days (default 30, at most 365); days with nothing are left out",
    auth: "user",
    payload: RefChannelDailyRequest,
    response: RefChannelDailyResponse,
    handler: ({ payload, user }) => channelDaily({ db, userId: user.id, days: payload.days ?? 30 }),
  });

  define({
    path: "/rest/ref_channel/terms",
    methods: ["POST"],
    summary:
      "The programme's terms for anyone (no user token): the partner's share of the operator's profit, the programme currency and the smallest withdrawal",
    payload: RefProgrammeTermsRequest,
    response: RefProgrammeTermsResponse,
    handler: async () => ({
      share: settings.share,
      currency: settings.currency,
      min_withdrawal: settings.minWithdrawal,
    }),
  });

  define({
    path: "/rest/ref_channel/click",
    methods: ["POST"],
    summary:
      "A visitor arrived with ?rid= (the web tier reports it with the visitor's IP in the envelope): counted once per visitor, channel and day, by a keyed hash of the IP that is never stored in clear; an unknown rid answers like a repeat",
    payload: RefChannelClickRequest,
    response: RefChannelClickResponse,
    handler: ({ payload, meta }) => countClick({ db, rid: payload.rid, ip: meta.ip }),
  });

  define({
    path: "/rest/ref_referral/list",
    methods: ["POST"],
    summary:
      "Orders brought by the partner's channels, newest first, 50 a page: date, pair, amounts, status, reward (no customer data)",
    auth: "user",
    payload: RefReferralListRequest,
    response: RefReferralListResponse,
    handler: ({ payload, user, lang }) =>
      listReferrals({ db, pairCache, userId: user.id, lang, page: payload.page }),
  });

  define({
    path: "/rest/currency/withdrawal_list",
    methods: ["POST"],
    summary:
      "Currencies a partner may be paid in, with the minimum (programme currency) and the payout fields, shaped like a pair's order fields",
    auth: "user",
    payload: WithdrawalCurrencyListRequest,
    response: WithdrawalCurrencyListResponse,
    handler: async ({ lang }) => (await withdrawalCurrencies.get(lang)).list,
  });

  define({
    path: "/rest/ref_withdrawal/create",
    methods: ["POST"],
    summary:
      "Request a payout of `amount` (programme currency) to `currency_id`; fields checked like order fields (errors under fields.<key>), minimum enforced, the amount held on the ledger; more than available is 409 CONFLICT under `amount`",
    auth: "user",
    payload: WithdrawalCreateRequest,
    response: WithdrawalCreateResponse,
    handler: ({ payload, user, lang }) =>
      createWithdrawal({
        currencies: withdrawalCurrencies,
        newWithdrawals,
        settings,
        userId: user.id,
        lang,
        currencyId: payload.currency_id,
        amount: payload.amount,
        fields: payload.fields,
      }),
  });

  define({
    path: "/rest/ref_withdrawal/list",
    methods: ["POST"],
    summary: "The partner's withdrawals, newest first: amount, currency, status, dates",
    auth: "user",
    payload: WithdrawalListRequest,
    response: WithdrawalListResponse,
    handler: ({ user, lang }) => listWithdrawals({ db, userId: user.id, lang }),
  });
}
