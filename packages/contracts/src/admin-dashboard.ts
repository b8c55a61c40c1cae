import { z } from "zod";
import { CurrencyDecimals, DecimalString } from "./catalogue.ts";
import { OrderStatus } from "./orders.ts";
import { dataResponse } from "./response.ts";

/**
 * The console's dashboard (`GET /admin/api/dashboard`, issue 14 point 5): today (since 00:00
 * UTC, by the hour) or the last 30 days (by the day, UTC). Money is decimal strings, each in
 * its own currency: volumes and profits of different currencies are never added together.
 */
export const DASHBOARD_PERIODS = ["today", "30d"] as const;
export const DashboardPeriod = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const AdminDashboardQuery = z.strictObject({
  period: DashboardPeriod.default("today"),
});

const DashboardCurrency = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  pay_system: z.string(),
  /** Places the currency counts in: the console writes its amounts by them (decision 022). */
  decimals: CurrencyDecimals,
});

export const AdminDashboard = z.object({
  period: DashboardPeriod,
  from: z.string(),
  to: z.string(),
  /** The chart's step: an hour for today, a day for 30 days. */
  bucket: z.enum(["hour", "day"]),
  /** Orders created in the period, by their status now (every status, zero included). */
  by_status: z.record(OrderStatus, z.number().int()),
  /**
   * Orders completed in the period, by direction: how many, what customers sent and received,
   * and the exchange's profit in the receive currency, from the real (market) and the applied
   * rate (the affiliate reward's profit, docs/decisions/029-affiliate-ledger.md).
   */
  directions: z.array(
    z.object({
      send_currency: DashboardCurrency,
      receive_currency: DashboardCurrency,
      completed: z.number().int(),
      send_volume: DecimalString,
      receive_volume: DecimalString,
      profit: DecimalString,
    }),
  ),
  /** Orders created and completed per bucket, oldest first, every bucket of the period. */
  series: z.array(
    z.object({ at: z.string(), created: z.number().int(), completed: z.number().int() }),
  ),
  /** Currencies whose available reserve (reserve − held) is below their `reserve_warning`. */
  low_reserves: z.array(
    DashboardCurrency.extend({ available: DecimalString, reserve_warning: DecimalString }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const AdminDashboardResponse = dataResponse(AdminDashboard);
