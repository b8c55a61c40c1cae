import type { AdminCustomer } from "@obmen/contracts";
import { type Database, orders, users } from "@obmen/db";
import { asc, eq, ilike, sql } from "drizzle-orm";
import { customerView } from "./customer-view.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Customers by a part of their e-mail, or by an order's whole number (the account whose
 * e-mail the order carries): at most 50, by e-mail.
 */
export async function findCustomers(options: {
  db: Database;
  q: string;
}): Promise<AdminCustomer[]> {
  const { db, q } = options;
  if (UUID.test(q)) {
    const rows = await db
      .select({ user: users })
      .from(orders)
      .innerJoin(users, sql`${users.email} = lower(${orders.email})`)
      .where(eq(orders.id, q.toLowerCase()));
    return rows.map((row) => customerView(row.user));
  }
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(users)
    .where(ilike(users.email, pattern))
    .orderBy(asc(users.email))
    .limit(50);
  return rows.map(customerView);
}
