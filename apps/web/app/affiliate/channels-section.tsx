import type { RefChannel, RefChannelDay } from "@obmen/contracts";
import { Form, useNavigation, useSubmit } from "react-router";
import {
  AccountNotice,
  FieldMessage,
  type FormAnswer,
  useFormResult,
} from "../account/account-form-ui.tsx";
import { readableAmount } from "../account/readable-amount.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { CopyButton } from "../order/copy-button.tsx";
import { DailyChart } from "./daily-chart.tsx";
import { CHART_DAYS, dailySeries } from "./daily-series.ts";

/**
 * The partner's channels (spec §7 `ref_channel/list`): each one's link and stats, a chart of
 * clicks and orders over the last days (of all channels or the chosen one), and the form that
 * makes a new channel.
 */
export function ChannelsSection(props: {
  channels: readonly RefChannel[];
  daily: readonly RefChannelDay[] | null;
  today: string;
  chartChannel: number | null;
  currency: string;
  answer: FormAnswer | undefined;
}) {
  const { t, locale } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // With JavaScript a choice applies at once; without it, the form's button sends it.
  const submit = useSubmit();
  const created = useFormResult(props.answer, "channel");
  const chosen = props.channels.find((channel) => channel.id === props.chartChannel);
  return (
    <section className="account-card" aria-labelledby="affiliate-channels">
      <h3 id="affiliate-channels" className="account-card__title">
        {t("Account.Affiliate.ChannelsTitle")}
      </h3>
      <p className="account-empty">{t("Account.Affiliate.ChannelsLead")}</p>
      {props.daily && (
        <div className="affiliate-chart-box">
          <Form
            method="get"
            className="affiliate-inline-form"
            preventScrollReset
            onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
          >
            <label htmlFor="affiliate-chart-channel" className="field__label">
              {t("Account.Affiliate.ChartChannel")}
            </label>
            <select
              id="affiliate-chart-channel"
              name="chart"
              className="field__input"
              defaultValue={chosen ? String(chosen.id) : ""}
            >
              <option value="">{t("Account.Affiliate.AllChannels")}</option>
              {props.channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {channel.name}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary">
              {t("Account.Affiliate.ChartShow")}
            </button>
          </Form>
          <DailyChart
            series={dailySeries(props.daily, props.today, CHART_DAYS, chosen?.id)}
            title={t("Account.Affiliate.ChartTitle", { days: CHART_DAYS })}
          />
          <p className="affiliate-chart__legend">
            {t("Account.Affiliate.ChartTitle", { days: CHART_DAYS })}
          </p>
        </div>
      )}
      <div className="affiliate-table-wrap">
        <table className="affiliate-table">
          <thead>
            <tr>
              <th scope="col">{t("Account.Affiliate.Channel")}</th>
              <th scope="col">{t("Account.Affiliate.Clicks")}</th>
              <th scope="col">{t("Account.Affiliate.Registrations")}</th>
              <th scope="col">{t("Account.Affiliate.Orders")}</th>
              <th scope="col">{t("Account.Affiliate.Earned")}</th>
            </tr>
          </thead>
          <tbody>
            {props.channels.map((channel) => (
              <tr key={channel.id}>
                <td data-label={t("Account.Affiliate.Channel")}>
                  <span className="affiliate-channel__name">{channel.name}</span>
                  <span className="affiliate-channel__link">
                    <code>{channel.ref_link}</code>
                    <CopyButton value={channel.ref_link} what={t("Account.Affiliate.Link")} />
                  </span>
                </td>
                <td data-label={t("Account.Affiliate.Clicks")}>{channel.clicks}</td>
                <td data-label={t("Account.Affiliate.Registrations")}>{channel.registrations}</td>
                <td data-label={t("Account.Affiliate.Orders")}>{channel.orders}</td>
                <td data-label={t("Account.Affiliate.Earned")}>
                  {readableAmount(channel.earned, locale)} {props.currency}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4 className="affiliate-subtitle">{t("Account.Affiliate.ChannelAdd")}</h4>
      <AccountNotice
        result={props.answer}
        intent="channel"
        done={t("Account.Affiliate.ChannelCreated")}
        known={["name"]}
      />
      <Form
        method="post"
        className="account-form"
        noValidate
        key={created.formKey}
        preventScrollReset
      >
        <input type="hidden" name="intent" value="channel" />
        <div className="field">
          <label htmlFor="channel-name" className="field__label">
            {t("Account.Affiliate.ChannelName")}
          </label>
          <input
            {...created.described("name", "channel-name")}
            name="name"
            className="field__input"
            defaultValue={created.value("name")}
            maxLength={100}
            placeholder={t("Account.Affiliate.ChannelNamePlaceholder")}
            required
          />
          <FieldMessage id="channel-name" error={created.error("name")} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {t("Account.Affiliate.ChannelSubmit")}
        </button>
      </Form>
    </section>
  );
}
