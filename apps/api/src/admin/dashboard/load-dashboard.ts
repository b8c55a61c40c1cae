import type { AdminDashboard, DashboardPeriod, Locale, OrderStatus } from "@obmen/contracts";
import { currencies, currencyHeld, type Database, orders, paySystems } from "@obmen/db";
import { DEFAULT_DECIMALS, type Decimal, ORDER_STATUSES, toDecimal } from "@obmen/domain";
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { orderProfit } from "../../affiliate/rewards/reward-amount.ts";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import { consoleAmount } from "../http/console-amount.ts";
import { periodBuckets } from "./period-buckets.ts";

/**
 * The console's dashboard (`GET /admin/api/dashboard`): orders of the period by status, the
 * completed ones' volume and profit by direction, orders per bucket for the chart, and the
 * currencies whose available reserve is below their warning level.
 *
 * Profit is the affiliate reward's (`orderProfit`): completed orders are summed in SQL per
 * direction and real rate, and each sum's profit computed in decimals here. The profit is
 * linear in the amounts at one real rate, so this is exact and reads a few rows per direction,
 * not one per order. An order counts as completed in the period its completion (its last
 * change: completed is final) falls in.
 */
export async function loadDashboard(options: {
  db: Database;
  period: DashboardPeriod;
  /** The console's language: pay systems are named in it, as the site names them. */
  lang?: Locale;
  now?: Date;
}): Promise<AdminDashboard> {
  const lang = options.lang ?? "ru";
  const { db } = options;
  const { from, to, bucket, starts } = periodBuckets(options.period, options.now ?? new Date());
  const [statusRows, completedRows, createdSeries, completedSeries, reserves] = await Promise.all([
    db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(gte(orders.createdAt, from))
      .groupBy(orders.status),
    db
      .select({
        sendCurrencyId: orders.sendCurrencyId,
        receiveCurrencyId: orders.receiveCurrencyId,
        sendRateReal: orders.sendRateReal,
        receiveRateReal: orders.receiveRateReal,
        count: sql<number>`count(*)::int`,
        sendAmount: sql<string>`sum(${orders.sendAmount})::text`,
        receiveAmount: sql<string>`sum(${orders.receiveAmount})::text`,
        comissionAmount: sql<string>`sum(${orders.comissionAmount})::text`,
      })
      .from(orders)
      .where(and(eq(orders.status, "completed"), gte(orders.updatedAt, from)))
      .groupBy(
        orders.sendCurrencyId,
        orders.receiveCurrencyId,
        orders.sendRateReal,
        orders.receiveRateReal,
      ),
    countPerBucket(db, bucket, sql`${orders.createdAt}`, gte(orders.createdAt, from)),
    countPerBucket(
      db,
      bucket,
      sql`${orders.updatedAt}`,
      and(eq(orders.status, "completed"), gte(orders.updatedAt, from)),
    ),
    db
      .select({
        id: currencies.id,
        currencyCode: currencies.currencyCode,
        paySystem: paySystems,
        decimals: currencies.decimals,
        reserve: currencies.reserve,
        held: currencyHeld.held,
        warning: currencies.reserveWarning,
      })
      .from(currencies)
      .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
      .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
      .where(isNotNull(currencies.reserveWarning)),
  ]);
  const names = await currencyNames(db, lang);

  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of statusRows) byStatus[row.status] = row.count;

  // Summed exactly in decimals, rounded once when sent (decision 060): a profit's exact value
  // can have more places than a decimal string may carry.
  const directions = new Map<string, DirectionSums>();
  for (const row of completedRows) {
    const key = `${row.sendCurrencyId}:${row.receiveCurrencyId}`;
    const direction = directions.get(key) ?? {
      sendCurrency: names(row.sendCurrencyId),
      receiveCurrency: names(row.receiveCurrencyId),
      completed: 0,
      sendVolume: toDecimal("0"),
      receiveVolume: toDecimal("0"),
      profit: toDecimal("0"),
    };
    direction.completed += row.count;
    direction.sendVolume = direction.sendVolume.plus(row.sendAmount);
    direction.receiveVolume = direction.receiveVolume.plus(row.receiveAmount);
    direction.profit = direction.profit.plus(orderProfit(row));
    directions.set(key, direction);
  }

  const created = new Map(createdSeries.map((row) => [row.at, row.count]));
  const completed = new Map(completedSeries.map((row) => [row.at, row.count]));
  return {
    period: options.period,
    from: from.toISOString(),
    to: to.toISOString(),
    bucket,
    by_status: byStatus,
    directions: [...directions.values()]
      .sort((a, b) => b.completed - a.completed)
      .map((direction) => ({
        send_currency: direction.sendCurrency,
        receive_currency: direction.receiveCurrency,
        completed: direction.completed,
        send_volume: consoleAmount(direction.sendVolume, direction.sendCurrency.decimals),
        receive_volume: consoleAmount(direction.receiveVolume, direction.receiveCurrency.decimals),
        profit: consoleAmount(direction.profit, direction.receiveCurrency.decimals),
      })),
    series: starts.map((start) => {
      const at = start.toISOString();
      return { at, created: created.get(at) ?? 0, completed: completed.get(at) ?? 0 };
    }),
    low_reserves: reserves.flatMap((row) => {
      const available = toDecimal(row.reserve).minus(row.held ?? "0");
      if (row.warning === null || available.gte(row.warning)) return [];
      return [
        {
          id: row.id,
          currency_code: row.currencyCode,
          pay_system: paySystemName(row.paySystem, lang),
          decimals: row.decimals,
          available: consoleAmount(available, row.decimals, "down"),
          reserve_warning: row.warning,
        },
      ];
    }),
  };
}

type DashboardCurrency = AdminDashboard["directions"][number]["send_currency"];

/** A direction's completed orders while they are summed, before rounding. */
interface DirectionSums {
  sendCurrency: DashboardCurrency;
  receiveCurrency: DashboardCurrency;
  completed: number;
  sendVolume: Decimal;
  receiveVolume: Decimal;
  profit: Decimal;
}

/** Rows per hour or day (UTC), keyed by the bucket's start as an ISO string. */
async function countPerBucket(
  db: Database,
  bucket: "hour" | "day",
  column: ReturnType<typeof sql>,
  where: ReturnType<typeof and>,
) {
  // The unit is one of two literals, written into the statement so that the select and the
  // group by are the same expression (as parameters they would be two).
  const start = sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${column} at time zone 'UTC')`;
  const rows = await db
    .select({
      at: sql<string>`to_char(${start}, 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(where)
    .groupBy(start);
  return rows;
}

/** Every currency's code, pay system and places, for naming directions and writing amounts. */
async function currencyNames(db: Database, lang: Locale) {
  const rows = await db
    .select({
      id: currencies.id,
      code: currencies.currencyCode,
      paySystem: paySystems,
      decimals: currencies.decimals,
    })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id: number) => {
    const row = byId.get(id);
    return {
      id,
      currency_code: row?.code ?? "?",
      pay_system: row ? paySystemName(row.paySystem, lang) : "?",
      decimals: row?.decimals ?? DEFAULT_DECIMALS,
    };
  };
}
