import type { Locale, OrderStatus, UserOrderListItem } from "@obmen/contracts";
import { type Database, orders, preparedPerDatabase } from "@obmen/db";
import { and, count, desc, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PairCache } from "../../catalogue/pair-cache.ts";
import type { UserRow } from "../../http/user-auth.ts";
import { currencyLabels } from "./currency-labels.ts";

export const HISTORY_PAGE_SIZE = 20;

/**
 * `/rest/user/exchange/list`: the orders placed with the user's login e-mail, newest first
 * (issue 13). The e-mail, not `orders.user_id`, decides: spec §6 drops the token from
 * exchange create, so a signed-in customer's orders carry no user, and orders placed before
 * registering belong to the same person. The login is a confirmed mailbox (confirm or login
 * change proved it), the mailbox every order letter already went to, so it reveals nothing its
 * owner could not read there. Orders keep the address as typed (domain lower-cased), the login
 * is all lower case: compared through `lower(email)`, which orders_email_created_idx indexes.
 * One query per page in the usual case: the total rides along as a window count, and the
 * currencies' names come from the cached pair list.
 */
export async function listUserOrders(options: {
  db: Database;
  pairCache: PairCache;
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
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  // The unfiltered history is the page every visit opens: prepared once (see historyPage).
  const rows =
    options.status === undefined
      ? await historyPage(db).execute({ email: user.email, offset })
      : await selectPage(db, where).offset(offset);
  // A page past the end has no row to carry the total.
  const total =
    rows[0]?.total ??
    (page > 1 ? ((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0) : 0);
  const labels = await currencyLabels({
    db,
    pairCache: options.pairCache,
    lang,
    ids: rows.flatMap((row) => [row.sendCurrencyId, row.receiveCurrencyId]),
  });
  const now = new Date();
  const items: UserOrderListItem[] = rows.map((row) => ({
    exchange_uuid: row.id,
    exchange_status: shownStatus(row, now),
    send_amount: row.sendAmount,
    receive_amount: row.receiveAmount,
    send_currency: labels.get(row.sendCurrencyId)!,
    receive_currency: labels.get(row.receiveCurrencyId)!,
    created_at: row.createdAt.toISOString(),
  }));
  return { ...empty, items, total };
}

function selectPage(db: Database, where: SQL | undefined) {
  return (
    db
      .select({
        id: orders.id,
        status: orders.status,
        sendAmount: orders.sendAmount,
        receiveAmount: orders.receiveAmount,
        sendCurrencyId: orders.sendCurrencyId,
        receiveCurrencyId: orders.receiveCurrencyId,
        createdAt: orders.createdAt,
        expiresAt: orders.expiresAt,
        // Counted before LIMIT: the user's every matching order, not the page's.
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(orders)
      .where(where)
      // Orders created in one statement share created_at; the id keeps pages stable.
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(HISTORY_PAGE_SIZE)
      .$dynamic()
  );
}

/**
 * The unfiltered page as a prepared statement, one per database: Drizzle builds its SQL once
 * and PostgreSQL parses and plans it once per connection (issue 13's account_history_p99_ms).
 */
const historyPage = preparedPerDatabase((db) =>
  selectPage(db, sql`lower(${orders.email}) = ${sql.placeholder("email")}`)
    .offset(sql.placeholder("offset"))
    .prepare("user_history_page"),
);

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
