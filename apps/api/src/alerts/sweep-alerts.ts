import type { AlertEvent } from "@obmen/contracts";
import {
  consoleSettings,
  type Database,
  lowReserveWarnings,
  mailOutbox,
  operatorAlerts,
  type Transaction,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";
import { readAlertSettings, type StoredAlertSettings } from "./alert-settings.ts";
import {
  type AlertText,
  lowReserveAlert,
  newOrderAlert,
  type OrderAlertFacts,
  paidOrderAlert,
} from "./alert-texts.ts";

/** The `console_settings` row holding the last `order_events.id` the sweep is done with. */
export const ALERT_CURSOR_KEY = "alerts_cursor";
/** Events read per sweep; a longer backlog continues in the next one. */
const BATCH = 500;
/**
 * An event is read again until it is this old. Identity ids are taken when a row is inserted,
 * not when its transaction commits, so an event with a lower id than one already seen can
 * still appear; a transaction open longer than this could be missed (orders are written in
 * one statement). Reading one twice writes one alert (`dedupe_key`).
 */
const SETTLE_SECONDS = 30;

export interface SweepReport {
  alerts: number;
  cursor: number;
}

/**
 * Turns what happened since the last sweep into operator alerts (decision 038 "Alerts"): new
 * and paid orders from `order_events` after a stored cursor, and currencies whose available
 * reserve crossed below their `reserve_warning`. One transaction writes the alerts, their
 * e-mails (`mail_outbox`) and the moved cursor, with the cursor row locked, so replicas sweeping
 * at once take turns and nothing is alerted twice. Orders themselves never wait for it.
 */
export async function sweepOperatorAlerts(options: {
  db: Database;
  appUrl: string;
}): Promise<SweepReport> {
  return options.db.transaction(async (tx) => {
    const cursor = await lockCursor(tx);
    const settings = await readAlertSettings(tx);
    let alerts = 0;
    const write = async (kind: AlertEvent, dedupeKey: string, text: AlertText) => {
      if (await writeAlert(tx, settings, kind, dedupeKey, text)) alerts += 1;
    };

    // Nobody to tell: skip to the newest event instead of reading the backlog in batches.
    const nobody =
      settings.emails.length === 0 && !(settings.telegramTokenSealed && settings.telegramChatId);
    const events = nobody ? [] : await readOrderEvents(tx, cursor);
    for (const event of events) {
      const kind = event.status === "new" ? "new_order" : "paid_order";
      if (!settings.events[kind]) continue;
      const facts: OrderAlertFacts = {
        orderId: event.orderId,
        send: {
          amount: event.sendAmount,
          code: event.sendCode,
          decimals: Number(event.sendDecimals),
          paySystem: event.sendPaySystem,
        },
        receive: {
          amount: event.receiveAmount,
          code: event.receiveCode,
          decimals: Number(event.receiveDecimals),
          paySystem: event.receivePaySystem,
        },
        email: event.email,
        link: new URL(`admin/orders/${event.orderId}`, options.appUrl).href,
      };
      const text =
        kind === "new_order"
          ? newOrderAlert(facts, settings.language)
          : paidOrderAlert(facts, settings.language);
      await write(kind, `order-event:${event.id}`, text);
    }
    const firstUnsettled = events.find((event) => !event.settled);
    const last = events.at(-1);
    const next = nobody
      ? await newestEventId(tx, cursor)
      : firstUnsettled
        ? firstUnsettled.id - 1
        : (last?.id ?? cursor);
    if (next > cursor) {
      await tx
        .update(consoleSettings)
        .set({ value: next, updatedAt: new Date() })
        .where(eq(consoleSettings.key, ALERT_CURSOR_KEY));
    }

    for (const crossing of await findReserveCrossings(tx)) {
      if (!crossing.low) {
        await tx
          .delete(lowReserveWarnings)
          .where(eq(lowReserveWarnings.currencyId, crossing.currencyId));
        continue;
      }
      // Remembered whether or not low-reserve alerts are on, so turning them on later does
      // not report every reserve that was already low.
      const [warned] = await tx
        .insert(lowReserveWarnings)
        .values({ currencyId: crossing.currencyId })
        .onConflictDoNothing()
        .returning({ at: lowReserveWarnings.warnedAt });
      if (!warned || !settings.events.low_reserve) continue;
      const text = lowReserveAlert(
        {
          currency: crossing.currency,
          code: crossing.code,
          decimals: crossing.decimals,
          available: crossing.available,
          warning: crossing.warning,
          link: new URL("admin/dashboard", options.appUrl).href,
        },
        settings.language,
      );
      await write("low_reserve", `low-reserve:${crossing.currencyId}:${warned.at.getTime()}`, text);
    }
    return { alerts, cursor: Math.max(next, cursor) };
  });
}

/**
 * The cursor row, locked for this transaction. Made on first use at the newest event, so an
 * exchange that turns alerts on is not sent its whole history (alert-jobs.ts makes it at start).
 */
export async function ensureAlertCursor(db: Database | Transaction) {
  await db.execute(sql`
    insert into console_settings (key, value)
    select ${ALERT_CURSOR_KEY}, to_jsonb(coalesce(max(id), 0)) from order_events
    on conflict (key) do nothing
  `);
}

async function lockCursor(tx: Transaction): Promise<number> {
  await ensureAlertCursor(tx);
  const [row] = await tx
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, ALERT_CURSOR_KEY))
    .for("update");
  return Number(row?.value ?? 0);
}

async function newestEventId(tx: Transaction, cursor: number): Promise<number> {
  const result = await tx.execute<{ id: number | null }>(
    sql`select max(id) as id from order_events`,
  );
  return Math.max(cursor, Number(result.rows[0]?.id ?? 0));
}

type OrderEventRow = {
  id: number;
  status: "new" | "paid";
  settled: boolean;
  orderId: string;
  sendAmount: string;
  receiveAmount: string;
  sendCode: string;
  receiveCode: string;
  sendDecimals: number;
  receiveDecimals: number;
  sendPaySystem: string;
  receivePaySystem: string;
  email: string;
};

async function readOrderEvents(tx: Transaction, cursor: number): Promise<OrderEventRow[]> {
  const result = await tx.execute<OrderEventRow>(sql`
    select e.id, e.status,
      e.created_at < now() - ${SETTLE_SECONDS}::double precision * interval '1 second' as settled,
      o.id as "orderId", o.send_amount::text as "sendAmount",
      o.receive_amount::text as "receiveAmount", o.email,
      sc.currency_code as "sendCode", sc.decimals as "sendDecimals", sp.name as "sendPaySystem",
      rc.currency_code as "receiveCode", rc.decimals as "receiveDecimals",
      rp.name as "receivePaySystem"
    from order_events e
    join orders o on o.id = e.order_id
    join currencies sc on sc.id = o.send_currency_id
    join pay_systems sp on sp.id = sc.pay_system_id
    join currencies rc on rc.id = o.receive_currency_id
    join pay_systems rp on rp.id = rc.pay_system_id
    where e.id > ${cursor} and e.status in ('new', 'paid')
    order by e.id
    limit ${BATCH}
  `);
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    sendAmount: toDecimal(row.sendAmount).toFixed(),
    receiveAmount: toDecimal(row.receiveAmount).toFixed(),
  }));
}

interface ReserveCrossing {
  currencyId: number;
  /** `RUB Sberbank`. */
  currency: string;
  code: string;
  decimals: number;
  available: string;
  warning: string;
  /** Below the warning now (the row to keep), or back above it (the row to remove). */
  low: boolean;
}

/** Currencies whose state differs from what is remembered: newly low, or no longer low. */
async function findReserveCrossings(tx: Transaction): Promise<ReserveCrossing[]> {
  const result = await tx.execute<{
    currencyId: number;
    currency: string;
    code: string;
    decimals: number;
    reserve: string;
    held: string | null;
    warning: string | null;
    warned: boolean;
  }>(sql`
    select c.id as "currencyId", c.currency_code || ' ' || p.name as currency,
      c.currency_code as code, c.decimals,
      c.reserve::text as reserve, h.held::text as held, c.reserve_warning::text as warning,
      w.currency_id is not null as warned
    from currencies c
    join pay_systems p on p.id = c.pay_system_id
    left join currency_held h on h.currency_id = c.id
    left join low_reserve_warnings w on w.currency_id = c.id
    where c.reserve_warning is not null or w.currency_id is not null
  `);
  const crossings: ReserveCrossing[] = [];
  for (const row of result.rows) {
    const available = toDecimal(row.reserve).minus(row.held ?? "0");
    const low = row.warning !== null && available.lt(row.warning);
    if (low === row.warned) continue;
    crossings.push({
      currencyId: Number(row.currencyId),
      currency: row.currency,
      code: row.code,
      decimals: Number(row.decimals),
      available: available.toFixed(),
      warning: row.warning === null ? "" : toDecimal(row.warning).toFixed(),
      low,
    });
  }
  return crossings;
}

/**
 * One alert and its e-mails, unless this event was alerted before. Telegram is left pending
 * for the sender (deliver-telegram-alerts.ts), or skipped when no chat is set up.
 */
export async function writeAlert(
  tx: Transaction,
  settings: StoredAlertSettings,
  /**
   * `payment_mismatch` (issue 28) and the rate alerts (apps/api/src/rates/rate-alerts.ts) are
   * always sent: they need an operator, and no setting turns them off.
   */
  kind: AlertEvent | "payment_mismatch" | "rate_source_silent" | "rate_jump",
  dedupeKey: string,
  alert: AlertText,
): Promise<boolean> {
  const telegram = settings.telegramTokenSealed && settings.telegramChatId ? "pending" : "skipped";
  // Nobody to tell: nothing is written (the cursor still moves past the event).
  if (telegram === "skipped" && settings.emails.length === 0) return false;
  const [row] = await tx
    .insert(operatorAlerts)
    .values({ dedupeKey, kind, text: alert.text, telegramStatus: telegram })
    .onConflictDoNothing()
    .returning({ id: operatorAlerts.id });
  if (!row) return false;
  if (settings.emails.length > 0) {
    await tx.insert(mailOutbox).values(
      settings.emails.map((to) => ({
        to,
        subject: alert.subject,
        text: alert.text,
        locale: settings.language,
        kind: "operator_alert",
        // The console shows each alert's deliveries (issue 26 point 10).
        operatorAlertId: row.id,
      })),
    );
  }
  return true;
}
