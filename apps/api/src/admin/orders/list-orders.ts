import {
  ADMIN_COUNT_LIMIT,
  ADMIN_PAGE_SIZE,
  type AdminOrderListItem,
  type Locale,
  type OrderStatus,
} from "@obmen/contracts";
import { currencies, type Database, orders, paySystems } from "@obmen/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import { queuePageIds } from "./queue-page.ts";
import { searchCondition } from "./search-condition.ts";

/** Waiting for someone: the desk shows these first. */
const WAITING: OrderStatus[] = ["new", "paid"];
/** Open but being handled. */
const OPEN: OrderStatus[] = ["processing", "hold", "error"];

const sendCurrency = alias(currencies, "send_currency");
const receiveCurrency = alias(currencies, "receive_currency");
const sendPaySystem = alias(paySystems, "send_pay_system");
const receivePaySystem = alias(paySystems, "receive_pay_system");

/**
 * The order desk's queue (`GET /admin/api/orders`): `new` and `paid` first, then orders being
 * handled, oldest first in both (they have waited longest); then closed orders, newest first.
 * `q` finds an order by its number (or the number's start), the start of the customer's
 * e-mail, an amount sent or received, or a value the customer filled in (search-condition.ts).
 */
export async function listOrders(options: {
  db: Database;
  status?: OrderStatus;
  q?: string;
  page: number;
  /** The console's language: pay systems are named in it, as the site names them. */
  lang?: Locale;
  /** Count matches up to this many (default ADMIN_COUNT_LIMIT); tests lower it. */
  countLimit?: number;
}): Promise<{ items: AdminOrderListItem[]; total: number; totalCapped: boolean }> {
  const { db } = options;
  const lang = options.lang ?? "ru";
  const offset = (options.page - 1) * ADMIN_PAGE_SIZE;
  const where = and(
    options.status ? eq(orders.status, options.status) : undefined,
    options.q ? searchCondition(options.q) : undefined,
  );
  const priority = sql`case when ${inArray(orders.status, WAITING)} then 0 when ${inArray(orders.status, OPEN)} then 1 else 2 end`;
  const rowsQuery = db
    .select({
      order: {
        id: orders.id,
        status: orders.status,
        sendAmount: orders.sendAmount,
        receiveAmount: orders.receiveAmount,
        email: orders.email,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
      },
      send: sendCurrency,
      receive: receiveCurrency,
      sendPaySystem: {
        name: sendPaySystem.name,
        nameRu: sendPaySystem.nameRu,
        nameEn: sendPaySystem.nameEn,
        nameUk: sendPaySystem.nameUk,
      },
      receivePaySystem: {
        name: receivePaySystem.name,
        nameRu: receivePaySystem.nameRu,
        nameEn: receivePaySystem.nameEn,
        nameUk: receivePaySystem.nameUk,
      },
    })
    .from(orders)
    .innerJoin(sendCurrency, eq(sendCurrency.id, orders.sendCurrencyId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, orders.receiveCurrencyId))
    .innerJoin(sendPaySystem, eq(sendPaySystem.id, sendCurrency.paySystemId))
    .innerJoin(receivePaySystem, eq(receivePaySystem.id, receiveCurrency.paySystemId));
  // Without a search the page's ids come from short index scans (queue-page.ts); a search
  // reads and sorts what it matches.
  const pageRows = async () => {
    if (options.q) {
      return rowsQuery
        .where(where)
        .orderBy(
          priority,
          sql`case when ${priority} < 2 then ${orders.createdAt} end asc`,
          sql`${orders.createdAt} desc`,
          orders.id,
        )
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset);
    }
    const ids = await queuePageIds({ db, status: options.status, offset, limit: ADMIN_PAGE_SIZE });
    if (ids.length === 0) return [];
    const found = await rowsQuery.where(inArray(orders.id, ids));
    const byId = new Map(found.map((row) => [row.order.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  // Counted up to one past the limit: an exact count of a million orders is a scan of them.
  const countLimit = options.countLimit ?? ADMIN_COUNT_LIMIT;
  const matched = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(countLimit + 1)
    .as("matched");
  const [rows, [count]] = await Promise.all([
    pageRows(),
    db.select({ total: sql<number>`count(*)::int` }).from(matched),
  ]);
  const total = count?.total ?? 0;
  return {
    total: Math.min(total, countLimit),
    totalCapped: total > countLimit,
    items: rows.map((row) => ({
      exchange_uuid: row.order.id,
      exchange_status: row.order.status,
      send_amount: row.order.sendAmount,
      receive_amount: row.order.receiveAmount,
      send_currency: currencyView(row.send, paySystemName(row.sendPaySystem, lang)),
      receive_currency: currencyView(row.receive, paySystemName(row.receivePaySystem, lang)),
      email: row.order.email,
      created_at: row.order.createdAt.toISOString(),
      updated_at: row.order.updatedAt.toISOString(),
    })),
  };
}

function currencyView(currency: typeof currencies.$inferSelect, paySystem: string) {
  return {
    id: currency.id,
    url_xml: currency.urlXml,
    currency_code: currency.currencyCode,
    pay_system: paySystem,
    decimals: currency.decimals,
  };
}
