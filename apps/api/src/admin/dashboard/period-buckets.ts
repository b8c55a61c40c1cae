import type { DashboardPeriod } from "@obmen/contracts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The 30-day view: today and the 29 days before it. */
const MONTH_DAYS = 30;

/**
 * A dashboard period in UTC: `today` from 00:00 by the hour up to the current hour; `30d` from
 * 00:00 twenty-nine days ago by the day. Operators work across time zones (ru, uk), and a
 * fixed zone makes two operators' figures agree; the screen labels the times in the reader's.
 */
export function periodBuckets(period: DashboardPeriod, now: Date) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const bucket = period === "today" ? ("hour" as const) : ("day" as const);
  const step = bucket === "hour" ? HOUR_MS : DAY_MS;
  const from = period === "today" ? midnight : midnight - (MONTH_DAYS - 1) * DAY_MS;
  const starts: Date[] = [];
  for (let at = from; at <= now.getTime(); at += step) starts.push(new Date(at));
  return { from: new Date(from), to: now, bucket, starts };
}
