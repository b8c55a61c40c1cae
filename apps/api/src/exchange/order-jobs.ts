import type { Database } from "@obmen/db";
import { sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";
import { expireDueOrders, expireOrder } from "./expire-order.ts";
import type { OrderEffects } from "./order-effects.ts";

export const EXPIRE_ORDER_QUEUE = "order-expire";
/** A minutely sweep catches orders whose job was lost (e.g. created before jobs existed). */
export const EXPIRE_SWEEP_QUEUE = "order-expire-sweep";

export async function registerOrderJobs(options: {
  boss: PgBoss;
  db: Database;
  effects: OrderEffects;
  pollingIntervalSeconds?: number;
}) {
  const { boss, db, effects } = options;
  await boss.createQueue(EXPIRE_ORDER_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await boss.createQueue(EXPIRE_SWEEP_QUEUE);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work<{ orderId: string }>(EXPIRE_ORDER_QUEUE, polling, async (jobs) => {
    for (const job of jobs) await expireOrder({ db, effects, orderId: job.data.orderId });
  });
  await boss.work(EXPIRE_SWEEP_QUEUE, polling, async () => {
    await expireDueOrders({ db, effects });
  });
  await boss.schedule(EXPIRE_SWEEP_QUEUE, "* * * * *");
}

/** Enqueues the expiry of one order inside the caller's transaction. */
export async function enqueueOrderExpiry(options: {
  boss: PgBoss;
  tx: Parameters<typeof fromDrizzle>[0];
  orderId: string;
  expiresAt: Date;
}) {
  await options.boss.send(
    EXPIRE_ORDER_QUEUE,
    { orderId: options.orderId },
    {
      startAfter: options.expiresAt,
      singletonKey: options.orderId,
      db: fromDrizzle(options.tx, sql),
    },
  );
}
