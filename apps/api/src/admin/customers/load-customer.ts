import { type AdminCustomerDetail, AppError, ErrorCode } from "@obmen/contracts";
import { type Database, orders, userSessions, users } from "@obmen/db";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { customerView } from "./customer-view.ts";

/** One customer for the console: the account, their latest orders and live sessions. */
export async function loadCustomer(options: {
  db: Database;
  id: string;
}): Promise<AdminCustomerDetail> {
  const { db } = options;
  const [user] = await db.select().from(users).where(eq(users.id, options.id));
  if (!user) throw new AppError(ErrorCode.NOT_FOUND);
  const [orderRows, sessionRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(sql`lower(${orders.email}) = ${user.email}`)
      .orderBy(desc(orders.createdAt))
      .limit(100),
    db
      .select()
      .from(userSessions)
      .where(
        and(
          eq(userSessions.userId, user.id),
          isNull(userSessions.revokedAt),
          gt(userSessions.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(userSessions.lastSeenAt)),
  ]);
  return {
    customer: customerView(user),
    orders: orderRows.map((order) => ({
      exchange_uuid: order.id,
      exchange_status: order.status,
      send_amount: order.sendAmount,
      receive_amount: order.receiveAmount,
      created_at: order.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
      ip: session.ip,
    })),
  };
}
