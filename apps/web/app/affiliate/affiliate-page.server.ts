import type { CallerContext } from "@obmen/contracts/sdk";
import type { WebTranslate } from "@obmen/i18n";
import { data, type RouterContextProvider } from "react-router";
import { loadAccountData, runAccountAction } from "../account/account-api.server.ts";
import { textField } from "../account/read-form.server.ts";
import { isUnavailable } from "../account/unavailable.ts";
import { parsePageParam } from "../content/page-param.ts";
import { renderQrSvg } from "../order/render-qr-svg.server.ts";
import { webContext } from "../web-context.server.ts";
import { CHART_DAYS } from "./daily-series.ts";
import { readSort } from "./referral-sort.ts";

/** A record id as the database's integer columns hold them (at most nine digits, below 2³¹). */
const RECORD_ID = /^[1-9]\d{0,8}$/;

/**
 * Everything `/account/affiliate` shows, each call on its own: one that fails leaves its part
 * of the page with a notice (spec §8), a session that ended sends the visitor to log in.
 * The URL carries the list's page and sort, the chart's channel and the payout currency, so
 * every control works as a plain link or GET form without JavaScript.
 */
export async function loadAffiliatePage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  caller: CallerContext,
  url: URL,
) {
  const page = parsePageParam(url.searchParams);
  if (page === null) throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404 });
  const { api } = context.get(webContext);
  const load = <T>(call: () => Promise<T>) => loadAccountData(context, request, call);
  // The channel list first: it makes the partner (and the default channel) on first use.
  const channels = await load(() => api.affiliate.channels(caller));
  const [info, daily, referrals, currencies, withdrawals] = await Promise.all([
    load(() => api.affiliate.info(caller)),
    load(() => api.affiliate.daily(caller, CHART_DAYS)),
    load(() => api.affiliate.referrals(caller, page)),
    load(() => api.affiliate.withdrawalCurrencies(caller)),
    load(() => api.affiliate.withdrawals(caller)),
  ]);
  const qrSvg = isUnavailable(info) ? null : await renderQrSvg(info.ref_link);
  const chartParam = url.searchParams.get("chart");
  const payoutParam = url.searchParams.get("payout");
  return {
    info,
    qrSvg,
    channels,
    daily,
    today: new Date().toISOString().slice(0, 10),
    chartChannel: chartParam && RECORD_ID.test(chartParam) ? Number(chartParam) : null,
    referrals,
    page,
    sort: readSort(url.searchParams),
    currencies,
    payoutId: payoutParam && RECORD_ID.test(payoutParam) ? Number(payoutParam) : null,
    withdrawals,
  };
}

/** A new channel, or a payout request: the page's two forms. */
export async function affiliatePageAction(options: {
  context: Readonly<RouterContextProvider>;
  request: Request;
  caller: CallerContext;
  form: FormData;
  t: WebTranslate;
}) {
  const { context, request, caller, form, t } = options;
  const { api } = context.get(webContext);
  const intent = textField(form, "intent");
  const run = (call: () => Promise<unknown>) =>
    runAccountAction(context, request, intent, call, t("Account.Unavailable"));

  if (intent === "channel") {
    const name = textField(form, "name").trim();
    const values = { name };
    const fields: Record<string, string> = {};
    if (name.length === 0) fields.name = t("Account.Affiliate.ChannelNameRequired");
    else if (name.length > 100) fields.name = t("Account.Affiliate.ChannelNameTooLong");
    if (Object.keys(fields).length > 0) {
      return data({ intent, ok: false as const, fields, values }, { status: 422 });
    }
    const result = await run(() => api.affiliate.createChannel(caller, { name }));
    return data({ ...result, values }, { status: result.ok ? 200 : 422 });
  }

  if (intent === "withdraw") {
    const currencyId = textField(form, "currency_id");
    const amount = textField(form, "amount").trim().replace(",", ".");
    const payout: { key: string; value: string }[] = [];
    const values: Record<string, string> = { currency_id: currencyId, amount };
    for (const [name, value] of form) {
      if (!name.startsWith("fields.") || typeof value !== "string") continue;
      payout.push({ key: name.slice("fields.".length), value: value.trim() });
      values[name] = value;
    }
    const fields: Record<string, string> = {};
    if (!RECORD_ID.test(currencyId)) {
      fields.currency_id = t("Account.Affiliate.WithdrawCurrencyRequired");
    }
    if (amount.length === 0) fields.amount = t("Account.Affiliate.WithdrawAmountRequired");
    if (Object.keys(fields).length > 0) {
      return data({ intent, ok: false as const, fields, values }, { status: 422 });
    }
    const result = await run(() =>
      api.affiliate.createWithdrawal(caller, {
        currency_id: Number(currencyId),
        amount,
        fields: payout.slice(0, 20),
      }),
    );
    return data({ ...result, values }, { status: result.ok ? 200 : 422 });
  }
  throw data("Bad Request", { status: 400 });
}
