import type { RefChannelDay } from "@obmen/contracts";

/** How many days the chart shows (the page asks the API for as many). */
export const CHART_DAYS = 30;

/** One day of the chart: the partner's channels summed, or one channel's. */
export interface ChartDay {
  day: string;
  clicks: number;
  orders: number;
}

/**
 * The last `days` UTC days ending `today`, oldest first, each with its clicks and orders
 * (of `channelId`, or of every channel): the API lists only days with something, so the gaps
 * are filled with zeros here for an even axis.
 */
export function dailySeries(
  rows: readonly RefChannelDay[],
  today: string,
  days: number,
  channelId?: number,
): ChartDay[] {
  const byDay = new Map<string, ChartDay>();
  const end = Date.parse(`${today}T00:00:00Z`);
  const series: ChartDay[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const day = new Date(end - back * 86_400_000).toISOString().slice(0, 10);
    const entry = { day, clicks: 0, orders: 0 };
    byDay.set(day, entry);
    series.push(entry);
  }
  for (const row of rows) {
    if (channelId !== undefined && row.channel_id !== channelId) continue;
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.clicks += row.clicks;
    entry.orders += row.orders;
  }
  return series;
}
