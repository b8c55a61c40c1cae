import type { OrderStatus } from "@obmen/contracts";
import { type Database, orders } from "@obmen/db";
import { ORDER_STATUSES } from "@obmen/domain";
import { sql } from "drizzle-orm";

/** The desk's groups, in the order it shows them: waiting for someone, being handled, closed. */
const GROUP: Record<OrderStatus, number> = {
  new: 0,
  paid: 0,
  processing: 1,
  hold: 1,
  error: 1,
  completed: 2,
  cancelled: 2,
  expired: 2,
  refunded: 2,
};

type QueueEntry = { id: string; status: OrderStatus; createdAt: Date };

/** Open orders oldest first (they have waited longest); closed ones newest first. */
function compare(a: QueueEntry, b: QueueEntry): number {
  const group = GROUP[a.status] - GROUP[b.status];
  if (group !== 0) return group;
  const age = a.createdAt.getTime() - b.createdAt.getTime();
  if (age !== 0) return GROUP[a.status] < 2 ? age : -age;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The ids of one page of the unfiltered queue (or of one status), in the desk's order, without
 * sorting the whole table: each status is read from `orders_status_created_idx` (status,
 * created_at) in its own direction, at most `offset + limit` rows, and the lists are merged.
 * The page's rows are among those, since each list holds its status's first rows in order.
 * A first page costs nine short index scans however many orders there are, sent as one
 * statement (`union all`): nine round trips per poll held nine pool connections at once, and
 * under eight operators' polls the pool, not the scans, was the wait (decision 038).
 */
export async function queuePageIds(options: {
  db: Database;
  status?: OrderStatus;
  offset: number;
  limit: number;
}): Promise<string[]> {
  const { db, offset, limit } = options;
  const statuses = options.status ? [options.status] : ORDER_STATUSES;
  const scans = statuses.map(
    (status) =>
      sql`(select ${orders.id} as id, ${orders.status} as status, ${orders.createdAt} as created_at
        from ${orders} where ${orders.status} = ${status}
        order by ${orders.createdAt} ${sql.raw(GROUP[status] < 2 ? "asc" : "desc")}, ${orders.id}
        limit ${offset + limit})`,
  );
  const result = await db.execute<{ id: string; status: OrderStatus; created_at: Date | string }>(
    sql.join(scans, sql` union all `),
  );
  return result.rows
    .map((row) => ({ id: row.id, status: row.status, createdAt: new Date(row.created_at) }))
    .sort(compare)
    .slice(offset, offset + limit)
    .map((entry) => entry.id);
}
