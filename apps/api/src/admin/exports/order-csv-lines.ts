import type { OrderStatus } from "@obmen/contracts";
import { currencies, type Database, orders } from "@obmen/db";
import { and, asc, eq, gt, gte, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { csvLine } from "./csv-cell.ts";

/** Rows read per query: the export holds one page in memory, never the year. */
const PAGE = 500;

const HEADER = [
  "exchange_uuid",
  "created_at",
  "status",
  "email",
  "send_amount",
  "send_currency",
  "receive_amount",
  "receive_currency",
  "send_rate",
  "receive_rate",
  "client_ip",
  "fields",
];

/**
 * The orders export's lines (issue 29), oldest first: a header, then one line per order, read
 * page by page on `(created_at, id)`, so the reply streams them as they come.
 */
export async function* orderCsvLines(options: {
  db: Database;
  from?: string;
  to?: string;
  status?: OrderStatus;
  /** Rows per query (tests use a small one to cross pages). */
  pageSize?: number;
}): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? PAGE;
  const send = alias(currencies, "send_currency");
  const receive = alias(currencies, "receive_currency");
  const filters: SQL[] = [];
  if (options.from) filters.push(gte(orders.createdAt, new Date(`${options.from}T00:00:00Z`)));
  if (options.to) {
    const end = new Date(`${options.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    filters.push(lt(orders.createdAt, end));
  }
  if (options.status) filters.push(eq(orders.status, options.status));
  yield csvLine(HEADER);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await options.db
      .select({ order: orders, send: send.urlXml, receive: receive.urlXml })
      .from(orders)
      .innerJoin(send, eq(send.id, orders.sendCurrencyId))
      .innerJoin(receive, eq(receive.id, orders.receiveCurrencyId))
      .where(
        and(
          ...filters,
          after
            ? or(
                gt(orders.createdAt, after.createdAt),
                and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(pageSize);
    let chunk = "";
    for (const { order, send: sendCode, receive: receiveCode } of page) {
      chunk += csvLine([
        order.id,
        order.createdAt.toISOString(),
        order.status,
        order.email,
        order.sendAmount,
        sendCode,
        order.receiveAmount,
        receiveCode,
        order.sendRate,
        order.receiveRate,
        order.clientIp,
        order.fields.map((field) => `${field.key}=${field.value}`).join("; "),
      ]);
    }
    if (chunk) yield chunk;
    if (page.length < pageSize) return;
    const last: { createdAt: Date; id: string } = page.at(-1)!.order;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
