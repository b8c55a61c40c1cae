import type { Locale, OrderStatus, UserOrderListItem } from "@obmen/contracts";
import { currencies, type Database, orders, paySystems } from "@obmen/db";
import { and, count, desc, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import type { UserRow } from "../../http/user-auth.ts";

export const HISTORY_PAGE_SIZE = 20;

/**
 * `/rest/user/exchange/list`: the orders placed with the user's login e-mail, newest first
 * (issue 13). The e-mail, not `orders.user_id`, decides: spec §6 drops the token from
 * exchange create, so a signed-in customer's orders carry no user, and orders placed before
 * registering belong to the same person. The login is a confirmed mailbox (confirm or login
 * change proved it), the mailbox every order letter already went to, so it reveals nothing its
 * owner could not read there. Orders keep the address as typed (domain lower-cased), the login
 * is all lower case: compared through `lower(email)`, which orders_email_created_idx indexes.
 */
export async function listUserOrders(options: {
  db: Database;
  user: UserRow;
  lang: Locale;
  page?: number;
  status?: OrderStatus;
}) {
  const { db, user, lang } = options;
  const page = options.page ?? 1;
  const empty = { items: [], total: 0, page, page_size: HISTORY_PAGE_SIZE };
  // A session exists only for a confirmed login; this keeps it so should that ever change.
  if (user.emailConfirmedAt === null) return empty;

  const where = and(sql`lower(${orders.email}) = ${user.email}`, statusCondition(options.status));
  const send = alias(currencies, "send_currency");
  const receive = alias(currencies, "receive_currency");
  const sendPaySystem = alias(paySystems, "send_pay_system");
  const receivePaySystem = alias(paySystems, "receive_pay_system");
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders, send, receive, sendPaySystem, receivePaySystem })
      .from(orders)
      .innerJoin(send, eq(send.id, orders.sendCurrencyId))
      .innerJoin(receive, eq(receive.id, orders.receiveCurrencyId))
      .innerJoin(sendPaySystem, eq(sendPaySystem.id, send.paySystemId))
      .innerJoin(receivePaySystem, eq(receivePaySystem.id, receive.paySystemId))
      .where(where)
      // Orders created in one statement share created_at; the id keeps pages stable.
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const now = new Date();
  const items: UserOrderListItem[] = rows.map((row) => ({
    exchange_uuid: row.order.id,
    exchange_status: shownStatus(row.order, now),
    send_amount: row.order.sendAmount,
    receive_amount: row.order.receiveAmount,
    send_currency: {
      id: row.send.id,
      name: paySystemName(row.sendPaySystem, lang),
      code: row.send.currencyCode,
    },
    receive_currency: {
      id: row.receive.id,
      name: paySystemName(row.receivePaySystem, lang),
      code: row.receive.currencyCode,
    },
    created_at: row.order.createdAt.toISOString(),
  }));
  return { ...empty, items, total: counted?.total ?? 0 };
}

/**
 * An unpaid order past its rate lock is expired whether or not the sweep has recorded it yet,
 * as the order page shows it (orders/info/get-order-info.ts); the filter agrees with the list.
 */
function shownStatus(order: { status: OrderStatus; expiresAt: Date }, now: Date): OrderStatus {
  return order.status === "new" && order.expiresAt <= now ? "expired" : order.status;
}

function statusCondition(status: OrderStatus | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === "new") return and(eq(orders.status, "new"), gt(orders.expiresAt, sql`now()`));
  if (status === "expired") {
    return or(
      eq(orders.status, "expired"),
      and(eq(orders.status, "new"), lte(orders.expiresAt, sql`now()`)),
    );
  }
  return eq(orders.status, status);
}
